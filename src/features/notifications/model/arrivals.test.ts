import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../../api/client';
import type { Parsed } from '../../../api/parse';
import { pageAfterArrival, pagesWithArrival } from './arrivals';

const row = (id: string): Parsed<{ _id: string }> => ({ ok: true, data: { _id: id }, problems: [] });
const ids = (page: ListPage<{ _id: string }>) => page.items.map((i) => (i.ok ? i.data._id : '?'));
/** A page of the server's list `r0, r1, …` of `total` rows: rows offset..offset+size-1. */
function page(offset: number, size: number, total: number | undefined): ListPage<{ _id: string }> {
  const end = Math.min(offset + size, total ?? offset + size);
  const items = Array.from({ length: end - offset }, (_, i) => row(`r${offset + i}`));
  return { offset, items, total, nextOffset: total === undefined || end < total ? end : undefined };
}

describe('an arrival on top of the infinite query’s pages', () => {
  it('moves every row one place down and keeps each page its window, offsets and size', () => {
    const pages = pagesWithArrival([page(0, 3, 10), page(3, 3, 10)], row('new'));
    expect(pages.map(ids)).toEqual([
      ['new', 'r0', 'r1'],
      ['r2', 'r3', 'r4'],
    ]);
    expect(pages.map((p) => [p.offset, p.nextOffset, p.total])).toEqual([
      [0, 3, 11],
      [3, 6, 11],
    ]);
  });

  it('the final page of the list keeps its last row (nothing follows to start with it)', () => {
    const pages = pagesWithArrival([page(0, 3, 5), page(3, 3, 5)], row('new'));
    expect(pages.map(ids)).toEqual([
      ['new', 'r0', 'r1'],
      ['r2', 'r3', 'r4'],
    ]);
    expect(pages[1]!.nextOffset).toBeUndefined();
    const single = pagesWithArrival([page(0, 3, 2)], row('new'));
    expect(single.map(ids)).toEqual([['new', 'r0', 'r1']]);
    expect(single[0]!.total).toBe(3);
  });

  it('an unknown total stays unknown', () => {
    expect(pagesWithArrival([page(0, 3, undefined)], row('new'))[0]!.total).toBeUndefined();
  });
});

describe('a page of a jump after an arrival', () => {
  it('starts one row later, so its first row is unknown and every other row is where the server now has it', () => {
    const shifted = pageAfterArrival(page(6, 3, 20));
    expect(shifted.offset).toBe(7);
    // Rows 7 and 8 of the list now are r6 and r7; r8 belongs to the next page.
    expect(ids(shifted)).toEqual(['r6', 'r7']);
    expect(shifted.total).toBe(21);
  });

  it('the list’s last page keeps its last row', () => {
    expect(ids(pageAfterArrival(page(9, 3, 11)))).toEqual(['r9', 'r10']);
  });
});
