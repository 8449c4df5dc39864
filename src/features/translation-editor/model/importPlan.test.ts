import { describe, expect, it } from 'vitest';
import type { Line } from '../../../api/schema/translation';
import { bestLineFor, cuesOf, planImport } from './importPlan';
import { formatTimecode } from './timecode';

const L = (startMs: number, stopMs: number, text = ''): Line => ({
  text,
  startTime: formatTimecode(startMs),
  stopTime: formatTimecode(stopMs),
  alignment: 'bottom',
});
const C = (startMs: number, stopMs: number, text: string) => ({ startMs, stopMs, text, position: 'bottom' as const });

describe('import plan', () => {
  const lines = [L(0, 1000, 'one'), L(2000, 3000), L(4000, 5000, 'same')];

  it('goes by order when the counts match, listing only real changes', () => {
    const plan = planImport(lines, [C(0, 900, 'uno'), C(2000, 3000, 'dos'), C(4000, 5000, 'same')], false);
    expect(plan.mode).toBe('order');
    expect(plan.changes.map((c) => [c.index, c.text])).toEqual([
      [0, 'uno'],
      [1, 'dos'],
    ]);
    expect(plan.changes[0]!.startMs).toBeUndefined();
    expect(plan.unchanged).toBe(1);
  });

  it('takes timing too when asked', () => {
    const plan = planImport(lines, [C(0, 900, 'one'), C(2000, 3000, ''), C(4000, 5000, 'same')], true);
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]).toMatchObject({ index: 0, startMs: 0, stopMs: 900 });
  });

  it('goes by timecode when the counts differ: best overlap, joined, unplaced listed', () => {
    const plan = planImport(
      lines,
      [C(100, 800, 'a'), C(2100, 2500, 'b1'), C(2500, 2900, 'b2'), C(9000, 9500, 'lost')],
      false,
    );
    expect(plan.mode).toBe('timecode');
    expect(plan.changes.map((c) => [c.index, c.text])).toEqual([
      [0, 'a'],
      [1, 'b1\nb2'],
    ]);
    expect(plan.unplaced.map((c) => c.text)).toEqual(['lost']);
  });

  it('finds the most-overlapped line', () => {
    const starts = [0, 1000, 2000];
    const stops = [900, 1900, 2900];
    expect(bestLineFor(C(850, 1800, ''), starts, stops)).toBe(1);
    expect(bestLineFor(C(5000, 6000, ''), starts, stops)).toBe(-1);
  });

  it('makes cues for export, leaving out malformed timing', () => {
    expect(cuesOf([...lines, { text: 'x', startTime: 'bad', stopTime: '00:00:01,000' }])).toHaveLength(3);
  });
});
