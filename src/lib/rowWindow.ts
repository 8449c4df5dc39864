/**
 * The arithmetic of a list whose rows all have one height (the virtualized tables and the inbox): which rows a view
 * shows, and where the view scrolls to bring a row into it. With one height both are a division, whatever the count:
 * nothing is kept per row (a list of 100,000 rows laid out row by row cost ~25 ms of main thread at its first page).
 */

export type RowAlign = 'auto' | 'start' | 'center' | 'end';

export interface RowRange {
  /** First and last row drawn (0-based, inclusive); last < first when there is none. */
  first: number;
  last: number;
}

/** The rows in a view of `height` px scrolled to `top`, with `overscan` more at each edge; none before it has a height. */
export function rowRange(top: number, height: number, rowHeight: number, count: number, overscan: number): RowRange {
  if (count <= 0 || rowHeight <= 0 || height <= 0) return { first: 0, last: -1 };
  const firstInView = Math.min(count - 1, Math.max(0, Math.floor(top / rowHeight)));
  const lastInView = Math.min(count - 1, Math.max(firstInView, Math.ceil((top + height) / rowHeight) - 1));
  return { first: Math.max(0, firstInView - overscan), last: Math.min(count - 1, lastInView + overscan) };
}

/**
 * Where to scroll a view (`top`, `height`, scrolling up to `maxTop`) so row `index` is in it: `start` puts it at the
 * top, `end` at the bottom, `center` in the middle; `auto` moves only when the row is not wholly in view (to the
 * nearer edge). Undefined: stay. Rows are placed from the top of the scrolled content, the table's sticky header
 * aside: `start` leaves a row just under that header (as TanStack Virtual, which the tables used before, did).
 */
export function scrollTopFor(
  index: number,
  align: RowAlign,
  view: { top: number; height: number; maxTop: number },
  rowHeight: number,
  count: number,
): number | undefined {
  if (count <= 0) return undefined;
  const row = Math.max(0, Math.min(index, count - 1));
  const start = row * rowHeight;
  const end = start + rowHeight;
  let to: number;
  let where = align;
  if (where === 'auto') {
    if (end >= view.top + view.height) where = 'end';
    else if (start <= view.top) where = 'start';
    else return undefined;
  }
  if (where === 'center') to = start + (rowHeight - view.height) / 2;
  // The last row at the bottom: the very end of the content (what lies under its rows, if anything, with it).
  else if (where === 'end' && row === count - 1) to = view.maxTop;
  else if (where === 'end') to = end - view.height;
  else to = start;
  const clamped = Math.max(0, Math.min(view.maxTop, to));
  return clamped === view.top ? undefined : clamped;
}
