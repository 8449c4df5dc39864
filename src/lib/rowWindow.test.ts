/** The rows a fixed-height list draws, and where it scrolls to bring a row into view (lib/rowWindow.ts). */
import { describe, expect, it } from 'vitest';
import { rowRange, scrollTopFor } from './rowWindow';

const H = 56;

describe('rowRange', () => {
  it('draws the rows in view, with the overscan at each edge, within the list', () => {
    expect(rowRange(0, 560, H, 100_000, 0)).toEqual({ first: 0, last: 9 });
    expect(rowRange(0, 560, H, 100_000, 8)).toEqual({ first: 0, last: 17 });
    // Scrolled to row 50,000 and a half: the half rows at both edges are drawn.
    expect(rowRange(50_000.5 * H, 560, H, 100_000, 8)).toEqual({ first: 49_992, last: 50_018 });
    expect(rowRange(99_990 * H, 560, H, 100_000, 8)).toEqual({ first: 99_982, last: 99_999 });
  });
  it('draws nothing for an empty list or before the view has a height', () => {
    expect(rowRange(0, 560, H, 0, 8)).toEqual({ first: 0, last: -1 });
    expect(rowRange(0, 0, H, 100, 8)).toEqual({ first: 0, last: -1 });
  });
  it('keeps a view scrolled past the end (a list that just shrank) on its last rows', () => {
    expect(rowRange(1_000 * H, 560, H, 20, 0)).toEqual({ first: 19, last: 19 });
  });
});

describe('scrollTopFor', () => {
  const view = (top: number) => ({ top, height: 560, maxTop: 100_000 * H + 40 - 560 });

  it('stays when the row is wholly in view (auto)', () => {
    expect(scrollTopFor(3, 'auto', view(0), H, 100_000)).toBeUndefined();
  });
  it('brings a row below the view to its bottom edge, one above to its top edge (auto)', () => {
    expect(scrollTopFor(10, 'auto', view(0), H, 100_000)).toBe(11 * H - 560);
    expect(scrollTopFor(4, 'auto', view(10 * H), H, 100_000)).toBe(4 * H);
  });
  it('puts a row in the middle of the view (center), within what the area scrolls', () => {
    expect(scrollTopFor(50_000, 'center', view(0), H, 100_000)).toBe(50_000 * H + (H - 560) / 2);
    expect(scrollTopFor(2, 'center', view(5_000), H, 100_000)).toBe(0);
  });
  it('scrolls to the very end for the last row at the bottom (what lies under the rows included)', () => {
    expect(scrollTopFor(99_999, 'auto', view(0), H, 100_000)).toBe(view(0).maxTop);
    expect(scrollTopFor(1e9, 'end', view(0), H, 100_000)).toBe(view(0).maxTop);
  });
  it('does nothing in an empty list', () => {
    expect(scrollTopFor(0, 'start', view(0), H, 0)).toBeUndefined();
  });
});
