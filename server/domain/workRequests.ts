/** Work request rules: who sees which, and status changes with their history entry and event. */
import type { Filter, Stored, Transaction } from '../storage/store';
import type { EventVerdict, NotificationBus } from './events';
import type { Caller, TranslationDoc, WorkRequestDoc } from './types';
import { studioScopeFilters } from './access';
import type { StatusChange, WorkRequestStatus } from '../../src/api/schema/workRequest';
import {
  allowedMoves,
  findMove,
  TRANSLATIONS_SUBMITTED_IN,
  WORKFLOW_ROLE_LABELS,
  workflowRoles,
  type WorkflowRole,
} from '../../src/api/schema/workflow';
import { conflict, DomainError, invalid } from './errors';
import type { Verdict } from '../../src/api/schema/translation';
import { isVerdictMove, verdictOf } from './review';
import { offlineGateReason } from '../../src/api/schema/offlineGate';
import { emitWorkRequestEvent } from './events';
import { announceDelivery } from './deliveryNotice';
import { LINE_FIELDS, SUMMARY_FIELD, summarize } from './translations';
import { rememberTranslation } from './memory';

/** Store filters limiting a work request list to what the caller may see (docs/API.md): canSeeWorkRequest as a query. */
export function visibilityFilters(caller: Caller): Filter[] {
  if (caller.isAdmin) return [];
  if (caller.isCoordinator) return studioScopeFilters(caller);
  if (caller.isTranslator) return [{ field: 'translator', op: 'eq', value: caller.id }];
  return [{ field: 'from', op: 'eq', value: caller.id }];
}

/** The user summary the spec embeds (history entries, comments): id, name, e-mail, groups by id and name. */
export function userSummaryOf(caller: Caller) {
  return {
    _id: caller.id,
    name: caller.user.name ?? '',
    emailNormal: caller.user.emailNormal ?? '',
    groups: caller.groups.map((g) => ({ _id: g._id, name: g.name })),
  };
}

/** The ids of the translators of a work request's translations (from the summaries it keeps). */
export function translatorsOf(wr: WorkRequestDoc): string[] {
  return [wr.translationSummary?.translator?._id, wr.graphicsTranslationSummary?.translator?._id].filter(
    (t): t is string => typeof t === 'string',
  );
}

/** The caller's roles towards a work request (the workflow's: admin, coordinator of its studio, translator, requester). */
export function rolesOf(caller: Caller, wr: WorkRequestDoc): WorkflowRole[] {
  return workflowRoles(
    { id: caller.id, admin: caller.isAdmin, coordinatorStudios: [...caller.studios] },
    { studio: wr.studio, requester: wr.from?._id, translators: translatorsOf(wr) },
  );
}

const quoted = (statuses: string[]) => (statuses.length ? statuses.map((s) => `"${s}"`).join(', ') : 'none');

/**
 * Throws unless the caller may move the work request to `to` (docs/API.md, "Workflow"): a move the workflow does
 * not have is a 409 (for everyone: the record's state is the problem), one it has for other roles a 403. Both name
 * the moves the caller may make from here (`details.allowed`).
 */
export function requireMove(caller: Caller, wr: WorkRequestDoc, to: string): void {
  const from = wr.status;
  const allowed = allowedMoves(from, rolesOf(caller, wr)).map((m): string => m.to);
  const details = { status: from, allowed };
  const yours = `you may move it to: ${quoted(allowed)}`;
  if (from === to) throw conflict(`status: this work request is "${to}" already; ${yours}`, details);
  const move = findMove(from, to);
  if (!move)
    throw conflict(`status: a work request cannot move from "${from ?? 'no status'}" to "${to}"; ${yours}`, details);
  if (!allowed.includes(to)) {
    const who = move.roles.map((r) => WORKFLOW_ROLE_LABELS[r]).join(', ');
    throw new DomainError('forbidden', `status: moving from "${from}" to "${to}" is for ${who}; ${yours}`, details);
  }
  // The offline review gate (docs/API.md "Offlines: files and review"): the record's state, so a 409.
  const gate = offlineGateReason(wr, to);
  if (gate) throw conflict(gate, { ...details, offlineApproval: 'required' });
}

