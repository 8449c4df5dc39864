/**
 * The timing row of a cue, `start --> stop [settings]`, read by hand-written scanners (no regular expression, so no
 * backtracking whatever the row holds: each character is looked at a bounded number of times).
 *
 * - WebVTT follows the specification's "collect a WebVTT timestamp": `[h…:]mm:ss.ttt`, minutes and seconds two
 *   digits up to 59, exactly three digits of milliseconds; anything else is an invalid timing.
 * - SRT is read the way players read real files: one or more digits per field, hours optional, `,` or `.` before
 *   the milliseconds, milliseconds optional and read as a whole number of milliseconds when shorter than three
 *   digits (`00:00:01,5` is 1.005 s, as ffmpeg and ExoPlayer read it).
 */
import type { SubtitleFormat } from './subtitleFiles';

export interface CueTiming {
  startMs: number;
  stopMs: number;
  /** What follows the stop time: WebVTT cue settings, SRT's rarely used `X1:… Y1:…` box. */
  settings: string;
}

interface Stamp {
  ms: number;
  end: number;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\f';
}

/** End of the run of digits starting at `from`. */
function digitsEnd(s: string, from: number): number {
  let i = from;
  while (isDigit(s[i])) i++;
  return i;
}

function vttStamp(s: string, from: number): Stamp | undefined {
  let i = from;
  let end = digitsEnd(s, i);
  if (end === i) return undefined;
  let first = Number(s.slice(i, end));
  const hoursFirst = end - i !== 2 || first > 59;
  if (s[end] !== ':') return undefined;
  i = end + 1;
  end = digitsEnd(s, i);
  if (end - i !== 2) return undefined;
  let second = Number(s.slice(i, end));
  let third: number;
  if (hoursFirst || s[end] === ':') {
    if (s[end] !== ':') return undefined;
    i = end + 1;
    end = digitsEnd(s, i);
    if (end - i !== 2) return undefined;
    third = Number(s.slice(i, end));
  } else {
    third = second;
    second = first;
    first = 0;
  }
  if (s[end] !== '.') return undefined;
  i = end + 1;
  end = digitsEnd(s, i);
  if (end - i !== 3) return undefined;
  const fraction = Number(s.slice(i, end));
  if (second > 59 || third > 59) return undefined;
  return { ms: first * 3_600_000 + second * 60_000 + third * 1000 + fraction, end };
}

function srtStamp(s: string, from: number): Stamp | undefined {
  const fields: number[] = [];
  let i = from;
  for (;;) {
    const end = digitsEnd(s, i);
    if (end === i) return undefined;
    fields.push(Number(s.slice(i, end)));
    i = end;
    if (s[i] !== ':' || fields.length === 3 || !isDigit(s[i + 1])) break;
    i++;
  }
  if (fields.length < 2) return undefined;
  let fraction = 0;
  if ((s[i] === ',' || s[i] === '.') && isDigit(s[i + 1])) {
    const end = digitsEnd(s, i + 1);
    fraction = Number(s.slice(i + 1, Math.min(end, i + 4)));
    i = end;
  }
  const [h, m, sec] = fields.length === 3 ? fields : [0, ...fields];
  return { ms: h! * 3_600_000 + m! * 60_000 + sec! * 1000 + fraction, end: i };
}

function skipSpaces(s: string, from: number): number {
  let i = from;
  while (isSpace(s[i])) i++;
  return i;
}

/** The timing of a row, or undefined when the row is not a valid timing row of that format. */
export function parseTimingRow(row: string, format: SubtitleFormat): CueTiming | undefined {
  const stamp = format === 'vtt' ? vttStamp : srtStamp;
  const start = stamp(row, skipSpaces(row, 0));
  if (!start) return undefined;
  let i = skipSpaces(row, start.end);
  if (!row.startsWith('-->', i)) return undefined;
  i = skipSpaces(row, i + 3);
  const stop = stamp(row, i);
  if (!stop) return undefined;
  return { startMs: start.ms, stopMs: stop.ms, settings: row.slice(stop.end).trim() };
}
