/** Comments: the spec's PUT /comments/{id}, and the list / add extensions. Bodies are plain text. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { comment as commentSchema, NOTE_CATEGORIES } from '../../src/api/schema/comment';
import type { Doc, Transaction } from '../storage/store';
import { RECORD_ID } from '../storage/store';
import { callerOf } from '../context';
import { presentComment } from '../http/present';
import { bodyPolicy, parseInput, sendRecord } from '../http/records';
import { badRequest, forbidden, notFound } from '../http/errors';
import { canSeeWorkRequest, translatorOf } from '../domain/access';
import type { Caller, WorkRequestDoc } from '../domain/types';
import { emitWorkRequestEvent } from '../domain/events';
import { userSummaryOf } from '../domain/workRequests';
import { noteFields, resolutionOf, isReviewer, REVIEW_TEXT_MAX } from '../domain/review';
import { findVisibleWorkRequest, presentContext, sendPage, updateRecord, type RouteOptions } from './helpers';
import { idParams, workRequestQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

/**
 * A comment, or a review note when it names a `translation` (then `line`, `time` and `category` too), or a note on a
 * frame of an offline when it names an `offline` (then `time`, seconds into it: docs/API.md "Offlines: files and
 * review").
 */
const newComment = z
  .object({
    workRequest: z.string().regex(RECORD_ID, 'expected a work request id'),
    body: z.string().trim().min(1, 'a comment cannot be empty').max(20000),
    translation: z.string().regex(RECORD_ID, 'expected a translation id').optional(),
    offline: z.string().regex(RECORD_ID, 'expected an offline id').optional(),
    line: z.number().int('expected a line number').min(0).optional(),
    time: z.number().finite().min(0, 'a time in seconds, 0 or more').max(86_400).optional(),
    category: z.enum(NOTE_CATEGORIES).optional(),
    suggestion: z.string().max(REVIEW_TEXT_MAX).optional(),
  })
  .superRefine((c, ctx) => {
    const noteFields = ['line', 'time', 'category', 'suggestion'] as const;
    if (c.offline !== undefined) {
      if (c.translation !== undefined)
        ctx.addIssue({ code: 'custom', path: ['offline'], message: 'a note is on a translation or an offline' });
      for (const f of ['line', 'category', 'suggestion'] as const)
        if (c[f] !== undefined)
          ctx.addIssue({ code: 'custom', path: [f], message: 'only on a review note (with translation)' });
      if (c.time === undefined)
        ctx.addIssue({ code: 'custom', path: ['time'], message: 'required on a note on an offline' });
      return;
    }
    if (c.translation === undefined) {
      for (const f of noteFields)
        if (c[f] !== undefined)
          ctx.addIssue({ code: 'custom', path: [f], message: 'only on a review note (with translation)' });
      return;
    }
    for (const f of ['line', 'time', 'category'] as const)
      if (c[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: 'required on a review note' });
  });

/** The body of `PUT /comments/{id}/resolution`: a reply, a changed line, or both. */
const newResolution = z.object({
  reply: z.string().max(REVIEW_TEXT_MAX).optional(),
  change: z.boolean().optional(),
});

/** The author changes the text (and a note's suggestion); the rest of a comment is the server's. */
const COMMENT_POLICY = bodyPolicy(commentSchema, {
  readOnly: [
    'workRequest',
    'user',
    'urls',
    'edited',
    'replies',
    'translation',
    'offline',
    'line',
    'time',
    'category',
    'lineText',
    'round',
    'resolution',
  ],
});

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: workRequestQuery, headers: pagedHeaders },
  post: { body: newComment },
  putOne: { params: idParams, body: commentSchema },
  resolve: { params: idParams, body: newResolution },
  reopen: { params: idParams },
};

/** A note on an offline: one of this order's offlines with a file (400 otherwise, naming the field). */
async function offlineNoteFields(tx: Transaction, wr: WorkRequestDoc, offline: string, time: number) {
  const o = (await tx.get<Doc>('Offlines', offline))?.doc;
  if (!o || o.workRequest !== wr._id || typeof o.file !== 'string')
    throw badRequest(`offline: ${offline} is not an offline with a file of this work request`, [
      { path: 'offline', message: 'not an offline with a file of this work request' },
    ]);
  return { offline, time: Math.round(time * 1000) / 1000 };
}

