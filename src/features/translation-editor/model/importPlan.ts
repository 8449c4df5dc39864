/**
 * Importing a subtitle file into the lines: by order when the counts match, otherwise by timecode (each cue goes
 * to the line it overlaps most). The plan lists what changes, for the preview, before anything is applied.
 */
import type { Line } from '../../../api/schema/translation';
import type { Cue } from './subtitleFiles';
import { positionOf, startMsOf, stopMsOf } from './lineFields';

export type ImportMode = 'order' | 'timecode';

export interface ImportChange {
  index: number;
  before: Line;
  /** New text (and times and position when `withTiming`). */
  text: string;
  startMs?: number | undefined;
  stopMs?: number | undefined;
  position?: 'top' | 'bottom' | undefined;
}

export interface ImportPlan {
  mode: ImportMode;
  changes: ImportChange[];
  /** Lines whose text the file leaves as it was. */
  unchanged: number;
  /** Cues that overlap no line (timecode mode). */
  unplaced: Cue[];
}

function overlapMs(aStart: number, aStop: number, bStart: number, bStop: number): number {
  return Math.min(aStop, bStop) - Math.max(aStart, bStart);
}

/** Index of the line a cue overlaps most (lines sorted by start); -1 when it overlaps none. Binary search, then a local scan. */
export function bestLineFor(cue: Cue, starts: readonly number[], stops: readonly number[]): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < cue.stopMs) lo = mid + 1;
    else hi = mid;
  }
  let best = -1;
  let bestOverlap = 0;
  for (let i = lo - 1; i >= 0; i--) {
    if (stops[i]! <= cue.startMs && i < lo - 3) break;
    const o = overlapMs(cue.startMs, cue.stopMs, starts[i]!, stops[i]!);
    if (o > bestOverlap) {
      bestOverlap = o;
      best = i;
    }
  }
  return best;
}

export function planImport(lines: readonly Line[], cues: readonly Cue[], withTiming: boolean): ImportPlan {
  const changes: ImportChange[] = [];
  if (cues.length === lines.length) {
    cues.forEach((cue, index) => {
      const before = lines[index]!;
      const timingChanged =
        withTiming &&
        (startMsOf(before) !== cue.startMs || stopMsOf(before) !== cue.stopMs || positionOf(before) !== cue.position);
      if ((before.text ?? '') === cue.text && !timingChanged) return;
      changes.push({
        index,
        before,
        text: cue.text,
        ...(withTiming ? { startMs: cue.startMs, stopMs: cue.stopMs, position: cue.position } : {}),
      });
    });
    return { mode: 'order', changes, unchanged: lines.length - changes.length, unplaced: [] };
  }
  const starts = lines.map((l) => startMsOf(l) ?? Number.NaN);
  const stops = lines.map((l) => stopMsOf(l) ?? Number.NaN);
  const texts = new Map<number, string[]>();
  const unplaced: Cue[] = [];
  for (const cue of cues) {
    const at = bestLineFor(cue, starts, stops);
    if (at < 0) unplaced.push(cue);
    else texts.set(at, [...(texts.get(at) ?? []), cue.text]);
  }
  for (const [index, parts] of [...texts].sort((a, b) => a[0] - b[0])) {
    const before = lines[index]!;
    const text = parts.filter((p) => p !== '').join('\n');
    if ((before.text ?? '') !== text) changes.push({ index, before, text });
  }
  return { mode: 'timecode', changes, unchanged: lines.length - changes.length, unplaced };
}

/** Cues of the lines, for export. Lines with malformed times are left out. */
export function cuesOf(lines: readonly Line[]): Cue[] {
  const out: Cue[] = [];
  for (const line of lines) {
    const startMs = startMsOf(line);
    const stopMs = stopMsOf(line);
    if (startMs === undefined || stopMs === undefined) continue;
    out.push({ startMs, stopMs, text: line.text ?? '', position: positionOf(line) });
  }
  return out;
}
