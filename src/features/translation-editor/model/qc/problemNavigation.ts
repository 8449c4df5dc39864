/**
 * Where F8 / Shift+F8 go (docs/API.md "Accepted problems"): the next (or previous) line, wrapping around, with a
 * problem still to deal with — one the translator has not accepted, as Submit counts them. While the grid is filtered
 * to one rule's problems, only that rule's problems count, so the move never lands on a line the filter hides. Pure.
 */
import type { QcProblem, QcRuleId } from './types';

export interface ProblemRow {
  index: number;
  problems: readonly QcProblem[];
}

/** The problems of a row F8 stops for: those by `rule` (every rule when undefined) not accepted. */
export function openProblems(
  row: ProblemRow,
  rule: QcRuleId | undefined,
  isAccepted: (index: number, rule: QcRuleId) => boolean,
): QcProblem[] {
  return row.problems.filter((p) => (rule === undefined || p.rule === rule) && !isAccepted(row.index, p.rule));
}

/**
 * The index of the next (direction 1) or previous (-1) row after `from` with an open problem, wrapping around (the
 * row at `from` itself when it is the only one); undefined when there is none. `rows` ascend by index.
 */
export function nextProblemIndex(
  rows: readonly ProblemRow[],
  from: number,
  direction: 1 | -1,
  rule: QcRuleId | undefined,
  isAccepted: (index: number, rule: QcRuleId) => boolean,
): number | undefined {
  const stops = rows.filter((r) => openProblems(r, rule, isAccepted).length > 0).map((r) => r.index);
  if (stops.length === 0) return undefined;
  if (direction === 1) return stops.find((i) => i > from) ?? stops[0];
  return stops.findLast((i) => i < from) ?? stops[stops.length - 1];
}
