/**
 * A list query whose rows can be reached anywhere (docs/decisions/100-sparse-lists-any-row.md; the pure rules are
 * sparsePages.ts). The list's infinite query stays what it was (its first page gives the total; plain scrolling grows
 * it page after page, and prefetches, invalidations and the parts that read "the loaded rows" keep working on it). When
 * the total is known, the table lays out every row and reports which rows are in view; a page in view that the infinite
 * query does not hold is one query of its own, keyed `[...listKey, 'page', index]`, so it is cached, deduplicated while
 * in flight and invalidated with the list (`invalidateQueries` on a list key is a prefix match).
 *
 * Pages in view are observed at once (a cached page shows at once) but fetched only once the view has held still
 * for SETTLE_MS: a drag through 100,000 rows asks only for where it stops. A jump the user asked for by position
 * (`jumpTo`: a key, "Go to row") lands where it was aimed, so the pages there are fetched as soon as they are in view. Page queries never go stale by time
 * (staleTime Infinity): a page is fetched again only when the list is invalidated, never for being scrolled back to.
 */
import {
  useInfiniteQuery,
  useQueries,
  useQueryClient,
  type InfiniteData,
  type QueryFunction,
  type QueryKey,
  type SkipToken,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ListPage } from '../api/client';
import type { Parsed } from '../api/parse';
import { rowsOf } from './pages';
import { jumpLanded, pagesInRange, pagesToFetch, sparseLayout, type Jump, type PageStatus } from './sparsePages';
import { useChanged } from './useChanged';

/** How long the view must hold still before the pages in it are fetched. */
export const SETTLE_MS = 120;

/** Rows anywhere in a list of known total: what VirtualTable reads. */
export interface SparseRows<T> {
  total: number;
  /** The row at `index`, or undefined while its page is not loaded. */
  rowAt: (index: number) => Parsed<T> | undefined;
  /** The page holding `index` failed: its retry. */
  failureAt: (index: number) => { error: unknown; retry: () => void } | undefined;
  /** The table's rows in view (0-based, inclusive, with overscan) changed. */
  show: (first: number, last: number) => void;
  /** The view is about to move to row `index` at the user's asking: fetch the pages there once in view, unsettled. */
  jumpTo: (index: number) => void;
}

export interface ListQueryOptions<T, K extends QueryKey> {
  queryKey: K;
  queryFn?: QueryFunction<ListPage<T>, K, number> | SkipToken;
}

export type SparseListResult<T> = UseInfiniteQueryResult<InfiniteData<ListPage<T>, unknown>> & {
  /** Undefined while the total is unknown (no Content-Range, or `/*`) or the list has one page: scroll as before. */
  sparse: SparseRows<T> | undefined;
};

const samePages = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((p, i) => p === b[i]);

/** `useInfiniteQuery(options)` plus rows anywhere: use it where a list is shown in a VirtualTable. */
export function useSparseList<T, K extends QueryKey>(
  options: UseInfiniteQueryOptions<ListPage<T>, Error, InfiniteData<ListPage<T>, unknown>, K, number>,
): SparseListResult<T> {
  const query = useInfiniteQuery(options);
  const sparse = useSparsePages(options, query);
  return { ...query, sparse };
}

