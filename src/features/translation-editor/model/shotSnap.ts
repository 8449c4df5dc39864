/**
 * Snapping a line's in or out to a shot change (docs/API.md "Frames"): a drag lands on a shot change within a few
 * frames of where it is let go; a nudge toward a shot change within a few frames jumps onto it (and one away from
 * it moves a frame as usual, so a nudge never sticks). Shot changes are milliseconds on frames, ascending. Pure.
 */

/** How near (in frames) a shot change pulls an edge. */
export const SNAP_FRAMES = 3;

/** The index of the first shot change at or after `ms`. */
function firstFrom(shots: readonly number[], ms: number): number {
  let lo = 0;
  let hi = shots.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (shots[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The shot change nearest `ms` within `withinMs`, or undefined. */
export function nearestShot(ms: number, shots: readonly number[], withinMs: number): number | undefined {
  const i = firstFrom(shots, ms);
  const candidates = [shots[i - 1], shots[i]].filter((s): s is number => s !== undefined);
  const best = candidates.sort((a, b) => Math.abs(a - ms) - Math.abs(b - ms))[0];
  return best !== undefined && Math.abs(best - ms) <= withinMs ? best : undefined;
}

/**
 * Where a nudge from `from` to `to` lands: the first shot change past `from` in the nudge's direction and no further
 * than `withinMs` beyond `to`; undefined when there is none (the nudge moves as asked).
 */
export function shotAhead(from: number, to: number, shots: readonly number[], withinMs: number): number | undefined {
  if (to > from) {
    const next = shots[firstFrom(shots, from + 1)];
    return next !== undefined && next <= to + withinMs ? next : undefined;
  }
  if (to < from) {
    const previous = shots[firstFrom(shots, from) - 1];
    return previous !== undefined && previous >= to - withinMs ? previous : undefined;
  }
  return undefined;
}
