import { describe, expect, it } from 'vitest';
import { withActive } from './LineGrid';

const range = (startIndex: number, endIndex: number) => ({ startIndex, endIndex, overscan: 2, count: 3000 });

describe('the rows the grid renders', () => {
  it('are the rows in view (with overscan) when the active one is among them', () => {
    expect(withActive(range(10, 15), 12)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  });

  it('keep the active row, in order, when it is scrolled out of view (its field keeps the focus)', () => {
    expect(withActive(range(100, 102), 0)).toEqual([0, 98, 99, 100, 101, 102, 103, 104]);
    expect(withActive(range(0, 2), 2999)).toEqual([0, 1, 2, 3, 4, 2999]);
  });

  it('ignore an active index outside the document', () => {
    expect(withActive(range(0, 1), 5000)).toEqual([0, 1, 2, 3]);
  });
});
