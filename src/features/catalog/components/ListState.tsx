/**
 * Loading / error / empty / "load more" around a small catalog list (an infinite query of pages of 100).
 * The list itself is a plain table: catalog lists are short, so every row is in the DOM and reachable by Tab.
 */
import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { isUnavailable, type ListPage } from '../../../api/client';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonRows } from '../../../components/Skeleton';
import { Unavailable } from '../../../components/Unavailable';

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>, unknown>, Error>;
  /** "studios" */
  what: string;
  /** The extension the list reads, for the "unavailable" notice. */
  route: string;
  empty: ReactNode;
  children: ReactNode;
}

export function ListState<T>({ query, what, route, empty, children }: Props<T>) {
  if (query.isPending) return <SkeletonRows rows={5} label={`Loading ${what}`} />;
  if (query.isError && !query.data) {
    if (isUnavailable(query.error)) {
      return (
        <Unavailable what={`The list of ${what}`}>This deployment does not offer {route} (an extension).</Unavailable>
      );
    }
    return <ErrorPanel error={query.error} title={`Could not load ${what}`} onRetry={() => void query.refetch()} />;
  }
  const count = query.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;
  const bad = query.data?.pages.reduce((n, p) => n + p.items.filter((i) => !i.ok).length, 0) ?? 0;
  if (count === 0)
    return (
      <div className="table-empty">
        <div className="empty">{empty}</div>
      </div>
    );
  return (
    <>
      {bad > 0 ? (
        <p className="notice notice--warning" role="status">
          {bad === 1 ? 'One record' : `${bad} records`} could not be read and {bad === 1 ? 'is' : 'are'} not shown.
        </p>
      ) : null}
      {children}
      {query.isFetchNextPageError ? (
        <ErrorPanel
          compact
          error={query.error}
          title={`Could not load more ${what}`}
          onRetry={() => void query.fetchNextPage()}
        />
      ) : null}
      {query.hasNextPage ? (
        <div className="catalog__more">
          <button
            type="button"
            className="button"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading…' : `Load more ${what}`}
          </button>
        </div>
      ) : null}
    </>
  );
}
