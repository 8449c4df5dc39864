/**
 * One loaded row of a VirtualTable, memoized: the table re-renders on every change of the rows in view (scrolling,
 * the virtualizer's first measure of its scroll area, a page arriving), and only rows whose own props changed render
 * again. Its props are plain values and callbacks the table keeps stable; the position is applied here.
 * A click opens the row, except on the row's controls (boxes, labels) and on links other than its own `RowLink`.
 */
import { memo, type MouseEvent, type ReactNode } from 'react';
import type { Parsed } from '../api/parse';
import type { Column } from './VirtualTable';

export interface RowPlacement {
  id: string;
  index: number;
  start: number;
  size: number;
}

interface Props<T> extends RowPlacement {
  row: Parsed<T>;
  columns: Column<T>[];
  active: boolean;
  /** aria-selected: the selection's state, or whether the row is the active one when nothing can be selected. */
  selected: boolean;
  /** A record that could not be read: what its row says instead of its cells. */
  invalid: ReactNode;
  onClick: (index: number, row: Parsed<T>, event: MouseEvent<HTMLElement>) => void;
}

/**
 * Position of a row at `start`. Its columns come from the table's `--vtable-columns` (set once on the grid, read by
 * the CSS): a style of its own per row made the browser parse the same long template once a row.
 */
export function rowStyle({ start, size }: Pick<RowPlacement, 'start' | 'size'>) {
  return { height: size, transform: `translateY(${start}px)` };
}

function DataRow<T>({ id, index, start, size, row, columns, active, selected, invalid, onClick }: Props<T>) {
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`vtable__row${active ? ' is-active' : ''}${row.ok ? '' : ' vtable__row--invalid'}`}
      style={rowStyle({ start, size })}
      onClick={(event) => onClick(index, row, event)}
    >
      {row.ok ? (
        columns.map((c) => (
          <div
            role="gridcell"
            key={c.id}
            className={`vtable__cell vtable__cell--${c.id}`}
            data-row-actions={c.actions ? '' : undefined}
          >
            {c.render(row.data)}
          </div>
        ))
      ) : (
        <div role="gridcell" className="vtable__cell vtable__invalid" style={{ gridColumn: '1 / -1' }}>
          {invalid}
        </div>
      )}
    </div>
  );
}

// memo() loses the type parameter; the cast gives it back (the props are the same).
export const VirtualTableRow = memo(DataRow) as typeof DataRow;

/**
 * The link to a row's own page, in one of its cells: a plain anchor (middle-click, copy link, open in a new tab
 * work as for any link) whose plain click the table turns into opening the row in the app. Lighter than a router
 * Link, of which a list would render one per row.
 */
export function RowLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} tabIndex={-1} data-row-link="">
      {children}
    </a>
  );
}

/** Whether a click on a row opens it: not on its controls, and on a link only on a plain click of its RowLink. */
export function clickOpensRow(
  target: HTMLElement,
  event: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
) {
  if (target.closest('input, label, button')) return false;
  const link = target.closest('a');
  if (!link) return true;
  const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
  return plain && link.hasAttribute('data-row-link');
}
