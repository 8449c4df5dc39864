/**
 * Filling lines from the translation memory's exact matches (docs/API.md, "Translation memory"). Precedence: the
 * translator's text, then the memory, then the original shown beside an empty line: only a line with no text is
 * filled, never one with text (hand-written, machine or filled before), and a filled line is marked `auto` (the
 * source stripe says "Memory") until someone types in it.
 */
import type { Line } from '../../../api/schema/translation';
import type { MemoryAnswer } from '../../../api/schema/memory';
import type { LineEdit } from './editorDocument';

/** The lines the memory may fill: their index and original text (lines with text, or no original, are left out). */
export function fillableLines(
  lines: readonly Line[],
  originalOf: (line: Line) => string | undefined,
): { index: number; original: string }[] {
  const out: { index: number; original: string }[] = [];
  lines.forEach((line, index) => {
    const original = originalOf(line);
    if ((line.text ?? '').trim() === '' && original !== undefined && original.trim() !== '')
      out.push({ index, original });
  });
  return out;
}

/**
 * The edits that fill lines from an exact lookup of `asked` (the body's texts were `asked[i].original`), checked
 * again against the lines now: a line typed in meanwhile is left alone.
 */
export function memoryFills(
  lines: readonly Line[],
  asked: readonly { index: number; original: string }[],
  answer: MemoryAnswer,
): LineEdit[] {
  const edits: LineEdit[] = [];
  for (const result of answer.results ?? []) {
    const target = result.index === undefined ? undefined : asked[result.index];
    const best = result.matches?.find((m) => m.exact && m.text);
    const line = target && lines[target.index];
    if (!target || !best?.text || !line || (line.text ?? '').trim() !== '') continue;
    edits.push({ index: target.index, line: filledLine(line, best.text) });
  }
  return edits;
}

/** The line with text from the memory: marked automatic, not hand-written or machine. */
export function filledLine(line: Line, text: string): Line {
  return { ...line, text, auto: true, custom: false, machine: false };
}
