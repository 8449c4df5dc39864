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
