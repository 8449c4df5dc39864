/**
 * Assigning the selected rows to one person (or unassigning them): the rows to send, and the rows skipped before
 * confirming, each with why: the user is not an admin nor the coordinator of the row's studio (the server would
 * answer 403), or the row is already assigned so (nothing to change: no request, no history entry).
 */
import type { User } from '../../../api/schema/user';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import type { AssigneeValue } from './assignees';
import { rolesFor } from './statusMoves';

export type AssignSkip = 'not-yours' | 'already';

export interface BulkAssignPlan<R extends WorkRequestRow = WorkRequestRow> {
  rows: R[];
  skipped: { row: R; why: AssignSkip }[];
}

/** The row's assignee: its (dialogue) translation's translator, else the graphics one's (as the server reads it). */
export function assigneeIdOf(row: WorkRequestRow): string | null {
  return row.translation?.translator?._id ?? row.graphicsTranslation?.translator?._id ?? null;
}

/** Whether the user may assign this row: an admin, or a coordinator of its studio. */
export function mayAssign(user: User | undefined, row: WorkRequestRow): boolean {
  const roles = rolesFor(user, row);
  return roles.includes('admin') || roles.includes('coordinator');
}

export function bulkAssignPlan<R extends WorkRequestRow>(
  user: User | undefined,
  rows: readonly R[],
  assignee: AssigneeValue,
): BulkAssignPlan<R> {
  const plan: BulkAssignPlan<R> = { rows: [], skipped: [] };
  for (const row of rows) {
    if (!mayAssign(user, row)) plan.skipped.push({ row, why: 'not-yours' });
    else if (assigneeIdOf(row) === (assignee?._id ?? null)) plan.skipped.push({ row, why: 'already' });
    else plan.rows.push(row);
  }
  return plan;
}

/** The one studio of the rows (whose people the picker offers), or null when they span several (or none says). */
export function commonStudio(rows: readonly WorkRequestRow[]): string | null {
  const studios = new Set(rows.map((r) => r.studio));
  const [only] = studios;
  return studios.size === 1 && only !== undefined ? only : null;
}
