/** Every page of a list, good items only, up to `cap` items (for small lists read whole: a catalog, a glossary). */
import type { ListPage } from './client';

export async function everyPage<T>(load: (offset: number) => Promise<ListPage<T>>, cap = 2000): Promise<T[]> {
  const out: T[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined && out.length < cap) {
    const page: ListPage<T> = await load(offset);
    for (const item of page.items) if (item.ok) out.push(item.data);
    offset = page.nextOffset;
  }
  return out;
}
