/**
 * A notification arriving live goes on top of an open inbox list (docs/decisions/100-sparse-lists-any-row.md: the list
 * keeps row positions the server's). The list's pages are windows of the server's list by position (`offset`, page
 * size), and the sparse pages of a jump (lib/useSparseList.ts) are found by position too, so an arrival moves every row
 * down one instead of growing the first page: each window takes the row before it and gives its last row to the next.
 * No React; queries.ts applies these to the cache.
 */
import type { ListPage } from '../../../api/client';
import type { Parsed } from '../../../api/parse';

const plusOne = (total: number | undefined) => (total === undefined ? undefined : total + 1);

/**
 * The infinite query's pages with `item` on top: every row one place down, each page keeping its window (its
 * offset and size). The last loaded page gives its last row back when more pages follow (the next page, fetched
 * from its unchanged `nextOffset`, starts with it); the final page of the list grows by one. Every page's total
 * grows by one (the total is read from the last page).
 */
export function pagesWithArrival<T>(pages: readonly ListPage<T>[], item: Parsed<T>): ListPage<T>[] {
  let carry: Parsed<T> | undefined = item;
  return pages.map((page) => {
    const items = carry ? [carry, ...page.items] : [...page.items];
    carry = page.nextOffset !== undefined ? items.pop() : undefined;
    return { ...page, items, total: plusOne(page.total) };
  });
}

/**
 * A page of a jump after an arrival: its rows are one place further down, so it now starts one row later (its first
 * row, the previous page's last, is not known here: a placeholder until the page is fetched again) and its last row
 * belongs to the next page.
 */
export function pageAfterArrival<T>(page: ListPage<T>): ListPage<T> {
  const items = page.nextOffset !== undefined ? page.items.slice(0, -1) : page.items;
  return { ...page, offset: page.offset + 1, items, total: plusOne(page.total) };
}
