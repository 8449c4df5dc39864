/** How statuses read and look. Unknown statuses from a real deployment still get a label and a neutral tone. */
import { statusLabel } from '../api/schema/words';
import { CLOSED_STATUSES } from '../api/schema/workRequestRow';

export type Tone = 'neutral' | 'info' | 'warning' | 'progress' | 'review' | 'success' | 'danger' | 'muted';

const TONES: Record<string, Tone> = {
  incomplete: 'neutral',
  submitted: 'info',
  'awaiting-materials': 'warning',
  'in-progress': 'progress',
  'for-review': 'review',
  approved: 'success',
  complete: 'success',
  rejected: 'danger',
  cancelled: 'muted',
};

export function statusTone(status: string | undefined): Tone {
  return (status && TONES[status]) || 'neutral';
}

/** "awaiting-materials" -> "Awaiting materials" (the contract's, so notification titles read the same). */
export { statusLabel };

/** Whether no work remains (the contract's CLOSED_STATUSES): a due date no longer matters. */
export function isClosedStatus(status: string | undefined): boolean {
  return status !== undefined && CLOSED_STATUSES.includes(status);
}

export function isOverdue(due: number | undefined, status: string | undefined, nowMs: number = Date.now()): boolean {
  return due !== undefined && due * 1000 < nowMs && !isClosedStatus(status);
}

/**
 * How late an open order is past its due date, in words for a label ("5 h late", "3 days late"), or undefined when
 * it is not late. Under an hour: "Just overdue".
 */
export function lateness(due: number | undefined, status: string | undefined, nowMs: number = Date.now()) {
  if (due === undefined || !isOverdue(due, status, nowMs)) return undefined;
  const hours = Math.floor((nowMs - due * 1000) / 3_600_000);
  const days = Math.floor(hours / 24);
  const label =
    hours < 1 ? 'Just overdue' : days < 1 ? `${hours} h late` : `${days} ${days === 1 ? 'day' : 'days'} late`;
  return { days, label };
}
