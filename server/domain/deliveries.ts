/**
 * Deliveries (docs/API.md "Deliveries"): the order's final files by delivery format, kept in the work request's
 * `files` (`{name: format, files: [File ids]}`). The rules, decided here once:
 *
 * - attach: the order's assignee (a translator of its translations) and the studio's side (admins, its
 *   coordinators), with a File uploaded into the order (orderFiles.ts), while it is worked on or reviewed
 *   (DELIVERY_ATTACH_STATUSES); 409 in any other status, 403 for anyone else who sees the order;
 * - download: admins, the studio's coordinators and the requester at any time; the recipients (recipients of any
 *   delivery type, by their account's e-mail) once the order is `complete` — that move is the delivery
 *   (deliveryNotice.ts tells them). The assignee reads the list but downloads nothing through it.
 */
import type { Stored, Transaction } from '../storage/store';
import type { NotificationBus } from './events';
import { emitWorkRequestEvent } from './events';
import type { Caller, WorkRequestDoc } from './types';
import { DomainError, conflict, invalid } from './errors';
import { translatorsOf, userSummaryOf } from './workRequests';
import { isStudioSide } from './orders';
import { canSeeWorkRequest } from './access';
import { orderUploadOf } from './orderFiles';
import { isRecipient } from './deliveryNotice';
import {
  DELIVERY_ATTACH_STATUSES,
  DELIVERY_FILES_MAX,
  deliveredFileIds,
  type DeliveryInput,
} from '../../src/api/schema/delivery';

/** Whether the caller may attach files to the order's deliveries (in an attachable status). */
export function mayAttachDeliveries(caller: Caller, wr: WorkRequestDoc): boolean {
  return isStudioSide(caller, wr.studio) || translatorsOf(wr).includes(caller.id);
}

/** Whether the caller may download the order's delivered files. */
export function mayDownloadDeliveries(caller: Caller, wr: WorkRequestDoc): boolean {
  return (
    isStudioSide(caller, wr.studio) ||
    (wr.from?._id !== undefined && wr.from._id === caller.id) ||
    (wr.status === 'complete' && isRecipient(caller, wr))
  );
}

/** Whether the caller reads the order's deliveries at all: whoever sees the order, and whoever may download. */
export function mayReadDeliveries(caller: Caller, wr: WorkRequestDoc): boolean {
  return canSeeWorkRequest(caller, wr) || mayDownloadDeliveries(caller, wr);
}

/**
 * Attaches an uploaded File of the order as a file of the delivery `format` (a format not yet in `files` is added;
 * the same file again in the same format changes nothing). The history says it and the requester and coordinators
 * are told (`wr-changed`, "the deliveries"), in the caller's transaction.
 */
export async function attachDelivery(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  found: Stored<WorkRequestDoc>,
  input: DeliveryInput,
  now = Date.now(),
): Promise<Stored<WorkRequestDoc>> {
  const wr = found.doc;
  if (!mayAttachDeliveries(caller, wr))
    throw new DomainError('forbidden', "the order's files are attached by its assignee and the studio's coordinators");
  if (!DELIVERY_ATTACH_STATUSES.includes(wr.status ?? ''))
    throw conflict(
      `status: files are attached to an order that is ${DELIVERY_ATTACH_STATUSES.map((s) => `"${s}"`).join(', ')}; this one is "${wr.status ?? 'without a status'}"`,
      { status: wr.status, allowed: DELIVERY_ATTACH_STATUSES },
    );
  const file = await orderUploadOf(tx, caller, wr, input.file, 'the file');
  const groups = wr.files ?? [];
  const current = deliveredFileIds(wr);
  if (current.some((g) => g.name === input.format && g.ids.includes(file._id))) return found;
  if (current.reduce((n, g) => n + g.ids.length, 0) >= DELIVERY_FILES_MAX)
    throw invalid(`file: an order delivers at most ${DELIVERY_FILES_MAX} files`, [
      { path: 'file', message: `at most ${DELIVERY_FILES_MAX} files` },
    ]);
  const has = groups.some((g) => g.name === input.format);
  const files = has
    ? groups.map((g) => (g.name === input.format ? { ...g, files: [...(g.files ?? []), file._id] } : g))
    : [...groups, { name: input.format, files: [file._id] }];
  const entry = {
    date: Math.floor(now / 1000),
    user: userSummaryOf(caller),
    status: wr.status ?? '',
    reason: `Attached ${String(file.name)} to the ${input.format} delivery`,
  };
  const saved = await tx.replace(
    'Workrequests',
    { ...wr, files, history: [...(wr.history ?? []), entry] },
    found.version,
  );
  await emitWorkRequestEvent(tx, bus, {
    type: 'wr-changed',
    actor: caller,
    workRequest: saved.doc,
    alsoNotify: translatorsOf(saved.doc),
    changed: [`the ${input.format} delivery`],
    now,
  });
  return saved;
}
