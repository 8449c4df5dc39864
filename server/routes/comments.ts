/** Comments: the spec's PUT /comments/{id}, and the list / add extensions. Bodies are plain text. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { comment as commentSchema } from '../../src/api/schema/comment';
import type { Doc } from '../storage/store';
import type { WorkRequestDoc, TranslationDoc } from '../domain/types';
import { callerOf } from '../context';
import { presentComment } from '../http/present';
import { sendRecord } from '../http/records';
import { badRequest, forbidden, notFound, validationError } from '../http/errors';
import { canSeeWorkRequest } from '../domain/access';
import { emitWorkRequestEvent } from '../domain/events';
import { userSummaryOf } from '../domain/workRequests';
import { findOr404, presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';

const newComment = z.object({
  workRequest: z.string().regex(/^[0-9a-f]{24}$/, 'expected a work request id'),
  body: z.string().trim().min(1, 'a comment cannot be empty').max(20000),
});

export const commentRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store, bus } = services;

  function visibleWorkRequest(request: FastifyRequest, id: string): { wr: WorkRequestDoc; translator?: string } {
    const wr = findOr404<WorkRequestDoc>(services, 'Workrequests', id, 'work request').doc;
    const translator = wr.translation ? store.get<TranslationDoc>('Translations', wr.translation)?.doc.translator?._id : undefined;
    if (!canSeeWorkRequest(callerOf(request), wr, translator)) throw notFound('work request');
    return { wr, translator };
  }

  app.get('/comments', async (request, reply) => {
    const id = queryString(request, 'workRequest');
    if (!id) throw badRequest('workRequest: required, the id of a work request');
    visibleWorkRequest(request, id);
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
    const { wr, translator } = visibleWorkRequest(request, parsed.data.workRequest);
    const saved = store.insert('Comments', {
      workRequest: wr._id,
      user: userSummaryOf(caller),
      body: parsed.data.body,
      replies: [],
    });
    emitWorkRequestEvent(store, bus, { type: 'wr-comment', actor: caller, workRequest: wr, alsoNotify: [translator] });
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
