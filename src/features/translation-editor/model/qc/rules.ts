/** Every quality check the editor runs, in the order problems are listed: the shared ones, then the glossary's. */
import type { QcLine, QcProblem, QcProfile, QcRule } from './types';
import { problemsOf, SHARED_RULES } from '../../../../api/schema/qc/check';
import { glossaryRule } from './rules/glossary';

export const QC_RULES: readonly QcRule[] = [...SHARED_RULES, glossaryRule];

/** All problems of one line (its next neighbour matters for overlap and gap). */
export function checkLine(line: QcLine, next: QcLine | undefined, profile: QcProfile): readonly QcProblem[] {
  return problemsOf(line, next, profile, QC_RULES);
}
