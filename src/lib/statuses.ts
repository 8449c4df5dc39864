/** How statuses read and look. Unknown statuses from a real deployment still get a label and a neutral tone. */

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

/** "awaiting-materials" -> "Awaiting materials". */
export function statusLabel(status: string | undefined): string {
  if (!status) return 'No status';
  const words = status.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Statuses after which a due date no longer matters. */
const CLOSED = new Set(['complete', 'cancelled', 'rejected', 'approved']);

export function isClosedStatus(status: string | undefined): boolean {
  return status !== undefined && CLOSED.has(status);
}

export function isOverdue(due: number | undefined, status: string | undefined, nowMs: number = Date.now()): boolean {
  return due !== undefined && due * 1000 < nowMs && !isClosedStatus(status);
}
