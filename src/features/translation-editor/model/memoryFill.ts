/**
 * Filling lines from the translation memory's exact matches (docs/API.md, "Translation memory"). Precedence: the
 * translator's text, then the memory, then the original shown beside an empty line: only a line with no text is
 * filled, never one with text (hand-written, machine or filled before), and a filled line is marked `auto` (the
 * source stripe says "Memory") until someone types in it.
 */
import type { Line } from '../../../api/schema/translation';
import type { MemoryAnswer } from '../../../api/schema/memory';
import type { LineEdit } from './editorDocument';
import { termUses, type Glossary } from './glossary';

/** A glossary term a memory text breaks: it holds `variant`, which the glossary forbids for `source` (use `use`). */
export interface ForbiddenUse {
  variant: string;
  source: string;
  use: string;
}

/** The first forbidden variant `text` uses for a term of `original`, or undefined (no glossary: none). */
export function forbiddenUse(glossary: Glossary | undefined, original: string, text: string): ForbiddenUse | undefined {
  if (!glossary) return undefined;
  for (const u of termUses(glossary, original, text))
    if (u.kind === 'forbidden') return { variant: u.variant, source: u.term.source, use: u.term.translation };
  return undefined;
}

/** What a fill would do: the edits, and the lines whose best exact match uses a forbidden term (not filled). */
export interface FillPlan {
  edits: LineEdit[];
  /** Shown in the preview, never written: the line, the match's text and the term it breaks. */
  flagged: { index: number; text: string; forbidden: ForbiddenUse }[];
}

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
 * The plan that fills lines from an exact lookup of `asked` (the body's texts were `asked[i].original`), checked
 * again against the lines now: a line typed in meanwhile is left alone. A match that uses a term the glossary
 * forbids is never written: the line takes the best exact match that does not, else it is flagged.
 */
export function memoryFills(
  lines: readonly Line[],
  asked: readonly { index: number; original: string }[],
  answer: MemoryAnswer,
  glossary?: Glossary,
): FillPlan {
  const plan: FillPlan = { edits: [], flagged: [] };
  for (const result of answer.results ?? []) {
    const target = result.index === undefined ? undefined : asked[result.index];
    const line = target && lines[target.index];
    if (!target || !line || (line.text ?? '').trim() !== '') continue;
    const exact = (result.matches ?? []).filter((m) => m.exact && m.text);
    const clean = exact.find((m) => !forbiddenUse(glossary, target.original, m.text!));
    if (clean?.text) plan.edits.push({ index: target.index, line: filledLine(line, clean.text) });
    else if (exact[0]?.text)
      plan.flagged.push({
        index: target.index,
        text: exact[0].text,
        forbidden: forbiddenUse(glossary, target.original, exact[0].text)!,
      });
  }
  return plan;
}

/** The line with text from the memory: marked automatic, not hand-written or machine. */
export function filledLine(line: Line, text: string): Line {
  return { ...line, text, auto: true, custom: false, machine: false };
}
