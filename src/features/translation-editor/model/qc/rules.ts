/** Every quality check, in the order problems are listed. */
import type { QcLine, QcProblem, QcProfile, QcRule } from './types';
import { empty } from './rules/empty';
import { charsPerLine } from './rules/charsPerLine';
import { linesPerSubtitle } from './rules/linesPerSubtitle';
import { readingSpeed } from './rules/readingSpeed';
import { minDuration } from './rules/minDuration';
import { maxDuration } from './rules/maxDuration';
import { overlap } from './rules/overlap';
import { gap } from './rules/gap';
import { sameAsOriginal } from './rules/sameAsOriginal';
import { glossaryRule } from './rules/glossary';

export const QC_RULES: readonly QcRule[] = [
  empty,
  charsPerLine,
  linesPerSubtitle,
  readingSpeed,
  minDuration,
  maxDuration,
  overlap,
  gap,
  sameAsOriginal,
  glossaryRule,
];

const NONE: readonly QcProblem[] = Object.freeze([]);

/** All problems of one line (its next neighbour matters for overlap and gap). */
export function checkLine(line: QcLine, next: QcLine | undefined, profile: QcProfile): readonly QcProblem[] {
  let out: QcProblem[] | undefined;
  for (const rule of QC_RULES) {
    const found = rule.check(line, next, profile);
    if (found.length > 0) (out ??= []).push(...found);
  }
  return out ?? NONE;
}
