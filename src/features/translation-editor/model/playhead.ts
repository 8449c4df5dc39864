/**
 * Which line the playhead is in, by binary search over the lines' starts (lines are kept in time order: the
 * nudges, drags and typed times never pass a neighbour). Pure: no React, no DOM.
 */
import type { Timing } from './timecode';

/**
 * The index of the line showing at `ms` (start <= ms < stop), or undefined between lines. `timingOf(i)` reads
 * line i; a line without times counts as starting at 0 and is never shown. O(log n) reads per call, so it can
 * run on every frame of playback over 3,000 lines without a cached index.
 */
export function lineIndexAt(
  count: number,
  timingOf: (index: number) => Timing | undefined,
  ms: number,
): number | undefined {
  // The last line whose start is at or before `ms`.
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((timingOf(mid)?.startMs ?? 0) <= ms) lo = mid + 1;
    else hi = mid;
  }
  const index = lo - 1;
  const timing = index >= 0 ? timingOf(index) : undefined;
  return timing && ms >= timing.startMs && ms < timing.stopMs ? index : undefined;
}

/** Where looping the line sends the playhead: back to its start once it reaches the stop; undefined otherwise. */
export function loopBack(line: Timing | undefined, ms: number): number | undefined {
  return line && line.stopMs > line.startMs && (ms >= line.stopMs || ms < line.startMs - 500)
    ? line.startMs
    : undefined;
}

/**
 * The lines that show anywhere in [fromMs, toMs): `[first, end)` indexes, found by binary search (the waveform
 * keeps segments only for these). Lines without times count as ending at 0.
 */
export function linesInWindow(
  count: number,
  timingOf: (index: number) => Timing | undefined,
  fromMs: number,
  toMs: number,
): [number, number] {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((timingOf(mid)?.stopMs ?? 0) <= fromMs) lo = mid + 1;
    else hi = mid;
  }
  const first = lo;
  hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((timingOf(mid)?.startMs ?? 0) < toMs) lo = mid + 1;
    else hi = mid;
  }
  return [first, lo];
}
