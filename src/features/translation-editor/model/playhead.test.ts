import { describe, expect, it } from 'vitest';
import { lineIndexAt, linesInWindow, loopBack } from './playhead';
import { ASPECT_RATIOS, defaultAspect } from './aspect';
import type { Timing } from './timecode';

const lines: Timing[] = [
  { startMs: 1000, stopMs: 2000 },
  { startMs: 2000, stopMs: 3500 },
  { startMs: 5000, stopMs: 6000 },
];
const at = (ms: number, list: readonly Timing[] = lines) => lineIndexAt(list.length, (i) => list[i], ms);

describe('lineIndexAt', () => {
  it('finds the line showing at a time, none before, between and after lines', () => {
    expect(at(0)).toBeUndefined();
    expect(at(1000)).toBe(0);
    expect(at(1999)).toBe(0);
    expect(at(2000)).toBe(1); // a line that starts where the previous stops takes over at once
    expect(at(4000)).toBeUndefined();
    expect(at(5500)).toBe(2);
    expect(at(6000)).toBeUndefined();
    expect(lineIndexAt(0, () => undefined, 1000)).toBeUndefined();
  });

  it('reads O(log n) lines of 3,000', () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({ startMs: i * 2000, stopMs: i * 2000 + 1500 }));
    let reads = 0;
    const index = lineIndexAt(many.length, (i) => (reads++, many[i]), 2_345_000);
    expect(index).toBe(1172);
    expect(reads).toBeLessThanOrEqual(14);
  });

  it('never shows a line without times', () => {
    expect(at(10, [undefined as unknown as Timing, { startMs: 100, stopMs: 200 }])).toBeUndefined();
    expect(at(150, [undefined as unknown as Timing, { startMs: 100, stopMs: 200 }])).toBe(1);
  });
});

describe('loopBack', () => {
  it('sends the playhead back to the start at the stop, and when it wandered well before the line', () => {
    expect(loopBack({ startMs: 1000, stopMs: 2000 }, 1500)).toBeUndefined();
    expect(loopBack({ startMs: 1000, stopMs: 2000 }, 2000)).toBe(1000);
    expect(loopBack({ startMs: 1000, stopMs: 2000 }, 200)).toBe(1000);
    expect(loopBack(undefined, 200)).toBeUndefined();
  });
});

describe('defaultAspect', () => {
  it('takes the asset ratio, else the media size, else 16:9', () => {
    expect(defaultAspect('2.39:1').id).toBe('2.39');
    expect(defaultAspect('9:16').id).toBe('9:16');
    expect(defaultAspect('1.85').id).toBe('1.85');
    expect(defaultAspect(undefined, 1080, 1350).id).toBe('4:5');
    expect(defaultAspect('nonsense').id).toBe('16:9');
    expect(ASPECT_RATIOS.map((a) => a.id)).toEqual(['16:9', '1:1', '4:5', '9:16', '1.85', '2.39']);
  });
});

describe('linesInWindow', () => {
  const win = (from: number, to: number) => linesInWindow(lines.length, (i) => lines[i], from, to);
  it('finds the lines showing anywhere in a time window', () => {
    expect(win(0, 500)).toEqual([0, 0]);
    expect(win(0, 1001)).toEqual([0, 1]);
    expect(win(1500, 5000)).toEqual([0, 2]);
    expect(win(2000, 5001)).toEqual([1, 3]);
    expect(win(3600, 4900)).toEqual([2, 2]);
    expect(win(7000, 9000)).toEqual([3, 3]);
  });
});
