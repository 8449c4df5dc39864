/**
 * Any row of a long list (docs/decisions/100-sparse-lists-any-row.md), the pure part: a list whose total is known
 * (`Content-Range`) is laid out as `total` rows from the first answer, held as sparse pages (page index -> rows), and
 * only the pages a visible range needs are fetched. useSparseList.ts is the React side (react-query queries, the
 * debounce).
 *
 * Two sources fill the rows: the list's infinite query (page 0 and the pages plain scrolling reaches one after
 * another, as before: the rows other parts read, such as the bulk selection's "loaded rows") and one query per page
 * for the pages a jump lands on. A page is never asked of both: the infinite query takes only the page right
 * after its own rows, and only while no page query holds it.
 */
import { formatCount } from './format';

/** Chromium's tallest scroll area is ~33.5M px and Firefox's ~17.9M: the row space is kept under this. */
export const MAX_SCROLL_PX = 15_000_000;

/**
 * The page size the server actually uses, from the list's first page: the rows it answered when more remain (a
 * server may clamp the range asked for). Undefined when the first page is also the last (nothing to page through).
 */
export function pageSizeOf(first: { offset: number; items: readonly unknown[]; nextOffset?: number } | undefined) {
  if (!first || first.nextOffset === undefined || first.items.length === 0) return undefined;
  return first.items.length;
}

/**
 * Whether a list's rows can be laid out before they load, from its infinite query's pages: its total and page size
 * when the total is known (`Content-Range: resources 0-49/100000`) and there is more than one page; undefined when
 * the server does not say (no header, or `/*`: a real deployment may not count) or everything is loaded; the list
 * then scrolls page after page as before.
 */
export function sparseLayout(
  pages: readonly { offset: number; items: readonly unknown[]; total?: number; nextOffset?: number }[] | undefined,
): { total: number; size: number } | undefined {
  const first = pages?.[0];
  const total = pages?.[pages.length - 1]?.total ?? first?.total;
  const size = pageSizeOf(first);
  return total !== undefined && size !== undefined ? { total, size } : undefined;
}

/**
 * How many rows the scroll area lays out: all of `total`, unless that many rows of `rowHeight` would exceed what a
 * browser can scroll; then as many as fit (the rest are reached with filters; the table says so).
 */
export function rowSpace(total: number, rowHeight: number, maxPx = MAX_SCROLL_PX): number {
  return Math.min(total, Math.floor(maxPx / rowHeight));
}

/** The page indexes rows `first`..`last` (inclusive, clamped to the total) fall on. */
export function pagesInRange(first: number, last: number, size: number, total: number): number[] {
  if (total <= 0 || size <= 0 || last < first) return [];
  const from = Math.floor(Math.max(0, first) / size);
  const to = Math.floor(Math.min(last, total - 1) / size);
  const out: number[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
}

/** What is known about one page of rows beyond the infinite query's. */
export type PageStatus = 'absent' | 'loading' | 'loaded' | 'failed';

export interface Sources {
  /** Rows the infinite query holds, from row 0 on without gaps. */
  contiguous: number;
  size: number;
  /** The infinite query has more rows after `contiguous`. */
  hasNext: boolean;
  /** The infinite query is fetching its next page (the one starting at `contiguous`). */
  fetchingNext: boolean;
  /** The status of a page query (cached or in flight). */
  status: (page: number) => PageStatus;
}

/**
 * Who fetches the pages a range needs: `next` when the page holding row `contiguous` is needed and no page query
 * holds it (plain scrolling: the infinite query's fetchNextPage, as before), and `pages`, the page queries to
 * start. Pages held (by the infinite query, cached, in flight, or failed: a failed page waits for its retry) are
 * never asked again.
 */
export function pagesToFetch(needed: readonly number[], s: Sources): { next: boolean; pages: number[] } {
  const frontier = Math.floor(s.contiguous / s.size);
  let next = false;
  const pages: number[] = [];
  for (const page of needed) {
    if (page < frontier || s.status(page) !== 'absent') continue;
    if (page === frontier) next = s.hasNext;
    else pages.push(page);
  }
  return { next: next && !s.fetchingNext, pages };
}

/** How long a jump waits to land (the virtualizer reports the rows in view after it scrolled: a frame or two). */
export const JUMP_LANDS_MS = 1000;

/**
 * A move to a known row that the user asked for (a key in the grid, "Go to row"): where it lands is where the user
 * wants to be, so the pages in view there are fetched at once rather than after the view held still (a drag's or a
 * wheel's stops are not known in advance; those still settle first).
 */
export interface Jump {
  page: number;
  /** performance.now() when it was asked for. */
  at: number;
}

/** Whether the pages now in view are where `jump` lands: they include its page, and it was asked for just now. */
export function jumpLanded(jump: Jump | undefined, visible: readonly number[], now: number): boolean {
  return jump !== undefined && now - jump.at <= JUMP_LANDS_MS && visible.includes(jump.page);
}

/** The words a screen reader hears while rows `first`..`last` (0-based, inclusive) load: "Loading rows 50,001–50,050". */
export function loadingWords(first: number, last: number): string {
  return first === last
    ? `Loading row ${formatCount(first + 1)}`
    : `Loading rows ${formatCount(first + 1)}–${formatCount(last + 1)}`;
}

/**
 * The "Go to row" input read as a 0-based row index, or the message saying what is wrong with it: a whole number
 * from 1 to the total.
 */
export function parseRowNumber(text: string, total: number): { index: number } | { error: string } {
  const range = `Enter a row number from 1 to ${formatCount(total)}.`;
  const trimmed = text.trim().replace(/[,\s_]/g, '');
  if (!/^\d+$/.test(trimmed)) return { error: range };
  const n = Number(trimmed);
  if (n < 1 || n > total) return { error: `There is no row ${formatCount(n)}. ${range}` };
  return { index: n - 1 };
}
