/**
 * Deliveries (docs/API.md "Deliveries"): the order's final files by delivery format, kept in the work request's
 * `files` (`{name: format, files: [File ids]}`). The rules, decided here once:
 *
 * - attach: the order's assignee (a translator of its translations) and the studio's side (admins, its
 *   coordinators), with a File uploaded into the order (orderFiles.ts), while it is worked on or reviewed
 *   (DELIVERY_ATTACH_STATUSES); 409 in any other status, 403 for anyone else who sees the order;
 * - download: admins, the studio's coordinators and the requester at any time; the recipients (recipients of any
 *   delivery type, by their account's e-mail) once the order is `complete` — that move is the delivery
 *   (deliveryNotice.ts tells them). The assignee reads the list but downloads nothing through it;
 * - remove (a file delivered by mistake): the studio's side in any status; the assignee their own upload while the
 *   order is still attachable. With a reason, kept in the history; the order's status does not change, and the
 *   file's links stop working at once (the download checks the file is still delivered).
 */
import type { Doc, Stored, Transaction } from '../storage/store';
import { materialFileIds } from '../../src/api/schema/materials';
import type { NotificationBus } from './events';
import { emitWorkRequestEvent } from './events';
import type { Caller, WorkRequestDoc } from './types';
import { DomainError, conflict, invalid, notFound } from './errors';
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

/**
 * Whether the caller may remove the delivered `file` (a File record): the studio's side always; the assignee a file
 * they uploaded, while the order is attachable.
 */
export function mayRemoveDelivery(caller: Caller, wr: WorkRequestDoc, file: Doc | undefined): boolean {
  if (isStudioSide(caller, wr.studio)) return true;
  const uploader = (file?.transfer as { username?: unknown } | undefined)?.username;
  return (
    translatorsOf(wr).includes(caller.id) &&
    DELIVERY_ATTACH_STATUSES.includes(wr.status ?? '') &&
    uploader !== undefined &&
    uploader === caller.user.username
  );
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
  return saveDeliveries(tx, bus, caller, found, files, {
    reason: `Attached ${String(file.name)} to the ${input.format} delivery`,
    changed: [`the ${input.format} delivery`],
    now,
  });
}

/**
 * Removes the File `fileId` from every format of the order's deliveries (a format left without files goes too), with
 * the caller's reason in the history; the requester, coordinators and translator are told (`wr-changed`). The
 * status stays: a complete order stays delivered with what is left, and a replacement is delivered by reopening it
 * (complete → in-progress), attaching, and completing again. A file that is not delivered is a 404; one the caller
 * may not remove a 403. In the caller's transaction.
 */
export async function removeDelivery(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  found: Stored<WorkRequestDoc>,
  fileId: string,
  reason: string,
  now = Date.now(),
): Promise<Stored<WorkRequestDoc>> {
  const wr = found.doc;
  const formats = deliveredFileIds(wr)
    .filter((g) => g.ids.includes(fileId))
    .map((g) => g.name);
  if (formats.length === 0) throw notFound('delivered file');
  const file = (await tx.get<Doc>('Files', fileId))?.doc;
  if (!mayRemoveDelivery(caller, wr, file))
    throw new DomainError(
      'forbidden',
      "a delivered file is removed by the studio's coordinators, or by the assignee who uploaded it before the order is complete",
    );
  const files = (wr.files ?? []).flatMap((g) => {
    if (!formats.includes(g.name ?? '')) return [g];
    const left = (g.files ?? []).filter((f) => !materialFileIds({ files: [f] }).includes(fileId));
    return left.length ? [{ ...g, files: left }] : [];
  });
  const name = typeof file?.name === 'string' ? file.name : fileId;
  return saveDeliveries(tx, bus, caller, found, files, {
    reason: `Removed ${name} from the ${formats.join(' and ')} delivery: ${reason}`,
    changed: formats.map((f) => `the ${f} delivery`),
    now,
  });
}

/**
 * Stores the order's new `files` with a history entry saying what changed (the status unchanged), and tells the
 * requester, coordinators and translator (`wr-changed`, naming the deliveries changed).
 */
async function saveDeliveries(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  found: Stored<WorkRequestDoc>,
  files: WorkRequestDoc['files'],
  what: { reason: string; changed: string[]; now: number },
): Promise<Stored<WorkRequestDoc>> {
  const wr = found.doc;
  const entry = {
    date: Math.floor(what.now / 1000),
    user: userSummaryOf(caller),
    status: wr.status ?? '',
    reason: what.reason,
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
    changed: what.changed,
    now: what.now,
  });
  return saved;
}
