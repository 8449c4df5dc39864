/**
 * The statuses of a work request, without the record's schema: the list's URL filters read them, and so does the
 * request started before the app runs (src/app/earlyRequest.ts), which must stay small (no zod).
 */

/** Statuses this project uses (the spec shows only `awaiting-materials` and `incomplete`; docs/API.md). */
export const WORK_REQUEST_STATUSES = [
  'incomplete',
  'submitted',
  'awaiting-materials',
  'in-progress',
  'for-review',
  'approved',
  'rejected',
  'complete',
  'cancelled',
] as const;
export type WorkRequestStatus = (typeof WORK_REQUEST_STATUSES)[number];

/**
 * Statuses in which no work remains (docs/API.md, operation 1): the automation queue leaves them out (the server),
 * a due date no longer matters (the app's overdue). Every other status is open.
 */
export const CLOSED_STATUSES: readonly string[] = ['approved', 'rejected', 'complete', 'cancelled'];
export const OPEN_STATUSES: readonly WorkRequestStatus[] = WORK_REQUEST_STATUSES.filter(
  (s) => !CLOSED_STATUSES.includes(s),
);

/**
 * The orders a new one for the same asset, language and territory repeats (docs/API.md, "Order queue"): one still
 * open, or one rejected (placing it again is usually a mistake, sometimes the point: the person confirms).
 */
export const DUPLICATE_STATUSES: readonly WorkRequestStatus[] = [...OPEN_STATUSES, 'rejected'];
