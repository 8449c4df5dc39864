/** Comments: the spec's PUT /comments/{id}, and the list / add extensions. Bodies are plain text. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { comment as commentSchema } from '../../src/api/schema/comment';
import type { Doc } from '../storage/store';
import { RECORD_ID } from '../storage/store';
import { callerOf } from '../context';
import { presentComment } from '../http/present';
import { bodyPolicy, parseInput, sendRecord } from '../http/records';
import { badRequest, forbidden, notFound } from '../http/errors';
import { canSeeWorkRequest, translatorOf } from '../domain/access';
import type { WorkRequestDoc } from '../domain/types';
import { emitWorkRequestEvent } from '../domain/events';
import { userSummaryOf } from '../domain/workRequests';
import { findVisibleWorkRequest, presentContext, sendPage, updateRecord, type RouteOptions } from './helpers';
import { idParams, workRequestQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

const newComment = z.object({
  workRequest: z.string().regex(RECORD_ID, 'expected a work request id'),
  body: z.string().trim().min(1, 'a comment cannot be empty').max(20000),
});

/** The author changes the text; the rest of a comment is the server's. */
const COMMENT_POLICY = bodyPolicy(commentSchema, { readOnly: ['workRequest', 'user', 'urls', 'edited', 'replies'] });

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: workRequestQuery, headers: pagedHeaders },
  post: { body: newComment },
  putOne: { params: idParams, body: commentSchema },
};

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

  app.post('/comments', { schema: EDGES.post }, async (request, reply) => {
    const input = parseInput(newComment, request.body);
    const caller = callerOf(request);
    // The comment and its event are stored together or not at all.
    const saved = await store.transaction(async (tx) => {
      const wr = (await findVisibleWorkRequest(request, tx, input.workRequest)).doc;
      const comment = await tx.insert('Comments', {
        workRequest: wr._id,
        user: userSummaryOf(caller),
        body: input.body,
        replies: [],
      });
      await emitWorkRequestEvent(tx, bus, {
        type: 'wr-comment',
        actor: caller,
        workRequest: wr,
        alsoNotify: [translatorOf(wr)],
      });
      return comment;
    });
    return sendRecord(reply, saved, presentComment(presentContext(request, services), saved.doc));
  });

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
