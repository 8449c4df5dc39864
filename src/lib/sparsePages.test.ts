import { describe, expect, it } from 'vitest';
import {
  JUMP_LANDS_MS,
  jumpLanded,
  loadingWords,
  MAX_SCROLL_PX,
  pagesInRange,
  pagesToFetch,
  parseRowNumber,
  rowSpace,
  sparseLayout,
  type PageStatus,
} from './sparsePages';

const page = (offset: number, n: number, total: number | undefined, more: boolean) => ({
  offset,
  items: Array.from({ length: n }, (_, i) => offset + i),
  total,
  nextOffset: more ? offset + n : undefined,
});

describe('sparseLayout', () => {
  it('lays out every row when the first answer gives a total and more pages remain', () => {
    expect(sparseLayout([page(0, 50, 100_000, true)])).toEqual({ total: 100_000, size: 50 });
  });

  it('takes the page size the server answered, not the one asked for (a server that clamps the range)', () => {
    expect(sparseLayout([page(0, 20, 1_000, true)])).toEqual({ total: 1_000, size: 20 });
  });

  it('falls back to scrolling page after page when the total is unknown (no Content-Range, or `/*`)', () => {
    expect(sparseLayout([page(0, 50, undefined, true)])).toBeUndefined();
    expect(sparseLayout(undefined)).toBeUndefined();
  });

  it('has nothing to lay out when the first page is the last', () => {
    expect(sparseLayout([page(0, 12, 12, false)])).toBeUndefined();
    expect(sparseLayout([page(0, 0, 0, false)])).toBeUndefined();
  });

  it('follows the latest total the infinite query read', () => {
    expect(sparseLayout([page(0, 50, 1_000, true), page(50, 50, 1_001, true)])).toEqual({ total: 1_001, size: 50 });
  });
});

describe('pagesInRange', () => {
  it('names the pages a visible range falls on', () => {
    expect(pagesInRange(49_990, 50_030, 50, 100_000)).toEqual([999, 1000]);
    expect(pagesInRange(0, 20, 50, 100_000)).toEqual([0]);
    expect(pagesInRange(50, 99, 50, 100_000)).toEqual([1]);
  });

  it('stops at the last row of the list', () => {
    expect(pagesInRange(99_980, 100_020, 50, 100_000)).toEqual([1999]);
    expect(pagesInRange(0, 10, 50, 0)).toEqual([]);
    expect(pagesInRange(10, 5, 50, 100)).toEqual([]);
  });
});

describe('pagesToFetch', () => {
  const statuses = (map: Record<number, PageStatus>) => (p: number) => map[p] ?? 'absent';
  const base = { size: 50, hasNext: true, fetchingNext: false };

  it('asks the infinite query for the page right after its rows (plain scrolling, as before)', () => {
    expect(pagesToFetch([0, 1], { ...base, contiguous: 50, status: statuses({}) })).toEqual({ next: true, pages: [] });
  });

  it('asks page queries for the pages of a jump, and nothing of the infinite query', () => {
    expect(pagesToFetch([999, 1000], { ...base, contiguous: 50, status: statuses({}) })).toEqual({
      next: false,
      pages: [999, 1000],
    });
  });

  it('never asks twice for a page held, in flight or failed (a failed page waits for its retry)', () => {
    const status = statuses({ 999: 'loaded', 1000: 'loading', 1001: 'failed' });
    expect(pagesToFetch([0, 999, 1000, 1001, 1002], { ...base, contiguous: 100, status })).toEqual({
      next: false,
      pages: [1002],
    });
  });

  it('does not fetch the next page while it is on its way, or when a page query already holds it', () => {
    expect(pagesToFetch([1], { ...base, contiguous: 50, fetchingNext: true, status: statuses({}) }).next).toBe(false);
    expect(pagesToFetch([1], { ...base, contiguous: 50, status: statuses({ 1: 'loaded' }) })).toEqual({
      next: false,
      pages: [],
    });
  });

  it('leaves the rest of a short page to the infinite query', () => {
    // The server answered 30 of page 1: rows 80.. come from the infinite query's next page, which starts there.
    expect(pagesToFetch([1, 2], { ...base, contiguous: 80, status: statuses({}) })).toEqual({ next: true, pages: [2] });
  });
});

describe('rowSpace', () => {
  it('lays out every row when they fit in a browser scroll area', () => {
    expect(rowSpace(100_000, 56)).toBe(100_000);
  });

  it('caps the rows laid out where the scroll height would pass what a browser scrolls', () => {
    expect(rowSpace(1_000_000, 56)).toBe(Math.floor(MAX_SCROLL_PX / 56));
    expect(rowSpace(1_000_000, 56) * 56).toBeLessThanOrEqual(MAX_SCROLL_PX);
  });
});

describe('loadingWords and parseRowNumber', () => {
  it('says which rows load, 1-based', () => {
    expect(loadingWords(50_000, 50_049)).toBe('Loading rows 50,001–50,050');
    expect(loadingWords(9, 9)).toBe('Loading row 10');
  });

  it('reads a row number as an index, with separators', () => {
    expect(parseRowNumber('50000', 100_000)).toEqual({ index: 49_999 });
    expect(parseRowNumber(' 50,000 ', 100_000)).toEqual({ index: 49_999 });
    expect(parseRowNumber('1', 1)).toEqual({ index: 0 });
  });

  it('says what is wrong with a row out of range or not a number', () => {
    expect(parseRowNumber('0', 100_000)).toEqual({
      error: 'There is no row 0. Enter a row number from 1 to 100,000.',
    });
    expect(parseRowNumber('100001', 100_000)).toEqual({
      error: 'There is no row 100,001. Enter a row number from 1 to 100,000.',
    });
    expect(parseRowNumber('', 100_000)).toEqual({ error: 'Enter a row number from 1 to 100,000.' });
    expect(parseRowNumber('1.5', 100_000)).toEqual({ error: 'Enter a row number from 1 to 100,000.' });
    expect(parseRowNumber('-3', 100_000)).toEqual({ error: 'Enter a row number from 1 to 100,000.' });
  });
});

describe('jumpLanded', () => {
  const jump = { page: 1000, at: 5_000 };

  it('lands when the pages in view include the page aimed at, just after the jump was asked for', () => {
    expect(jumpLanded(jump, [999, 1000], 5_016)).toBe(true);
    expect(jumpLanded(jump, [1000], 5_000 + JUMP_LANDS_MS)).toBe(true);
  });

  it('does not land on pages the jump did not aim at (the view on its way, or a drag afterwards)', () => {
    expect(jumpLanded(jump, [0, 1], 5_016)).toBe(false);
    expect(jumpLanded(undefined, [1000], 5_016)).toBe(false);
  });

  it('is forgotten when it never landed in time (the row was already in view): a later drag settles as before', () => {
    expect(jumpLanded(jump, [1000], 5_001 + JUMP_LANDS_MS)).toBe(false);
  });
});
