/** Translations: the spec's PUT /translations/{id}, and the list / get extensions. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { translation as translationSchema, TRANSLATION_STATUSES } from '../../src/api/schema/translation';
import type { Doc, Filter } from '../storage/store';
import type { TranslationDoc, WorkRequestDoc } from '../domain/types';
import { callerOf } from '../context';
import { presentTranslation } from '../http/present';
import { lineStats, LINE_FIELDS, SUMMARY_FIELD, summarize } from '../domain/translations';
import { badRequest, forbidden, notFound } from '../http/errors';
import { bodyPolicy, narrowPolicy, sendRecord } from '../http/records';
import { emitWorkRequestEvent } from '../domain/events';
import { parentScopeFilters } from '../domain/access';
import {
  eventVerdictOf,
  followingMove,
  requireMove,
  requireSubmittable,
  translatorsOf,
  withStatus,
} from '../domain/workRequests';
import { rememberTranslation } from '../domain/memory';
import { submissionOf, submittedReason } from '../domain/submission';
import { FALLBACK_SPEC, judgeSubmission } from '../domain/specs';
import { DEFAULT_FPS } from '../../src/api/schema/qc/frameRate';
import { acceptedOf } from '../domain/qcAcceptances';
import { recordRound, verdictOf } from '../domain/review';
import { MAX_ROUNDS } from '../../src/api/schema/round';
import { findOr404, presentContext, sendPage, updateRecord, eqFilter, type RouteOptions } from './helpers';
import { canReadTranslation, withStudioScope } from './scope';
import { idParams, roundParams, translationListQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

/**
 * What a body may set (docs/API.md, "Writable fields"). The record's place (asset, work request), its track and
 * the counts the server keeps are the server's; a translator also leaves approval, assignment and language.
 */
const COORDINATOR_POLICY = bodyPolicy(translationSchema, {
  readOnly: ['asset', 'workRequest', 'kind', 'lineCount', 'translatedCount', 'rounds'],
});
const TRANSLATOR_POLICY = narrowPolicy(COORDINATOR_POLICY, ['approval', 'translator', 'language', 'verdict']);

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: translationListQuery, headers: pagedHeaders },
  getOne: { params: idParams },
  putOne: { params: idParams, body: translationSchema },
  rounds: { params: idParams },
  round: { params: roundParams },
};

