/** Reading and writing the fields of a contract Line that the editor works with. Lines are never mutated. */
import type { Line } from '../../../api/schema/translation';
import { formatTimecode, parseTimecode } from './timecode';

export type Position = 'top' | 'bottom';

/** Where a line's text came from, for the coloured edge. */
export type LineSource = 'machine' | 'auto' | 'custom' | 'none';

export function sourceOf(line: Line): LineSource {
  if ((line.text ?? '').trim() === '') return 'none';
  if (line.custom) return 'custom';
  if (line.machine) return 'machine';
  if (line.auto) return 'auto';
  // Text with no flag set was written by a person (seeded and imported human translations look like this).
  return 'custom';
}

/** Each line's times, read once: lines are never mutated, and the checks read every line's times on each pass. */
const timesOf = new WeakMap<Line, { startMs: number | undefined; stopMs: number | undefined }>();

function times(line: Line): { startMs: number | undefined; stopMs: number | undefined } {
  let read = timesOf.get(line);
  if (!read) {
    read = {
      startMs: line.startTime === undefined ? undefined : parseTimecode(line.startTime),
      stopMs: line.stopTime === undefined ? undefined : parseTimecode(line.stopTime),
    };
    timesOf.set(line, read);
  }
  return read;
}

export function startMsOf(line: Line): number | undefined {
  return times(line).startMs;
}

export function stopMsOf(line: Line): number | undefined {
  return times(line).stopMs;
}

export function positionOf(line: Line): Position {
  return line.alignment === 'top' ? 'top' : 'bottom';
}

/** The line with new times (range kept in step, in seconds). */
export function withTiming(line: Line, startMs: number, stopMs: number): Line {
  return {
    ...line,
    startTime: formatTimecode(startMs),
    stopTime: formatTimecode(stopMs),
    range: [startMs / 1000, stopMs / 1000],
  };
}

/** The line with new text, marked as written by hand (it no longer is the machine's or the automatic text). */
export function withText(line: Line, text: string): Line {
  return { ...line, text, custom: true, machine: false, auto: false };
}

export function withPosition(line: Line, position: Position): Line {
  return { ...line, alignment: position };
}

/** Whether two lines are the same for saving and conflicts (every field the editor or a server may change). */
export function sameLine(a: Line | undefined, b: Line | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    (a.text ?? '') === (b.text ?? '') &&
    a.startTime === b.startTime &&
    a.stopTime === b.stopTime &&
    (a.alignment ?? '') === (b.alignment ?? '') &&
    (a.textAlign ?? '') === (b.textAlign ?? '') &&
    Boolean(a.custom) === Boolean(b.custom) &&
    Boolean(a.machine) === Boolean(b.machine) &&
    Boolean(a.auto) === Boolean(b.auto)
  );
}

/** The lines as they are sent: numbered 1..n in order (only lines whose number changes are copied). */
export function numbered(lines: readonly Line[]): Line[] {
  return lines.map((line, i) => (line.number === i + 1 ? line : { ...line, number: i + 1 }));
}
