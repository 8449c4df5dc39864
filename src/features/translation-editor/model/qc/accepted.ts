/**
 * Accepted problems in the editor (docs/API.md "Accepted problems"): which of a row's problems the translator
 * accepted, by the contract's rule (a line by number, while it keeps the accepted text), and the rows with those
 * left out — what Submit counts, as the server does. Pure.
 */
import { acceptanceFinder, type AcceptedRef } from '../../../../api/schema/qc/check';
import type { Line } from '../../../../api/schema/translation';
import type { QcProblem } from './types';

export type AcceptedFinder<A extends AcceptedRef> = (line: Line, index: number, rule: string) => A | undefined;

/** Finds a line's acceptance by rule; a line without a number is numbered by its place, as the server does. */
export function acceptedFinder<A extends AcceptedRef>(accepted: readonly A[]): AcceptedFinder<A> {
  const find = acceptanceFinder(accepted);
  return (line, index, rule) => find(line.number ?? index + 1, line.text ?? '', rule) as A | undefined;
}

/** The rows with their accepted problems left out (a row left with none is dropped). */
export function withoutAccepted<R extends { index: number; row: { line: Line }; problems: readonly QcProblem[] }>(
  rows: readonly R[],
  accepted: readonly AcceptedRef[],
): R[] {
  if (accepted.length === 0) return [...rows];
  const find = acceptedFinder(accepted);
  const out: R[] = [];
  for (const r of rows) {
    const problems = r.problems.filter((p) => find(r.row.line, r.index, p.rule) === undefined);
    if (problems.length === r.problems.length) out.push(r);
    else if (problems.length > 0) out.push({ ...r, problems });
  }
  return out;
}
