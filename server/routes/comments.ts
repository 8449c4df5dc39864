/** Comments: the spec's PUT /comments/{id}, and the list / add extensions. Bodies are plain text. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { comment as commentSchema } from '../../src/api/schema/comment';
import type { Doc } from '../storage/store';
import { RECORD_ID } from '../storage/store';
import { callerOf } from '../context';
import { presentComment } from '../http/present';
import { sendRecord } from '../http/records';
import { badRequest, forbidden, validationError } from '../http/errors';
import { translatorOf } from '../domain/access';
import { emitWorkRequestEvent } from '../domain/events';
import { userSummaryOf } from '../domain/workRequests';
import { findVisibleWorkRequest, presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';

const newComment = z.object({
  workRequest: z.string().regex(RECORD_ID, 'expected a work request id'),
  body: z.string().trim().min(1, 'a comment cannot be empty').max(20000),
});

export const commentRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store, bus } = services;


  app.get('/comments', async (request, reply) => {
    const id = queryString(request, 'workRequest');
    if (!id) throw badRequest('workRequest: required, the id of a work request');
    findVisibleWorkRequest(request, services, id);
    const ctx = presentContext(request, services);
    return sendPage<Doc>(request, reply, services, 'Comments', {
      filters: [{ field: 'workRequest', op: 'eq', value: id }],
      sort: { field: 'created', dir: 'asc' },
    }, (c) => presentComment(ctx, c));
  });

  app.post('/comments', async (request, reply) => {
    const parsed = newComment.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const caller = callerOf(request);
    const wr = findVisibleWorkRequest(request, services, parsed.data.workRequest).doc;
    const saved = store.insert('Comments', {
      workRequest: wr._id,
      user: userSummaryOf(caller),
      body: parsed.data.body,
      replies: [],
    });
    emitWorkRequestEvent(store, bus, { type: 'wr-comment', actor: caller, workRequest: wr, alsoNotify: [translatorOf(wr)] });
    return sendRecord(reply, saved, presentComment(presentContext(request, services), saved.doc));
  });

  app.put<{ Params: { id: string } }>('/comments/:id', async (request, reply) =>
    updateRecord<Doc>(request, reply, services, {
      collection: 'Comments',
      what: 'comment',
      schema: commentSchema,
      authorize(caller, current) {
        if ((current?.user as { _id?: string } | undefined)?._id !== caller.id) throw forbidden('only the author edits a comment');
      },
      prepare(next, fields, _caller, current) {
        if ('body' in fields && String(fields.body).trim() === '') throw badRequest('body: a comment cannot be empty');
        // Author, work request and replies stay as they are.
        return { ...next, user: current?.user, workRequest: current?.workRequest, edited: Math.floor(Date.now() / 1000) };
      },
      present: presentComment,
    }, request.params.id),
  );
};