export const commentRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store, bus } = services;

  app.get('/comments', { schema: EDGES.get }, async (request, reply) => {
    const id = queryOf(request, workRequestQuery).workRequest;
    if (!id) throw badRequest('workRequest: required, the id of a work request');
    await findVisibleWorkRequest(request, services, id);
    const ctx = presentContext(request, services);
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Comments',
      {
        filters: [{ field: 'workRequest', op: 'eq', value: id }],
        sort: { field: 'created', dir: 'asc' },
      },
      (c) => presentComment(ctx, c),
    );
  });

  /** A comment added or a note resolved: the work request's people and its translator are told. */
  const emitCommentEvent = (tx: Transaction, caller: Caller, wr: WorkRequestDoc) =>
    emitWorkRequestEvent(tx, bus, {
      type: 'wr-comment',
      actor: caller,
      workRequest: wr,
      alsoNotify: [translatorOf(wr)],
    });

  app.post('/comments', { schema: EDGES.post }, async (request, reply) => {
    const input = parseInput(newComment, request.body);
    const caller = callerOf(request);
    // The comment and its event are stored together or not at all.
    const saved = await store.transaction(async (tx) => {
      const wr = (await findVisibleWorkRequest(request, tx, input.workRequest)).doc;
      const note =
        input.offline !== undefined
          ? await offlineNoteFields(tx, wr, input.offline, input.time!)
          : input.translation === undefined
            ? {}
            : await noteFields(tx, caller, wr, {
                translation: input.translation,
                line: input.line!,
                time: input.time!,
                category: input.category!,
                suggestion: input.suggestion,
              });
      const comment = await tx.insert('Comments', {
        workRequest: wr._id,
        user: userSummaryOf(caller),
        body: input.body,
        replies: [],
        ...note,
      });
      await emitCommentEvent(tx, caller, wr);
      return comment;
    });
    return sendRecord(reply, saved, presentComment(presentContext(request, services), saved.doc));
  });

  app.put<{ Params: { id: string } }>('/comments/:id/resolution', { schema: EDGES.resolve }, (request, reply) =>
    changeResolution(request, reply, request.params.id, parseInput(newResolution, request.body)),
  );

  app.delete<{ Params: { id: string } }>('/comments/:id/resolution', { schema: EDGES.reopen }, (request, reply) =>
    changeResolution(request, reply, request.params.id, undefined),
  );

  /**
   * Resolves a note (`input`) or reopens it (undefined: its reviewers only). A note on a work request the caller
   * cannot see is a 404, as for comments.
   */
  async function changeResolution(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    input: z.infer<typeof newResolution> | undefined,
  ) {
    const caller = callerOf(request);
    const saved = await store.transaction(async (tx) => {
      const found = await tx.get<Doc>('Comments', id, { forUpdate: true });
      if (!found) throw notFound('comment');
      const wr = (await tx.get<WorkRequestDoc>('Workrequests', String(found.doc.workRequest)))?.doc;
      if (!wr || !(caller.isAdmin || canSeeWorkRequest(caller, wr))) throw notFound('comment');
      let next: Doc;
      if (input) {
        next = { ...found.doc, resolution: await resolutionOf(tx, caller, wr, found.doc, input) };
      } else {
        if (!isReviewer(caller, wr)) throw forbidden('a note is reopened by its reviewers');
        next = { ...found.doc };
        delete next.resolution;
      }
      const stored = await tx.replace('Comments', next, found.version);
      await emitCommentEvent(tx, caller, wr);
      return stored;
    });
    return sendRecord(reply, saved, presentComment(presentContext(request, services), saved.doc));
  }

  app.put<{ Params: { id: string } }>('/comments/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord<Doc>(
      request,
      reply,
      services,
      {
        collection: 'Comments',
        what: 'comment',
        schema: commentSchema,
        policy: () => COMMENT_POLICY,
        async authorize(caller, current, tx) {
          // A comment on a work request the caller cannot see (another studio's, for a coordinator) is not revealed.
          const wr =
            typeof current?.workRequest === 'string'
              ? (await tx.get<WorkRequestDoc>('Workrequests', current.workRequest))?.doc
              : undefined;
          if (!caller.isAdmin && !(wr && canSeeWorkRequest(caller, wr))) throw notFound('comment');
          if ((current?.user as { _id?: string } | undefined)?._id !== caller.id)
            throw forbidden('only the author edits a comment');
        },
        prepare(next, fields, _caller, current) {
          if ('body' in fields && String(fields.body).trim() === '')
            throw badRequest('body: a comment cannot be empty');
          return next.body === current?.body ? next : { ...next, edited: Math.floor(Date.now() / 1000) };
        },
        present: presentComment,
      },
      request.params.id,
    ),
  );
};
