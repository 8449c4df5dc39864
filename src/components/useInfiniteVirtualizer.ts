/**
 * TanStack Virtual's infinite-scroll pattern, shared by the virtualized lists: `count = rows + 1` while more
 * pages remain (the extra one is the loader row), and the next page is fetched when the last item in view
 * reaches the end of the loaded rows, unless that page just failed (its loader row then offers a retry).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';

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
}

export function useInfiniteVirtualizer({
  scrollRef,
  loaded,
  rowHeight,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  nextPageError,
}: Options) {
  const virtualizer = useVirtualizer({
    count: loaded + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (lastIndex >= loaded - 1 && hasNextPage && !isFetchingNextPage && !nextPageError) fetchNextPage();
  }, [lastIndex, loaded, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError]);

  return { virtualizer, items };
}
