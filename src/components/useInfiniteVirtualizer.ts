/**
 * The virtualized lists' rows (VirtualTable, the inbox): every row has one height, so the rows in view are a division
 * of the scroll position (lib/rowWindow.ts), whatever the count — TanStack Virtual, used here before, laid out each of
 * a 100,000-row list's rows and read the scroll area's size with a forced layout when the list mounted (~30 ms of a
 * cold list's main thread). The editor's lines, whose heights differ, keep TanStack Virtual (LineGrid.tsx).
 *
 * Infinite scroll: `count = rows + 1` while more pages remain (the extra one is the loader row), and the next page is
 * fetched when the last row in view reaches the end of the loaded rows, unless that page just failed (its loader row
 * then offers a retry). With `fixedCount` (a list whose total is known: lib/useSparseList.ts) every row is laid out
 * from the start, there is no loader row and nothing is fetched here: `onRange` tells the caller which rows are in
 * view, and it fetches.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { rowRange, scrollTopFor, type RowAlign } from '../lib/rowWindow';

/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 8;

export interface VirtualRow {
  index: number;
  /** Top of the row in the list's body, px. */
  start: number;
  size: number;
}

interface Options {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Rows loaded so far. */
  loaded: number;
  rowHeight: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Set while the last page fetch has failed: no automatic retry then. */
  nextPageError: unknown;
  /** Rows to lay out when the total is known (loaded or not); no loader row then. */
  fixedCount?: number;
  /** The rows in view (0-based, inclusive, with overscan), each time they change. */
  onRange?: (first: number, last: number) => void;
}

/**
 * The scroll area's position and height, renewed when they change which rows are in view (nothing else of them
 * changes what is drawn). Until the area's first resize observation (after the browser's own first layout of it) its
 * height is taken to be the window's: the first frame draws a few rows more than fit, and mounting forces no layout
 * (reading the area's height as it mounted laid the whole page out once more: 35-40 ms of a profiled cold list).
 */
function useScrollView(scrollRef: RefObject<HTMLDivElement | null>, rowHeight: number) {
  const [view, setView] = useState(() => ({ top: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight }));
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const rowsOf = (top: number, height: number) =>
      `${Math.floor(top / rowHeight)}:${Math.ceil((top + height) / rowHeight)}`;
    const update = () => {
      const top = el.scrollTop;
      const height = el.clientHeight;
      setView((v) => (rowsOf(v.top, v.height) === rowsOf(top, height) ? v : { top, height }));
    };
    // In step with the scroll (as the browser paints it), not a task later: no frame of missing rows.
    const onScroll = () => flushSync(update);
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
  }, [scrollRef, rowHeight]);
  return view;
}

export function useInfiniteVirtualizer({
  scrollRef,
  loaded,
  rowHeight,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  nextPageError,
  fixedCount,
  onRange,
}: Options) {
  const fixed = fixedCount !== undefined;
  const count = fixed ? fixedCount : loaded + (hasNextPage ? 1 : 0);
  // The first frame with rows draws only those in view; the rows just outside them (for smooth scrolling) follow a
  // frame later.
  const [overscan, setOverscan] = useState(0);
  const hasRows = count > 0;
  useEffect(() => {
    if (overscan === OVERSCAN || !hasRows) return;
    const frame = requestAnimationFrame(() => setOverscan(OVERSCAN));
    return () => cancelAnimationFrame(frame);
  }, [overscan, hasRows]);

  const view = useScrollView(scrollRef, rowHeight);
  const { first, last } = rowRange(view.top, view.height, rowHeight, count, overscan);
  const items = useMemo(() => {
    const rows: VirtualRow[] = [];
    for (let index = first; index <= last; index++) rows.push({ index, start: index * rowHeight, size: rowHeight });
    return rows;
  }, [first, last, rowHeight]);
  const firstIndex = items.length > 0 ? first : -1;
  const lastIndex = items.length > 0 ? last : -1;

  const layout = useRef({ count, rowHeight });
  useLayoutEffect(() => {
    layout.current = { count, rowHeight };
  }, [count, rowHeight]);
  /** Scrolls row `index` into view (`auto`: only when it is not wholly in view). */
  const scrollToIndex = useCallback(
    (index: number, { align = 'auto' }: { align?: RowAlign } = {}) => {
      const el = scrollRef.current;
      if (!el) return;
      const { count: rows, rowHeight: height } = layout.current;
      const view = { top: el.scrollTop, height: el.clientHeight, maxTop: el.scrollHeight - el.clientHeight };
      const top = scrollTopFor(index, align, view, height, rows);
      if (top !== undefined) el.scrollTop = top;
    },
    [scrollRef],
  );

  useEffect(() => {
    if (fixed) return;
    if (lastIndex >= loaded - 1 && hasNextPage && !isFetchingNextPage && !nextPageError) fetchNextPage();
  }, [fixed, lastIndex, loaded, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError]);

  useEffect(() => {
    if (onRange && lastIndex >= 0) onRange(firstIndex, lastIndex);
  }, [onRange, firstIndex, lastIndex]);

  return { items, totalSize: count * rowHeight, scrollToIndex };
}
