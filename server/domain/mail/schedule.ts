/**
 * When a notification's mail goes (docs/API.md "Mail"): at once, one job per notification; or in the user's digest
 * of that frequency, one job per user and frequency (its key) due at the end of the current period, which every
 * notification of the period joins. Added in the transaction that makes the notification, so the job exists
 * exactly when the notification does.
 */
import type { Doc, StoreOps } from '../../storage/store';
import { IMMEDIATELY, NEVER } from './preferences';

export const MAIL_NOTIFICATION_TASK = 'mail-notification';
export const MAIL_DIGEST_TASK = 'mail-digest';
export const MAIL_INVITATION_TASK = 'mail-invitation';

/**
 * The invitation mail of a newcomer (mailer.ts `sendInvitation`), at once: to a share that names them (`share`), or
 * to the console from the admin who added them or issued a new code (`by`). Keyed by their code, so a new code (sent
 * again) is a new mail and a retried job is not.
 */
export async function scheduleInvitationMail(
  tx: StoreOps,
  invitation: { user: string; code: string } & ({ share: string } | { by: string }),
): Promise<void> {
  const { code, ...payload } = invitation;
  await tx.jobs.add(MAIL_INVITATION_TASK, payload, { key: `mail-invitation:${invitation.user}:${code}` });
}

/** The end of the period (of `frequency` seconds, counted from the Unix epoch) that `nowSeconds` falls in. */
export function periodEnd(nowSeconds: number, frequency: number): number {
  return (Math.floor(nowSeconds / frequency) + 1) * frequency;
}

export function digestKey(user: string, frequency: number): string {
  return `mail-digest:${user}:${frequency}`;
}

export async function scheduleMail(
  tx: StoreOps,
  notification: Doc,
  frequency: number,
  nowSeconds: number,
): Promise<void> {
  if (frequency === NEVER) return;
  if (frequency === IMMEDIATELY) {
    await tx.jobs.add(
      MAIL_NOTIFICATION_TASK,
      { notification: notification._id },
      { key: `mail-notification:${notification._id}` },
    );
    return;
  }
  const user = String(notification.to);
  const until = periodEnd(nowSeconds, frequency);
  await tx.jobs.add(
    MAIL_DIGEST_TASK,
    { user, frequency, until },
    { key: digestKey(user, frequency), runAt: new Date(until * 1000) },
  );
}
