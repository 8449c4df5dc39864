/**
 * What blocks a submit (docs/API.md, "Submitting a translation"): the untranslated lines and the errors of the
 * checks, counted per rule (what the server is told in `submission.errors`); warnings are listed but do not block.
 * Pure.
 */
import type { QcProblem, QcRuleId } from './qc/types';
import { QC_RULES } from './qc/rules';

export interface SubmitCheck {
  /** Indexes of the lines with no text. */
  untranslated: number[];
  /** Errors per rule (the `empty` rule is `untranslated`), rules with none left out. */
  errors: Partial<Record<QcRuleId, number>>;
  errorCount: number;
  warningCount: number;
}

export function submitCheck(rows: readonly { index: number; problems: readonly QcProblem[] }[]): SubmitCheck {
  const out: SubmitCheck = { untranslated: [], errors: {}, errorCount: 0, warningCount: 0 };
  for (const { index, problems } of rows) {
    if (problems.some((p) => p.rule === 'empty')) out.untranslated.push(index);
    for (const p of problems) {
      if (p.rule === 'empty') continue;
      if (p.severity === 'error') {
        out.errors[p.rule] = (out.errors[p.rule] ?? 0) + 1;
        out.errorCount += 1;
      } else out.warningCount += 1;
    }
  }
  return out;
}

/** Whether the submit needs a reason: anything untranslated or any error. */
export function needsReason(check: SubmitCheck): boolean {
  return check.untranslated.length > 0 || check.errorCount > 0;
}

/** A rule's name as the editor shows it ("Reading speed"), the id when unknown. */
export function ruleLabel(rule: string): string {
  return QC_RULES.find((r) => r.id === rule)?.label ?? rule;
}