/** The work request moved to `status`: `status`, `reason` and a history entry by the caller. Pure. */
export function withStatus(
  wr: WorkRequestDoc,
  caller: Caller,
  status: WorkRequestStatus,
  reason: string,
  now = Date.now(),
  notes: readonly string[] = [],
): WorkRequestDoc {
  const entry = { date: Math.floor(now / 1000), user: userSummaryOf(caller), status, reason };
  return {
    ...wr,
    status,
    reason,
    history: [...(wr.history ?? []), notes.length > 0 ? { ...entry, notes: [...notes] } : entry],
  };
}

/**
 * Keeps the translations in step with a move (docs/API.md, "Workflow"): into `for-review`, `approved` or `complete`
 * every translation is submitted (read-only for the translator; approved when the work request is); back to
 * `in-progress` from one of those, they open again (`incomplete`, not approved). Writes the translations that change
 * and answers the work request with its summaries of them updated.
 */
export async function syncTranslations(
  tx: Transaction,
  wr: WorkRequestDoc,
  from: string | undefined,
  to: string,
  verdict?: Verdict,
): Promise<WorkRequestDoc> {
  // A rejected work request may hold submitted translations (rejected under review): reworking it opens them too.
  const wasSubmitted =
    from !== undefined && (TRANSLATIONS_SUBMITTED_IN.includes(from as WorkRequestStatus) || from === 'rejected');
  const submitted = TRANSLATIONS_SUBMITTED_IN.includes(to as WorkRequestStatus);
  const target: Partial<TranslationDoc> | undefined = submitted
    ? { status: 'submitted', ...(to === 'for-review' ? {} : { approval: true }) }
    : wasSubmitted && to === 'in-progress'
      ? { status: 'incomplete', approval: false }
      : undefined;
  if (!target) return wr;
  return setTranslationFields(tx, wr, (t) =>
    t.status === (target.status ?? t.status) && t.approval === (target.approval ?? t.approval)
      ? undefined
      : // Sent back: the translator reads why, and which notes to address, on each translation.
        verdict && target.status === 'incomplete'
        ? { ...target, verdict }
        : target,
  );
}

/**
 * Sets top-level fields of each translation of a work request (dialogue and graphics): `change` answers the fields
 * to set (a field `undefined`: removed) or undefined to leave it. In the write's transaction, and without reading or
 * writing the lines (a feature's translation holds thousands: the translation is read without them and its fields
 * are merged in the database, `updateWhere` on its id). Answers the work request with its summaries in step.
 */
export async function setTranslationFields(
  tx: Transaction,
  wr: WorkRequestDoc,
  change: (t: TranslationDoc) => Partial<TranslationDoc> | undefined,
): Promise<WorkRequestDoc> {
  let next = wr;
  for (const [idField, summaryField] of Object.entries(SUMMARY_FIELD) as [
    keyof typeof SUMMARY_FIELD,
    (typeof SUMMARY_FIELD)[keyof typeof SUMMARY_FIELD],
  ][]) {
    const id = wr[idField];
    const found = id
      ? await tx.get<TranslationDoc>('Translations', id, { omit: LINE_FIELDS, forUpdate: true })
      : undefined;
    const fields = found && change(found.doc);
    if (!found || !fields) continue;
    await tx.updateWhere('Translations', [{ field: '_id', op: 'eq', value: found.doc._id }], fields);
    // Approved now: its lines feed the studio's translation memory, in this transaction (domain/memory.ts).
    if (fields.approval === true && found.doc.approval !== true) await rememberTranslation(tx, found.doc._id);
    const merged: Record<string, unknown> = { ...found.doc, ...fields };
    for (const [k, v] of Object.entries(fields)) if (v === undefined) delete merged[k];
    next = { ...next, [summaryField]: summarize(merged as TranslationDoc) };
  }
  return next;
}

/**
 * Moves a work request to a new status, when the workflow lets the caller (`requireMove`): appends the history
 * entry, sets `status` and `reason`, keeps its translations in step (`syncTranslations`) and emits the event (`wam`
 * for awaiting materials, `wr-status` otherwise), all in one transaction (`tx`'s, joined: the caller reads `found`
 * in it). With `expectedVersion`, a stale version is a 409. `base` is the record to move when the same write
 * changed it first (order changes); by default `found.doc`.
 */
