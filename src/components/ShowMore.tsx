/**
 * The button under a short list read page by page (a request's comments, an asset's previews and files): its next
 * page, with how many are left when the server says the total, and a retry when that page failed. Nothing once
 * every page is here.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../api/client';
import { formatCount } from '../lib/format';
import { rowsOf, totalOf } from '../lib/pages';

interface PagedQuery<T> {
  data: InfiniteData<ListPage<T>, unknown> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMore<T>({ query, noun }: { query: PagedQuery<T>; noun: string }) {
  if (!query.hasNextPage) return null;
  const total = totalOf(query.data);
  const left = total !== undefined ? total - rowsOf(query.data).length : 0;
  const label = query.isFetchingNextPage
    ? `Loading more ${noun}…`
    : query.isFetchNextPageError
      ? `Try again to load more ${noun}`
      : `Show more ${noun}${left > 0 ? ` (${formatCount(left)} more)` : ''}`;
  return (
    <p className="show-more">
      {query.isFetchNextPageError ? (
        <span className="inline-error" role="alert">
          Could not load more {noun}.{' '}
        </span>
      ) : null}
      {/* aria-disabled, not disabled, while loading: a disabled button would drop the keyboard focus to the page. */}
      <button
        type="button"
        className="link-button"
        aria-disabled={query.isFetchingNextPage || undefined}
        onClick={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      >
        {label}
      </button>
    </p>
  );
}
