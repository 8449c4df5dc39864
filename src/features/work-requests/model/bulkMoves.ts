/**
 * The status moves a bulk change may make: for each target status, the selected rows the workflow lets this user
 * move there (the table the server checks: statusMoves.ts) and the rows it would skip. Offered are the targets at
 * least one row may take; those every row may take ("common to the selection") come first.
 */
import type { User } from '../../../api/schema/user';
import { WORK_REQUEST_STATUSES, type WorkRequestRow, type WorkRequestStatus } from '../../../api/schema/workRequestRow';
import { movesFor } from './statusMoves';

export interface BulkMoveChoice<R extends WorkRequestRow = WorkRequestRow> {
  to: WorkRequestStatus;
  /** The rows that move (each from its own status). */
  rows: R[];
  /** The rows left as they are: the workflow has no such move from their status for this user. */
  skipped: R[];
}

export function bulkMoveChoices<R extends WorkRequestRow>(
  user: User | undefined,
  rows: readonly R[],
): BulkMoveChoice<R>[] {
  const targetsOf = rows.map((row) => new Set(movesFor(user, row).map((m) => m.to)));
  const choices: BulkMoveChoice<R>[] = [];
  for (const to of WORK_REQUEST_STATUSES) {
    const moving = rows.filter((_, i) => targetsOf[i]!.has(to));
    if (moving.length === 0) continue;
    choices.push({ to, rows: moving, skipped: rows.filter((_, i) => !targetsOf[i]!.has(to)) });
  }
  // Stable: within each group, the workflow's order of statuses.
  return [...choices.filter((c) => c.skipped.length === 0), ...choices.filter((c) => c.skipped.length > 0)];
}

/** The targets every selected row may take. */
export function commonMoves(choices: readonly BulkMoveChoice[]): WorkRequestStatus[] {
  return choices.filter((c) => c.skipped.length === 0).map((c) => c.to);
}
