/**
 * TanStack Virtual's infinite-scroll pattern, shared by the virtualized lists: `count = rows + 1` while more
 * pages remain (the extra one is the loader row), and the next page is fetched when the last item in view
 * reaches the end of the loaded rows, unless that page just failed (its loader row then offers a retry).
 *
 * With `fixedCount` (a list whose total is known: lib/useSparseList.ts) every row is laid out from the start, there
 * is no loader row and nothing is fetched here: `onRange` tells the caller which rows are in view, and it fetches.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState, type RefObject } from 'react';

/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 8;

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
  // frame later. The virtualizer knows its scroll area's size only from its first measure (a layout effect), so
  // that frame is drawn from a render of the rows the measure found in view.
  const [overscan, setOverscan] = useState(0);
  const hasRows = count > 0;
  useEffect(() => {
    if (overscan === OVERSCAN || !hasRows) return;
    const frame = requestAnimationFrame(() => setOverscan(OVERSCAN));
    return () => cancelAnimationFrame(frame);
  }, [overscan, hasRows]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items.length > 0 ? items[0]!.index : -1;
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (fixed) return;
    if (lastIndex >= loaded - 1 && hasNextPage && !isFetchingNextPage && !nextPageError) fetchNextPage();
  }, [fixed, lastIndex, loaded, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError]);

  useEffect(() => {
    if (onRange && lastIndex >= 0) onRange(firstIndex, lastIndex);
  }, [onRange, firstIndex, lastIndex]);

  return { virtualizer, items };
}
