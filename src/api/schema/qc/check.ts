/**
 * The quality checks both sides run (docs/API.md "Delivery specifications"): the rules in the order problems are
 * listed, one line's problems, and a translation's errors per rule as the server's submit check counts them.
 */
import type { QcLine, QcProblem, QcProfile, QcRule, QcRuleId } from './types';
import { parseTimecode } from '../timecode';
import { empty } from './rules/empty';
import { charsPerLine } from './rules/charsPerLine';
import { linesPerSubtitle } from './rules/linesPerSubtitle';
import { readingSpeed } from './rules/readingSpeed';
import { minDuration } from './rules/minDuration';
import { maxDuration } from './rules/maxDuration';
import { overlap } from './rules/overlap';
import { gap } from './rules/gap';
import { sameAsOriginal } from './rules/sameAsOriginal';

/** Every rule that needs only the line, its neighbour and the profile (the editor adds the glossary's). */
export const SHARED_RULES: readonly QcRule[] = [
  empty,
  charsPerLine,
  linesPerSubtitle,
  readingSpeed,
  minDuration,
  maxDuration,
  overlap,
  gap,
  sameAsOriginal,
];

const NONE: readonly QcProblem[] = Object.freeze([]);

/** All problems of one line by these rules (its next neighbour matters for overlap and gap). */
export function problemsOf<L extends QcLine>(
  line: L,
  next: L | undefined,
  profile: QcProfile,
  rules: readonly QcRule<L>[],
): readonly QcProblem[] {
  let out: QcProblem[] | undefined;
  for (const rule of rules) {
    const found = rule.check(line, next, profile);
    if (found.length > 0) (out ??= []).push(...found);
  }
  return out ?? NONE;
}

/** A stored line as the rules read it (a malformed timecode: no time). */
export function qcLineOf(line: { text?: string; startTime?: string; stopTime?: string }): QcLine {
  return {
    text: line.text ?? '',
    startMs: line.startTime === undefined ? undefined : parseTimecode(line.startTime),
    stopMs: line.stopTime === undefined ? undefined : parseTimecode(line.stopTime),
  };
}

/** What an acceptance names (docs/API.md "Accepted problems"): a line by number, a rule, and the text it was given for. */
export interface AcceptedRef {
  line: number;
  rule: string;
  text: string;
}

/**
 * Whether a line's problems by a rule are accepted: an acceptance holds while the line (by number) still has the text
 * it was given for, so an edit, or a renumbering that brings other text to the number, lets the problem count again.
 */
export function acceptanceFinder(
  accepted: readonly AcceptedRef[],
): (line: number, text: string, rule: string) => AcceptedRef | undefined {
  const byKey = new Map(accepted.map((a) => [`${a.line}:${a.rule}`, a]));
  return (line, text, rule) => {
    const found = byKey.get(`${line}:${rule}`);
    return found && found.text === text ? found : undefined;
  };
}

/**
 * Errors per rule of a translation's lines, counted per problem as the editor's Submit dialog counts them (the
 * `empty` rule is the untranslated count, not an error), leaving out the problems a still-valid acceptance covers.
 * Rules with none left out.
 */
export function errorsByRule(
  lines: readonly { number?: number; text?: string; startTime?: string; stopTime?: string }[],
  profile: QcProfile,
  accepted: readonly AcceptedRef[] = [],
): Partial<Record<QcRuleId, number>> {
  const errors: Partial<Record<QcRuleId, number>> = {};
  const isAccepted = acceptanceFinder(accepted);
  const qc = lines.map(qcLineOf);
  for (let i = 0; i < qc.length; i++) {
    for (const p of problemsOf(qc[i]!, qc[i + 1], profile, SHARED_RULES)) {
      if (p.severity !== 'error' || p.rule === 'empty') continue;
      if (isAccepted(lines[i]!.number ?? i + 1, qc[i]!.text, p.rule)) continue;
      errors[p.rule] = (errors[p.rule] ?? 0) + 1;
    }
  }
  return errors;
}