export const translationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { bus } = services;

  app.get('/translations', { schema: EDGES.get }, async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    // The rule of canSeeTranslation as a query (transcriptions are not listed: see below).
    const filters: Filter[] = caller.isAdmin
      ? []
      : caller.isCoordinator
        ? parentScopeFilters(caller, 'asset', 'Assets')
        : [{ field: 'translator', op: 'eq', value: caller.id }];
    const { status, language } = queryOf(request, translationListQuery);
    filters.push(...eqFilter('status', status), ...eqFilter('language', language));
    // Transcriptions (the original-language records of assets) have no work request: they are not work.
    filters.push({ field: 'workRequest', op: 'gt', value: '' });
    return sendPage<TranslationDoc>(
      request,
      reply,
      services,
      'Translations',
      { filters, omit: LINE_FIELDS },
      async (t) => {
        const wr = t.workRequest
          ? (await ctx.records.get<WorkRequestDoc>('Workrequests', t.workRequest))?.doc
          : undefined;
        return {
          ...presentTranslation(ctx, t, false),
          due: wr?.due,
          assetName: wr?.asset?.name,
          workRequestStatus: wr?.status,
          workRequestTerritory: wr?.territory,
        };
      },
    );
  });

  app.get<{ Params: { id: string } }>('/translations/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const found = await findOr404<TranslationDoc>(services, 'Translations', request.params.id, 'translation');
    if (!(await canReadTranslation(request, services, found.doc))) throw notFound('translation');
    return sendRecord(reply, found, presentTranslation(presentContext(request, services), found.doc, true));
  });

  /** The rounds a translation was submitted in, oldest first, without their lines (docs/API.md "Review rounds"). */
  app.get<{ Params: { id: string } }>('/translations/:id/rounds', { schema: EDGES.rounds }, async (request) => {
    const t = await readableTranslation(request, request.params.id);
    const page = await services.store.list('Rounds', {
      filters: [{ field: 'translation', op: 'eq', value: t._id }],
      sort: { field: 'round', dir: 'asc' },
      omit: ['lines'],
      offset: 0,
      limit: MAX_ROUNDS,
    });
    return page.items.map(presentRound);
  });

  /** One round with its lines as submitted. */
  app.get<{ Params: { id: string; round: string } }>(
    '/translations/:id/rounds/:round',
    { schema: EDGES.round },
    async (request) => {
      const t = await readableTranslation(request, request.params.id);
      const page = await services.store.list('Rounds', {
        filters: [{ field: 'key', op: 'eq', value: `${t._id}:${Number(request.params.round)}` }],
        offset: 0,
        limit: 1,
      });
      if (!page.items[0]) throw notFound('round');
      return presentRound(page.items[0]);
    },
  );

  async function readableTranslation(request: FastifyRequest, id: string): Promise<TranslationDoc> {
    const found = await findOr404<TranslationDoc>(services, 'Translations', id, 'translation');
    if (!(await canReadTranslation(request, services, found.doc))) throw notFound('translation');
    return found.doc;
  }

  app.put<{ Params: { id: string } }>('/translations/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord<TranslationDoc>(
      request,
      reply,
      services,
      withStudioScope({
        collection: 'Translations',
        what: 'translation',
        schema: translationSchema,
        policy: (caller) => (caller.isAdmin || caller.isCoordinator ? COORDINATOR_POLICY : TRANSLATOR_POLICY),
        authorize(caller, current) {
          if (caller.isAdmin || caller.isCoordinator) return;
          if (!current || current.translator?._id !== caller.id)
            throw forbidden('this translation is assigned to someone else');
          if (current.status === 'submitted')
            throw forbidden('this translation was submitted: it is read-only until sent back');
        },
        async prepare(next, fields, caller, current, tx) {
          if (fields.status !== undefined && !(TRANSLATION_STATUSES as readonly unknown[]).includes(fields.status)) {
            throw badRequest(`status: expected one of ${TRANSLATION_STATUSES.join(', ')}`);
          }
          if (fields.translator !== undefined) next = { ...next, translator: keptTranslator(fields, current) };
          const submitting = current?.status !== 'submitted' && next.status === 'submitted';
          if (submitting && next.workRequest) {
            const wr = (await tx.get<WorkRequestDoc>('Workrequests', next.workRequest))?.doc;
            if (wr) requireSubmittable(wr);
            // A note to the reviewer; untranslated lines or errors need a reason (docs/API.md "Submitting").
            // Errors counted by the order's delivery specification (docs/API.md "Delivery specifications").
            const judged = wr
              ? await judgeSubmission(tx, wr, next.language, next.lines ?? [], await acceptedOf(tx, next._id))
              : { errors: {}, spec: { name: FALLBACK_SPEC.name, frameRate: DEFAULT_FPS } };
            next = { ...next, submission: submissionOf(fields.submission, next.lines, caller, judged) };
            // The lines as submitted are the next review round (docs/API.md "Review rounds").
            const round = await recordRound(tx, caller, next);
            next = { ...next, rounds: round.doc.round as number };
          } else if (fields.submission !== undefined && !sameJson(fields.submission, current?.submission)) {
            throw badRequest('submission: set by a submit (with "status": "submitted") only', [
              { path: 'submission', message: 'only with "status": "submitted"' },
            ]);
          }
          const sendingBack = current?.status === 'submitted' && next.status === 'incomplete';
          if (sendingBack && next.workRequest) {
            // Sent back: why, and which notes to address (docs/API.md "Verdicts"); no reason is a 400.
            const wr = (await tx.get<WorkRequestDoc>('Workrequests', next.workRequest))?.doc;
            const given = (fields.verdict ?? {}) as { reason?: unknown; notes?: unknown };
            if (wr) next = { ...next, verdict: await verdictOf(tx, caller, wr, given.reason, given.notes) };
          } else if (fields.verdict !== undefined && !sameJson(fields.verdict, current?.verdict)) {
            throw badRequest('verdict: set by a send back (with "status": "incomplete" from "submitted") only', [
              { path: 'verdict', message: 'only when sending a submitted translation back' },
            ]);
          }
          return { ...next, ...lineStats(next.lines) };
        },
        present: (ctx, t) => presentTranslation(ctx, t, true),
        // authorize, prepare and after read status, translator and the coordinator fields, never the old lines.
        replacedUnread: ['lines'],
        async after(saved, previous, caller, tx) {
          // Approved by this write: its lines feed the studio's translation memory (domain/memory.ts).
          if (saved.approval === true && previous?.approval !== true) await rememberTranslation(tx, saved._id);
          // Keep the work request's summary of this translation in step (lists show it and filter on its translator),
          // and its status (docs/API.md, "Workflow"): the last translation submitted sends it for review, one sent
          // back reopens it.
          const found = saved.workRequest ? await tx.get<WorkRequestDoc>('Workrequests', saved.workRequest) : undefined;
          if (!found) return;
          const field =
            found.doc.translation === saved._id
              ? SUMMARY_FIELD.translation
              : found.doc.graphicsTranslation === saved._id
                ? SUMMARY_FIELD.graphicsTranslation
                : undefined;
          const summarized: WorkRequestDoc = field ? { ...found.doc, [field]: summarize(saved) } : found.doc;
          const move = followingMove(summarized, previous?.status, saved.status);
          if (move) requireMove(caller, found.doc, move.status);
          const reason =
            move && saved.status === 'submitted'
              ? submittedReason(move.reason, saved.submission)
              : move && saved.verdict && saved.status === 'incomplete'
                ? `${move.reason}. Reason: ${saved.verdict.reason}`
                : move?.reason;
          const notes = saved.status === 'incomplete' ? saved.verdict?.notes : undefined;
          const next = move ? withStatus(summarized, caller, move.status, reason!, undefined, notes) : summarized;
          const stored = next === found.doc ? found : await tx.replace('Workrequests', next, found.version);
          if (previous?.status !== 'submitted' && saved.status === 'submitted') {
            await emitWorkRequestEvent(tx, bus, {
              type: 'translation-submitted',
              actor: caller,
              workRequest: stored.doc,
            });
          } else if (move) {
            // A send back of this translation is a verdict as the order's is: the inbox lists its notes.
            const verdict = saved.status === 'incomplete' && saved.verdict ? saved.verdict : undefined;
            await emitWorkRequestEvent(tx, bus, {
              type: 'wr-status',
              actor: caller,
              workRequest: stored.doc,
              alsoNotify: translatorsOf(stored.doc),
              ...(verdict ? { verdict: await eventVerdictOf(tx, verdict) } : {}),
            });
          }
        },
      }),
      request.params.id,
    ),
  );
};

/**
 * A translation's `translator` is its work request's assignee (docs/API.md, "Assignment"): set on all its translations
 * at once by `PUT /workrequests/{id}` (`assignee`), which checks that the user translates for the studio and tells
 * them. A body naming the translator it has (a client sending back the record it read) keeps the stored summary; one
 * naming someone else is a 400 pointing there (before, it split a work request between two translators, and the
 * graphics translator could not see the work request, and took any user or a made-up name).
 */
function keptTranslator(fields: Partial<TranslationDoc>, current: TranslationDoc | undefined) {
  const given = fields.translator?._id;
  if (current && given === current.translator?._id) return current.translator;
  const message = current?.workRequest
    ? `a work request's translations are assigned together: PUT /api/workrequests/${current.workRequest} with {"assignee": "<user id>"}`
    : 'a transcription has no translator';
  throw badRequest(`translator: ${message}`, [{ path: 'translator', message }]);
}

/** A round as the interface answers it: the key is the store's. */
function presentRound(r: Doc): Record<string, unknown> {
  const { key: _key, ...rest } = r;
  return rest;
}

/** Whether a body's value is the stored one (a client sending back the record it read). */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
