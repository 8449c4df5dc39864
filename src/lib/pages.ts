/** Reading the pages of an infinite list query (pages of `ListPage`): the records, the total, the count line. */
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../api/client';
import type { Parsed } from '../api/parse';
import { formatCount, plural } from './format';

type Pages<T> = InfiniteData<ListPage<T>, unknown> | undefined;

/** Every item loaded so far, readable or not, in order. */
export function rowsOf<T>(data: Pages<T>): Parsed<T>[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}

/** The total from Content-Range (the latest page's, else the first's); undefined when the server does not say. */
export function totalOf<T>(data: Pages<T>): number | undefined {
  return data?.pages[data.pages.length - 1]?.total ?? data?.pages[0]?.total;
}

/**
 * The count line of a list page: "1,234 work requests" when the total is known, else "50+ loaded"
 * (the `+` while more pages remain).
 */
export function countLine<T>(data: Pages<T>, hasNextPage: boolean, one: string, many?: string): string {
  const total = totalOf(data);
  if (total !== undefined) return plural(total, one, many);
  const loaded = data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;
  return `${formatCount(loaded)}${hasNextPage ? '+' : ''} loaded`;
}