function useSparsePages<T, K extends QueryKey>(
  { queryKey, queryFn }: ListQueryOptions<T, K>,
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>, unknown>>,
): SparseRows<T> | undefined {
  const client = useQueryClient();
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const nextError = isFetchNextPageError ? query.error : null;
  const layout = sparseLayout(data?.pages);
  const total = layout?.total;
  const size = layout?.size ?? 0;
  const contiguous = useMemo(() => rowsOf(data), [data]);
  const on = layout !== undefined && typeof queryFn === 'function';

  // Pages in view now, and the pages in view once it held still (fetched); both start over with a new list.
  const [visible, setVisible] = useState<number[]>([]);
  const [settled, setSettled] = useState<number[]>([]);
  const jump = useRef<Jump | undefined>(undefined);
  if (useChanged(JSON.stringify(queryKey))) {
    setVisible([]);
    setSettled([]);
  }
  useEffect(() => {
    if (samePages(visible, settled)) return;
    const timer = setTimeout(() => setSettled(visible), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [visible, settled]);

  const pageKey = useCallback((page: number): QueryKey => [...queryKey, 'page', page], [queryKey]);
  const frontier = size ? Math.floor(contiguous.length / size) : 0;
  const observed = useMemo(() => [...new Set([...visible, ...settled])], [visible, settled]);
  const pages = useQueries({
    queries: observed.map((page) => ({
      queryKey: pageKey(page),
      queryFn: ({ client: c, signal, meta }: { client: typeof client; signal: AbortSignal; meta: unknown }) => {
        if (typeof queryFn !== 'function' || !size) throw new Error('a page of a list without pages');
        return queryFn({
          client: c,
          queryKey,
          signal,
          meta: meta as Record<string, unknown> | undefined,
          pageParam: page * size,
          direction: 'forward',
        });
      },
      // The infinite query's own pages (and the one after them, its next) are not asked here; a cached copy still
      // shows, since a disabled query answers from the cache.
      enabled: on && page > frontier && settled.includes(page),
      staleTime: Infinity,
    })),
  });
  const byPage = useMemo(() => new Map(observed.map((page, i) => [page, pages[i]] as const)), [observed, pages]);

  const status = useCallback(
    (page: number): PageStatus => {
      const state = client.getQueryState(pageKey(page));
      if (!state) return 'absent';
      if (state.data !== undefined) return 'loaded';
      if (state.fetchStatus === 'fetching') return 'loading';
      return state.status === 'error' ? 'failed' : 'absent';
    },
    [client, pageKey],
  );

  // Plain scrolling: the page right after the infinite query's rows comes from fetchNextPage, as before, at once.
  useEffect(() => {
    if (!on || isFetchNextPageError) return;
    const { next } = pagesToFetch(visible, {
      contiguous: contiguous.length,
      size,
      hasNext: hasNextPage,
      fetchingNext: isFetchingNextPage,
      status,
    });
    // cancelRefetch false: a call while that page is on its way is ignored, never a second request for it.
    if (next) void fetchNextPage({ cancelRefetch: false });
  }, [
    on,
    visible,
    contiguous.length,
    size,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    status,
    fetchNextPage,
  ]);

  const show = useCallback(
    (first: number, last: number) => {
      if (total === undefined || !size) return;
      const next = pagesInRange(first, last, size, total);
      setVisible((current) => (samePages(current, next) ? current : next));
      if (jumpLanded(jump.current, next, performance.now())) {
        jump.current = undefined;
        setSettled((current) => (samePages(current, next) ? current : next));
      }
    },
    [total, size],
  );
  const jumpTo = useCallback(
    (index: number) => {
      if (size) jump.current = { page: Math.floor(index / size), at: performance.now() };
    },
    [size],
  );

  return useMemo(() => {
    if (!on || total === undefined) return undefined;
    const pageAt = (index: number) => byPage.get(Math.floor(index / size));
    return {
      total,
      show,
      jumpTo,
      rowAt: (index) => {
        if (index < contiguous.length) return contiguous[index];
        const page = pageAt(index)?.data;
        return page?.items[index - page.offset];
      },
      failureAt: (index) => {
        if (index < contiguous.length) return undefined;
        const page = pageAt(index);
        if (page?.isError) return { error: page.error, retry: () => void page.refetch() };
        // The infinite query's next page (plain scrolling) failed: its rows say so, with its retry.
        if (nextError !== null && Math.floor(index / size) === frontier && !page?.data) {
          return { error: nextError, retry: () => void fetchNextPage({ cancelRefetch: false }) };
        }
        return undefined;
      },
    };
  }, [on, total, size, show, jumpTo, contiguous, byPage, nextError, frontier, fetchNextPage]);
}