export async function changeStatus(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  found: Stored<WorkRequestDoc>,
  change: StatusChange & { notes?: readonly string[] },
  expectedVersion?: number,
  now = Date.now(),
  base: WorkRequestDoc = found.doc,
): Promise<Stored<WorkRequestDoc>> {
  const wr = found.doc;
  requireMove(caller, wr, change.status);
  return tx.transaction(async (tx) => {
    // A send back or rejection from review is a verdict: its reason and the notes to address (docs/API.md "Verdicts").
    const verdict = isVerdictMove(wr.status, change.status)
      ? await verdictOf(tx, caller, wr, change.reason, change.notes, now)
      : undefined;
    if (!verdict && change.notes !== undefined && change.notes.length > 0)
      throw invalid('notes: only a send back or rejection of reviewed work names notes to address', [
        { path: 'notes', message: 'only with a move from review back to work or to rejected' },
      ]);
    const moved = withStatus(base, caller, change.status, change.reason, now, verdict?.notes);
    const next = await syncTranslations(tx, moved, wr.status, change.status, verdict);
    // Throws VersionConflict when the record moved on since it was read (or since the caller's If-Match).
    const saved = await tx.replace('Workrequests', next, expectedVersion ?? found.version);
    await emitWorkRequestEvent(tx, bus, {
      type: change.status === 'awaiting-materials' ? 'wam' : 'wr-status',
      actor: caller,
      workRequest: saved.doc,
      alsoNotify: change.status === 'awaiting-materials' ? [] : translatorsOf(wr),
      ...(verdict ? { verdict: await eventVerdictOf(tx, verdict) } : {}),
      now,
    });
    // Complete with files is delivered: the recipients are told (docs/API.md "Deliveries").
    if (change.status === 'complete') await announceDelivery(tx, bus, caller, saved.doc, now);
    return saved;
  });
}

/** The verdict as the event embeds it: each note named by its line and text, in the order the reviewer gave them. */
export async function eventVerdictOf(tx: Transaction, verdict: Verdict): Promise<EventVerdict> {
  const ids = verdict.notes ?? [];
  const found = new Map((await tx.getMany('Comments', ids)).map((c) => [c.doc._id, c.doc]));
  return {
    reason: verdict.reason ?? '',
    notes: ids.map((id) => {
      const note = found.get(id);
      return {
        _id: id,
        ...(typeof note?.line === 'number' ? { line: note.line } : {}),
        ...(typeof note?.body === 'string' ? { body: note.body } : {}),
        ...(typeof note?.lineText === 'string' ? { lineText: note.lineText } : {}),
      };
    }),
  };
}

/**
 * A translation is submitted while its work request is in progress (docs/API.md, "Workflow"): submitting sends the
 * work request for review once all its translations are in, which only an order being worked on may do. 409
 * otherwise, naming the status.
 */
export function requireSubmittable(wr: WorkRequestDoc): void {
  if (wr.status !== 'in-progress')
    throw conflict(
      `status: a translation is submitted while its work request is "in-progress"; this one is "${wr.status ?? 'without status'}"`,
      { workRequestStatus: wr.status },
    );
}

/**
 * The move of a work request that follows a change of one of its translations' status (`wr` already holds the
 * translation's new summary): the last one submitted sends an order in progress for review; one sent back
 * (submitted -> incomplete) reopens an order under review, approved or complete.
 */
export function followingMove(
  wr: WorkRequestDoc,
  before: string | undefined,
  after: string | undefined,
): { status: WorkRequestStatus; reason: string } | undefined {
  if (before !== 'submitted' && after === 'submitted' && wr.status === 'in-progress') {
    const summaries = [
      wr.translation ? wr.translationSummary : null,
      wr.graphicsTranslation ? wr.graphicsTranslationSummary : null,
    ].filter((t) => t !== null);
    if (summaries.length > 0 && summaries.every((t) => t?.status === 'submitted'))
      return { status: 'for-review', reason: 'Translation submitted' };
    return undefined;
  }
  if (
    before === 'submitted' &&
    after === 'incomplete' &&
    TRANSLATIONS_SUBMITTED_IN.includes(wr.status as WorkRequestStatus)
  )
    return { status: 'in-progress', reason: 'Translation sent back for changes' };
  return undefined;
}
