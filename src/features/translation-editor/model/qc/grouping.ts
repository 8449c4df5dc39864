/** Problems grouped by rule, for the Checks panel: how many lines each rule flags, and the lines of one rule. Pure. */
import type { QcProblem, QcRuleId } from './types';

export interface RuleCount {
  rule: QcRuleId;
  /** Lines with at least one problem by the rule. */
  lines: number;
  /** Whether any of them is an error (else all are warnings). */
  error: boolean;
}

/** Per rule, in the order rules first appear, the lines it flags. */
export function countByRule(rows: readonly { problems: readonly QcProblem[] }[]): RuleCount[] {
  const byRule = new Map<QcRuleId, RuleCount>();
  for (const { problems } of rows) {
    const seen = new Set<QcRuleId>();
    for (const p of problems) {
      const count = byRule.get(p.rule) ?? { rule: p.rule, lines: 0, error: false };
      if (!seen.has(p.rule)) count.lines += 1;
      seen.add(p.rule);
      count.error ||= p.severity === 'error';
      byRule.set(p.rule, count);
    }
  }
  return [...byRule.values()];
}

/** The rows with a problem by `rule` (every row when undefined), each showing only that rule's problems. */
export function rowsOfRule<R extends { problems: readonly QcProblem[] }>(
  rows: readonly R[],
  rule: QcRuleId | undefined,
): R[] {
  if (rule === undefined) return [...rows];
  const out: R[] = [];
  for (const r of rows) {
    const problems = r.problems.filter((p) => p.rule === rule);
    if (problems.length > 0) out.push({ ...r, problems });
  }
  return out;
}

/**
 * The grid's lines under a filter by rule: the rows with a problem by `rule`, plus the line being worked on (a line
 * fixed under the caret stays until the translator leaves it), as ascending indexes.
 */
export function indexesOfRule(
  rows: readonly { index: number; problems: readonly QcProblem[] }[],
  rule: QcRuleId,
  activeIndex: number,
): number[] {
  const out = rows.filter((r) => r.problems.some((p) => p.rule === rule)).map((r) => r.index);
  if (activeIndex < 0) return out;
  const at = out.findIndex((i) => i >= activeIndex);
  if (at === -1) out.push(activeIndex);
  else if (out[at] !== activeIndex) out.splice(at, 0, activeIndex);
  return out;
}
