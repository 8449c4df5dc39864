/**
 * Splitting a line at the cursor and merging a line with the next. Timing is shared out by the length of the
 * text on each side; formatting tags open at the cursor are closed before it and reopened after it.
 */
import type { Line } from '../../../api/schema/translation';
import { readableLength } from './text';
import { sourceOf, startMsOf, stopMsOf, withTiming } from './lineFields';

const TAG = /<(\/?)([biu])>/gi;

/** Tags open at the end of `text`, in opening order. */
function openTagsAt(text: string): string[] {
  const open: string[] = [];
  for (const m of text.matchAll(TAG)) {
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.splice(at, 1);
    } else open.push(name);
  }
  return open;
}

/** Moves a cursor that sits inside a tag (`<i|>`) to the tag's start. */
function safeCursor(text: string, cursor: number): number {
  const c = Math.max(0, Math.min(cursor, text.length));
  const lt = text.lastIndexOf('<', c - 1);
  const gt = text.lastIndexOf('>', c - 1);
  return lt > gt && text.indexOf('>', lt) >= c ? lt : c;
}

export interface SplitResult {
  first: Line;
  second: Line;
}

/**
 * Splits `line` at `cursor` (an offset into its text). The first part keeps the start, the second the stop; the
 * time between is shared out by readable length (half each when both sides are empty), each part at least 1 ms.
 * Undefined when the line's times are malformed or too short to split.
 */
export function splitLine(line: Line, cursor: number): SplitResult | undefined {
  const text = line.text ?? '';
  const start = startMsOf(line);
  const stop = stopMsOf(line);
  if (start === undefined || stop === undefined || stop - start < 2) return undefined;
  const at = safeCursor(text, cursor);
  let before = text.slice(0, at);
  let after = text.slice(at);
  const open = openTagsAt(before);
  before =
    before.replace(/[\s\n]+$/, '') +
    [...open]
      .reverse()
      .map((t) => `</${t}>`)
      .join('');
  after = open.map((t) => `<${t}>`).join('') + after.replace(/^[\s\n]+/, '');
  const a = readableLength(before);
  const b = readableLength(after);
  const share = a + b === 0 ? 0.5 : a / (a + b);
  const cut = Math.min(stop - 1, Math.max(start + 1, Math.round(start + (stop - start) * share)));
  const number = String(line.number ?? '');
  return {
    first: { ...withTiming(line, start, cut), text: before, split: number },
    second: { ...withTiming(line, cut, stop), text: after, split: number },
  };
}

/** One line from `first` and `second`: texts joined by a line break, from the first's start to the second's stop. */
export function mergeLines(first: Line, second: Line): Line | undefined {
  const start = startMsOf(first);
  const stop = stopMsOf(second);
  if (start === undefined || stop === undefined) return undefined;
  const texts = [first.text ?? '', second.text ?? ''].filter((t) => t.trim() !== '');
  const merged: Line = {
    ...withTiming(first, start, Math.max(stop, start + 1)),
    text: texts.join('\n'),
    merged: [first.number, second.number].filter((n) => n !== undefined).join(','),
  };
  // Where the text came from, by the sides that had text: hand-written as soon as either was, else machine as soon
  // as either was, else from the memory. (An empty first line merged with a filled one takes the filled one's.)
  const sources = [first, second].map(sourceOf);
  if (sources.includes('custom')) return { ...merged, custom: true, machine: false, auto: false };
  if (sources.includes('machine')) return { ...merged, custom: false, machine: true, auto: false };
  if (sources.includes('auto')) return { ...merged, custom: false, machine: false, auto: true };
  return merged;
}
