/**
 * "Delivered" (docs/API.md "Deliveries"): an order that reaches `complete` with files attached is delivered. Its
 * recipients (the `recipients` of every delivery type, matched to accounts by e-mail), its requester and the studio's
 * coordinators are told (`delivery`, naming the formats); from then on the recipients may download the files.
 */
import type { Transaction } from '../storage/store';
import type { NotificationBus } from './events';
import { emitWorkRequestEvent } from './events';
import type { Caller, UserDoc, WorkRequestDoc } from './types';
import { deliveredFileIds } from '../../src/api/schema/delivery';

/** The e-mail addresses of an order's recipients (every delivery type), normalised (lower case, trimmed). */
export function recipientEmails(wr: Pick<WorkRequestDoc, 'recipients'>): string[] {
  const lists = Object.values((wr.recipients ?? {}) as Record<string, unknown>);
  const emails = lists.flatMap((list) =>
    Array.isArray(list)
      ? list.flatMap((r: unknown) => {
          const email = typeof r === 'string' ? r : (r as { email?: unknown } | null)?.email;
          return typeof email === 'string' && email.includes('@') ? [email.trim().toLowerCase()] : [];
        })
      : [],
  );
  return [...new Set(emails)];
}

/** Whether the caller is one of the order's recipients (their account's e-mail is listed). */
export function isRecipient(caller: Caller, wr: Pick<WorkRequestDoc, 'recipients'>): boolean {
  const email = caller.user.username?.toLowerCase();
  return email !== undefined && recipientEmails(wr).includes(email);
}

/** Tells the order's people it is delivered, when it has files; nothing otherwise. In the move's transaction. */
export async function announceDelivery(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  wr: WorkRequestDoc,
  now = Date.now(),
): Promise<void> {
  const formats = deliveredFileIds(wr).map((g) => g.name);
  if (formats.length === 0) return;
  const emails = recipientEmails(wr);
  const recipients = emails.length
    ? await tx.list<UserDoc>('Users', {
        filters: [{ field: 'username', op: 'in', value: emails }],
        offset: 0,
        limit: emails.length,
      })
    : { items: [] };
  await emitWorkRequestEvent(tx, bus, {
    type: 'delivery',
    actor: caller,
    workRequest: wr,
    alsoNotify: recipients.items.map((u) => u._id),
    changed: formats,
    now,
  });
}
