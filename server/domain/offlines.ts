/**
 * Offlines with files and their review (docs/API.md "Offlines: files and review"). An offline is an uploaded File
 * of the order (its `workrequest`), added by whoever works the order — a vendor's translator, the studio — and only
 * with a file they uploaded themselves (the studio's coordinators and admins may add any of the order's files). The
 * studio's coordinators and admins approve or reject it; a rejection says why. Each step is recorded on the offline
 * (`review`, `approval`, `rejections`), in the work request's `offlines` summary (what the workflow gate reads,
 * src/api/schema/offlineGate.ts) and its history, and told (`wr-changed`), all in one transaction.
 */
import type { Doc, Stored, Transaction } from '../storage/store';
import type { NotificationBus } from './events';
import { emitWorkRequestEvent } from './events';
import type { Caller, WorkRequestDoc } from './types';
import { DomainError, conflict } from './errors';
import { orderUploadOf } from './orderFiles';
import { translatorsOf, userSummaryOf } from './workRequests';
import { isStudioSide } from './orders';
import type { OfflineKind, OfflineVerdict } from '../../src/api/schema/offline';
import type { OfflineSummary } from '../../src/api/schema/offlineGate';

const forbidden = (message: string) => new DomainError('forbidden', message);

/** The work request with one offline's summary put in its `offlines` (replacing the one of the same id). */
function withSummary(wr: WorkRequestDoc, summary: OfflineSummary): WorkRequestDoc {
  const others = (wr.offlines ?? []).filter(
    (o) => !(o && typeof o === 'object' && (o as { _id?: unknown })._id === summary._id),
  );
  return { ...wr, offlines: [...others, summary] };
}

function historyEntry(caller: Caller, wr: WorkRequestDoc, reason: string, now: number) {
  return { date: Math.floor(now / 1000), user: userSummaryOf(caller), status: wr.status ?? '', reason };
}

/** Adds an offline to a work request: with its File when given (`file`), else the spec's bare offline. */
export async function addOffline(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  found: Stored<WorkRequestDoc>,
  input: { file?: string; kind?: OfflineKind },
  now = Date.now(),
): Promise<Stored<Doc>> {
  const wr = found.doc;
  const base = { workRequest: wr._id, from: caller.id, project: wr.project?._id, asset: wr.asset?._id };
  if (input.file === undefined) return tx.insert('Offlines', base);
  const file = await orderUploadOf(tx, caller, wr, input.file, 'the offline');
  const kind = input.kind ?? 'dialogue';
  const saved = await tx.insert('Offlines', {
    ...base,
    file: file._id,
    name: file.name,
    kind,
    review: 'pending',
    approval: null,
    rejections: [],
  });
  const next = withSummary(wr, { _id: saved.doc._id, kind, review: 'pending' });
  const words = kind === 'graphics' ? 'graphics offline' : 'offline';
  next.history = [...(wr.history ?? []), historyEntry(caller, wr, `Added the ${words} ${String(file.name)}`, now)];
  const moved = await tx.replace('Workrequests', next, found.version);
  await emitWorkRequestEvent(tx, bus, {
    type: 'wr-changed',
    actor: caller,
    workRequest: moved.doc,
    alsoNotify: translatorsOf(moved.doc),
    changed: [`the ${words}s`],
    now,
  });
  return saved;
}

/**
 * The studio's verdict on an offline: approved, or rejected with a reason. Only admins and the studio's
 * coordinators (403 otherwise); an offline without a file has nothing to review (409); a verdict replaces the
 * previous one (a rejected offline fixed in place may be approved; an approved one rejected after all).
 */
export async function reviewOffline(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  offline: Stored<Doc>,
  found: Stored<WorkRequestDoc>,
  verdict: OfflineVerdict,
  now = Date.now(),
): Promise<Stored<Doc>> {
  const wr = found.doc;
  if (!isStudioSide(caller, wr.studio))
    throw forbidden("offlines are approved or rejected by admins and the studio's coordinators");
  const o = offline.doc;
  if (typeof o.file !== 'string')
    throw conflict('this offline has no file to review: add an offline with its uploaded file');
  const by = { date: Math.floor(now / 1000), user: { _id: caller.id, name: caller.user.name ?? '' } };
  const reason = verdict.reason ?? '';
  const rejections: unknown[] = Array.isArray(o.rejections) ? (o.rejections as unknown[]) : [];
  const next: Doc =
    verdict.verdict === 'approved'
      ? { ...o, review: 'approved', approval: { ...by, reason } }
      : { ...o, review: 'rejected', approval: null, rejections: [...rejections, { ...by, reason }] };
  const saved = await tx.replace('Offlines', next, offline.version);
  const kind = (o.kind as OfflineKind | undefined) ?? 'dialogue';
  const nextWr = withSummary(wr, { _id: o._id, kind, review: verdict.verdict });
  const words = `${kind === 'graphics' ? 'Graphics offline' : 'Offline'} ${typeof o.name === 'string' ? o.name : o._id}`;
  const said = verdict.verdict === 'approved' ? `${words} approved` : `${words} rejected: ${reason}`;
  nextWr.history = [
    ...(wr.history ?? []),
    historyEntry(caller, wr, reason && verdict.verdict === 'approved' ? `${said}: ${reason}` : said, now),
  ];
  const moved = await tx.replace('Workrequests', nextWr, found.version);
  await emitWorkRequestEvent(tx, bus, {
    type: 'wr-changed',
    actor: caller,
    workRequest: moved.doc,
    alsoNotify: [typeof o.from === 'string' ? o.from : undefined, ...translatorsOf(moved.doc)],
    changed: [`the review of ${words.toLowerCase()}`],
    now,
  });
  return saved;
}
