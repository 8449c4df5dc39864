import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../api/client';
import { countLine, rowsOf, totalOf } from './pages';

function pages(...list: { n: number; total?: number }[]): InfiniteData<ListPage<{ _id: string }>, unknown> {
  let offset = 0;
  return {
    pageParams: list.map((_, i) => i),
    pages: list.map(({ n, total }) => {
      const items = Array.from({ length: n }, (_, i) => ({
        ok: true as const,
        data: { _id: `r${offset + i}` },
        problems: [],
      }));
      const page = { items, offset, total, nextOffset: undefined };
      offset += n;
      return page;
    }),
  };
}

describe('pages of an infinite list', () => {
  it('flattens the rows in order', () => {
    expect(rowsOf(pages({ n: 2 }, { n: 1 })).map((r) => (r.ok ? r.data._id : ''))).toEqual(['r0', 'r1', 'r2']);
    expect(rowsOf(undefined)).toEqual([]);
  });

  it('reads the total from the latest page, else the first', () => {
    expect(totalOf(pages({ n: 2, total: 10 }, { n: 2, total: 12 }))).toBe(12);
    expect(totalOf(pages({ n: 2, total: 10 }, { n: 2 }))).toBe(10);
    expect(totalOf(pages({ n: 2 }))).toBeUndefined();
    expect(totalOf(undefined)).toBeUndefined();
  });

  it('says the total, or how many are loaded', () => {
    expect(countLine(pages({ n: 2, total: 1234 }), true, 'share')).toBe(`${(1234).toLocaleString()} shares`);
    expect(countLine(pages({ n: 1, total: 1 }), false, 'territory', 'territories')).toBe('1 territory');
    expect(countLine(pages({ n: 50 }, { n: 20 }), true, 'share')).toBe('70+ loaded');
    expect(countLine(pages({ n: 7 }), false, 'share')).toBe('7 loaded');
  });
});
