/**
 * Offlines: the spec's POST /offlines, the list extension, and the signed download. The reference server holds
 * no media, so the download is a JSON manifest of the offline (docs/API.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { offline as offlineSchema } from '../../src/api/schema/offline';
import type { Doc } from '../storage/store';
import type { WorkRequestDoc } from '../domain/types';
import { callerOf } from '../context';
import { presentOffline } from '../http/present';
import { bodyPolicy, parseBody, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { offlinePath } from '../http/mediaLinks';
import { openLink, readAsLinkHolder } from '../http/linkAccess';
import { recordUse, targetOfOffline } from '../http/transferLog';
import { findVisibleWorkRequest, presentContext, sendPage, type RouteOptions } from './helpers';
import { idParams, signedLinkQuery, workRequestQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

/** A body names the work request; the server fills the rest (docs/API.md, operation 6). */
const OFFLINE_POLICY = bodyPolicy(offlineSchema, { readOnly: ['from', 'project', 'asset', 'path'] });

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  post: { body: offlineSchema },
  get: { querystring: workRequestQuery, headers: pagedHeaders },
  download: { params: idParams, querystring: signedLinkQuery },
};

export const offlineRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store } = services;

  async function visibleWorkRequest(request: Parameters<typeof callerOf>[0], id: unknown): Promise<WorkRequestDoc> {
    if (typeof id !== 'string' || id === '') throw badRequest('workRequest: required, the id of a work request');
    return (await findVisibleWorkRequest(request, services, id)).doc;
  }

  app.post('/offlines', { schema: EDGES.post }, async (request, reply) => {
    const { fields } = parseBody(offlineSchema, request.body, OFFLINE_POLICY);
    const wr = await visibleWorkRequest(request, fields.workRequest);
    const saved = await store.insert('Offlines', {
      workRequest: wr._id,
      from: callerOf(request).id,
      project: wr.project?._id,
      asset: wr.asset?._id,
    });
    return sendRecord(reply, saved, presentOffline(presentContext(request, services), saved.doc));
  });

  app.get('/offlines', { schema: EDGES.get }, async (request, reply) => {
    const wr = await visibleWorkRequest(request, queryOf(request, workRequestQuery).workRequest);
    const ctx = presentContext(request, services);
    return sendPage(
      request,
      reply,
      services,
      'Offlines',
      {
        filters: [{ field: 'workRequest', op: 'eq', value: wr._id }],
      },
      (o) => presentOffline(ctx, o),
    );
  });

  // The download through its signed link (docs/API.md, "Signed links"): the link's person must still see the offline's
  // work request (the check of GET /offlines); each use is a download record (http/transferLog.ts).
  app.get<{ Params: { id: string } }>('/offlines/:id/download', { schema: EDGES.download }, async (request, reply) => {
    const { id } = request.params;
    // Signed links: the link's person, then the read check as them.
    const { link, caller } = await openLink(request, services, offlinePath(id));
    const o = (await store.get<Doc>('Offlines', id))?.doc;
    if (!o) throw notFound('offline');
    const wr = await readAsLinkHolder(services, 'Offlines', id, () => visibleWorkRequest(request, o.workRequest));
    recordUse(request, { kind: 'download', link, caller, target: targetOfOffline(o, wr) });
    reply.header('Content-Disposition', `attachment; filename="offline-${o._id}.json"`);
    reply.header('Cache-Control', 'private, no-store');
    return {
      offline: o._id,
      workRequest: o.workRequest,
      asset: wr?.asset?.name,
      language: wr?.language,
      territory: wr?.territory,
      note: 'The reference server holds no media: this manifest stands for the offline file.',
    };
  });
};
