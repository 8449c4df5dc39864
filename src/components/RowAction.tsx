/**
 * A small action on a list row ("Edit", "Archive", "Glossary") whose accessible name also names the row: "Edit
 * Studio A". In a VirtualTable (`inGrid`, the cell of an `actions` column) it is not a tab stop: the grid is one,
 * and ArrowRight from the active row reaches it; in a plain table it is an ordinary button.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  label: string;
  /** The row's name, read after the label by assistive tech. */
  name: ReactNode;
  inGrid?: boolean;
}

export function RowAction({ label, name, onClick, inGrid = false }: Props & { onClick: () => void }) {
  return (
    <button type="button" className="button button--small" tabIndex={inGrid ? -1 : undefined} onClick={onClick}>
      {label}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

/** The same as a link to another page ("Glossary of Studio A"). */
export function RowActionLink({ label, name, to, inGrid = false }: Props & { to: string }) {
  return (
    <Link to={to} className="button button--small" tabIndex={inGrid ? -1 : undefined}>
      {label}
      <span className="visually-hidden"> {name}</span>
    </Link>
  );
}
