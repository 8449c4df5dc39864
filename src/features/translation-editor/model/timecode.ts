/**
 * Subtitle timecodes `HH:MM:SS,mmm` (the Line contract) as integer milliseconds, and frame-based nudging.
 * Pure: no React, no DOM.
 */

import { parseTimecode } from '../../../lib/timecode';
import { DEFAULT_FPS, exactFps } from './frames';

export { parseTimecode, DEFAULT_FPS };
export { statedFrameRate } from '../../../api/schema/qc/frameRate';

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** `HH:MM:SS,mmm` of a millisecond count (negative values clamp to 0; fractions are rounded). */
export function formatTimecode(ms: number, separator: ',' | '.' = ','): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1000) % 60;
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(t % 1000, 3)}`;
}

/** Length of one frame in milliseconds (not rounded: 41.666… at 24 fps, 33.366… at 29.97). */
export function frameMs(fps: number = DEFAULT_FPS): number {
  return 1000 / exactFps(fps > 0 && Number.isFinite(fps) ? fps : DEFAULT_FPS);
}

/** Seconds with 3 decimals, e.g. "2.500" (durations shown in the grid). */
export function formatSeconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

export interface Timing {
  startMs: number;
  stopMs: number;
}

export type TimingEdge = 'start' | 'stop';

/** The nearest frame boundary of `ms` (whole milliseconds), e.g. 1000 -> 1000 and 1030 -> 1042 at 24 fps. */
export function snapToFrame(ms: number, fps: number = DEFAULT_FPS): number {
  const frame = frameMs(fps);
  return Math.max(0, Math.round(Math.round(ms / frame) * frame));
}

/**
 * Puts one edge of a line at `ms` without colliding with its neighbours: a start never goes before the previous
 * line's stop, a stop never past the next line's start, and a line keeps at least one frame. Returns undefined
 * when the edge cannot move (already touching, or `ms` is where it is). The nudges and the waveform's drags and
 * "set in/out at the playhead" all place edges through this one rule.
 */
export function placeEdge(
  line: Timing,
  edge: TimingEdge,
  ms: number,
  fps: number,
  previous: Timing | undefined,
  next: Timing | undefined,
): Timing | undefined {
  const minLength = Math.ceil(frameMs(fps));
  if (edge === 'start') {
    let start = Math.round(ms);
    const floor = previous ? previous.stopMs : 0;
    const ceiling = line.stopMs - minLength;
    start = Math.min(Math.max(start, floor), ceiling);
    if (start === line.startMs) return undefined;
    return { startMs: start, stopMs: line.stopMs };
  }
  let stop = Math.round(ms);
  const floor = line.startMs + minLength;
  const ceiling = next ? next.startMs : Number.POSITIVE_INFINITY;
  stop = Math.max(Math.min(stop, ceiling), floor);
  if (stop === line.stopMs) return undefined;
  return { startMs: line.startMs, stopMs: stop };
}

/**
 * Moves one edge of a line by `frames` frames (±1 usually), with the neighbour rule of `placeEdge`. Returns
 * undefined when the move is not possible (already touching).
 */
export function nudge(
  line: Timing,
  edge: TimingEdge,
  frames: number,
  fps: number,
  previous: Timing | undefined,
  next: Timing | undefined,
): Timing | undefined {
  const from = edge === 'start' ? line.startMs : line.stopMs;
  return placeEdge(line, edge, from + frameMs(fps) * frames, fps, previous, next);
}

/**
 * Moves a whole line to start at `startMs`, its length kept, between its neighbours (it stops at the previous
 * line's stop or the next line's start). Undefined when it cannot move: already there, or the gap between the
 * neighbours is shorter than the line.
 */
export function moveTiming(
  line: Timing,
  startMs: number,
  previous: Timing | undefined,
  next: Timing | undefined,
): Timing | undefined {
  const length = line.stopMs - line.startMs;
  const floor = previous ? previous.stopMs : 0;
  const ceiling = next ? next.startMs - length : Number.POSITIVE_INFINITY;
  if (ceiling < floor) return undefined;
  const start = Math.min(Math.max(Math.round(startMs), floor), ceiling);
  if (start === line.startMs) return undefined;
  return { startMs: start, stopMs: start + length };
}

export type TimingProblem = 'malformed' | 'stop-before-start';

/** Validates a typed start/stop pair: both well-formed and stop after start. */
export function validateTiming(
  start: string,
  stop: string,
): { ok: true; timing: Timing } | { ok: false; problem: TimingProblem } {
  const startMs = parseTimecode(start);
  const stopMs = parseTimecode(stop);
  if (startMs === undefined || stopMs === undefined) return { ok: false, problem: 'malformed' };
  if (stopMs <= startMs) return { ok: false, problem: 'stop-before-start' };
  return { ok: true, timing: { startMs, stopMs } };
}
