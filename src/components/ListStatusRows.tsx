/**
 * The two rows of a virtualized list that are not records (VirtualTable, the inbox's InboxList): a placeholder for
 * a row whose page is still loading (skeletons, aria-busy) or failed (its message, with a retry), and the loader
 * row after the loaded rows of a list scrolled page after page. One markup for both lists; each list gives its
 * classes (`row`, `cell`: the grid's own row and full-width cell classes) and its row's placement (`style`).
 */
import type { CSSProperties, ReactNode } from 'react';
// Its styles (listStatusRows.css) load with the app's first stylesheet (main.tsx).

interface Placement {
  /** The list's row and full-width cell classes: `vtable__row`, `vtable__cell`. */
  classes: { row: string; cell: string };
  /** 0-based position in the list. */
  index: number;
  style: CSSProperties;
}

/** A full-width cell (over every column of a CSS grid row). */
const FULL_ROW: CSSProperties = { gridColumn: '1 / -1' };

export function PlaceholderRow({
  classes,
  index,
  style,
  id,
  active,
  failure,
  square = false,
}: Placement & {
  id: string;
  active: boolean;
  /** The page failed: what the row says instead of skeletons. */
  failure?: ReactNode;
  /** A square skeleton first, where the list's rows start with a thumbnail. */
  square?: boolean;
}) {
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={index + 2}
      aria-busy={failure ? undefined : true}
      className={`${classes.row} ${classes.row}--placeholder${active ? ' is-active' : ''}`}
      style={style}
    >
      <div role="gridcell" className={`${classes.cell} list-placeholder`} style={FULL_ROW}>
        {failure ?? (
          <>
            {square ? <span className="skeleton skeleton--square" aria-hidden="true" /> : null}
            <span className="skeleton" style={{ width: `${30 + ((index * 13) % 25)}%` }} aria-hidden="true" />
            <span className="skeleton" style={{ width: '12%' }} aria-hidden="true" />
          </>
        )}
      </div>
    </div>
  );
}

/** The row after the loaded rows: "Loading more…" while a next page remains, or the last fetch's error. */
export function LoaderRow({
  classes,
  index,
  style,
  error,
  more,
}: Placement & { error: ReactNode; /** A next page is on its way or remains. */ more: boolean }) {
  return (
    <div role="row" aria-rowindex={index + 2} className={`${classes.row} ${classes.row}--loader`} style={style}>
      <div role="gridcell" className={`${classes.cell} list-loader`} style={FULL_ROW}>
        {error ?? (more ? 'Loading more…' : null)}
      </div>
    </div>
  );
}
