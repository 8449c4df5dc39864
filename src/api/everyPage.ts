/** Every page of a list, good items only, up to `cap` items (for small lists read whole: a catalog, a glossary). */
import type { ListPage } from './client';

/** The most records a whole list holds: a list with more is cut there (its pickers then search the server). */
export const WHOLE_LIST_CAP = 2000;

/** Pages read so far and the offset each was asked at (an infinite query's `pages` and `pageParams`). */
export interface HeldPages<T> {
  pages: ListPage<T>[];
  pageParams: number[];
}

/** The good items of `pages`, at most `cap`. */
export function goodItems<T>(pages: readonly ListPage<T>[], cap = WHOLE_LIST_CAP): T[] {
  const out: T[] = [];
  for (const page of pages) for (const item of page.items) if (item.ok && out.length < cap) out.push(item.data);
  return out;
}

/**
 * The pages after `held` (none by default: from the first), read until the list's last page or `cap` good items in
 * all; the held pages first, as they were.
 */
export async function readOn<T>(
  load: (offset: number) => Promise<ListPage<T>>,
  held: HeldPages<T> = { pages: [], pageParams: [] },
  cap = WHOLE_LIST_CAP,
): Promise<HeldPages<T>> {
  const pages = [...held.pages];
  const pageParams = [...held.pageParams];
  let good = goodItems(pages, cap).length;
  let offset: number | undefined = pages.length === 0 ? 0 : pages[pages.length - 1]?.nextOffset;
  while (offset !== undefined && good < cap) {
    const page: ListPage<T> = await load(offset);
    pages.push(page);
    pageParams.push(offset);
    good += page.items.filter((item) => item.ok).length;
    offset = page.nextOffset;
  }
  return { pages, pageParams };
}

export async function everyPage<T>(load: (offset: number) => Promise<ListPage<T>>, cap = WHOLE_LIST_CAP): Promise<T[]> {
  return goodItems((await readOn(load, undefined, cap)).pages, cap);
}
