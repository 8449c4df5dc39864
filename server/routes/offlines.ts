/**
 * Offlines: the spec's POST /offlines (extension: with an uploaded `file`), the list extension, the review
 * extension (POST /offlines/{id}/review) and the signed download: the offline's file's bytes, or for a bare offline
 * (no file: the spec's request) a JSON manifest (docs/API.md "Offlines: files and review").
 */
import type { FastifyPluginAsync } from 'fastify';
import { offline as offlineSchema, offlineVerdict, type OfflineKind } from '../../src/api/schema/offline';
import type { Doc } from '../storage/store';
import type { WorkRequestDoc } from '../domain/types';
import { callerOf } from '../context';
import { presentOffline } from '../http/present';
import { bodyPolicy, parseBody, parseInput, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { offlinePath } from '../http/mediaLinks';
import { openLink, readAsLinkHolder } from '../http/linkAccess';
import { recordUse, targetOfOffline } from '../http/transferLog';
import { findVisibleWorkRequest, presentContext, sendPage, type RouteOptions } from './helpers';
import { idParams, signedLinkQuery, workRequestQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';
import { addOffline, reviewOffline } from '../domain/offlines';
import { uploadedContent } from '../uploads/uploadedContent';
import { sendMediaSource } from '../http/mediaResponse';

/** A body names the work request; the server fills the rest (docs/API.md, operation 6). */
const OFFLINE_POLICY = bodyPolicy(offlineSchema, {
  readOnly: ['from', 'project', 'asset', 'path', 'name', 'review', 'approval', 'rejections'],
});

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  post: { body: offlineSchema },
  get: { querystring: workRequestQuery, headers: pagedHeaders },
  download: { params: idParams, querystring: signedLinkQuery },
  review: { params: idParams, body: offlineVerdict },
};

export const offlineRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store } = services;

  async function visibleWorkRequest(request: Parameters<typeof callerOf>[0], id: unknown): Promise<WorkRequestDoc> {
    if (typeof id !== 'string' || id === '') throw badRequest('workRequest: required, the id of a work request');
    return (await findVisibleWorkRequest(request, services, id)).doc;
  }

  app.post('/offlines', { schema: EDGES.post }, async (request, reply) => {
    const { fields } = parseBody(offlineSchema, request.body, OFFLINE_POLICY);
    if (typeof fields.workRequest !== 'string' || fields.workRequest === '')
      throw badRequest('workRequest: required, the id of a work request');
    const workRequest = fields.workRequest;
    const saved = await store.transaction(async (tx) => {
      const found = await findVisibleWorkRequest(request, tx, workRequest);
      return addOffline(tx, services.bus, callerOf(request), found, {
        file: fields.file as string | undefined,
        kind: fields.kind as OfflineKind | undefined,
      });
    });
    return sendRecord(reply, saved, presentOffline(presentContext(request, services), saved.doc));
  });

  // Extension: the studio's verdict on an offline (domain/offlines.ts).
  app.post<{ Params: { id: string } }>('/offlines/:id/review', { schema: EDGES.review }, async (request, reply) => {
    const verdict = parseInput(offlineVerdict, request.body);
    const saved = await store.transaction(async (tx) => {
      const o = await tx.get<Doc>('Offlines', request.params.id, { forUpdate: true });
      if (!o) throw notFound('offline');
      const found = await findVisibleWorkRequest(request, tx, String(o.doc.workRequest));
      return reviewOffline(tx, services.bus, callerOf(request), o, found, verdict);
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
    // The offline's file: its bytes, as the file's own signed content link sends them.
    if (typeof o.file === 'string') {
      const file = (await store.get<Doc>('Files', o.file))?.doc;
      const source = file && uploadedContent(services.blobs, file);
      if (!source) throw notFound("offline's file");
      return sendMediaSource(request, reply, source, link.expires, source.type);
    }
    reply.header('Content-Disposition', `attachment; filename="offline-${o._id}.json"`);
    reply.header('Cache-Control', 'private, no-store');
    return {
      offline: o._id,
      workRequest: o.workRequest,
      asset: wr?.asset?.name,
      language: wr?.language,
      territory: wr?.territory,
      note: 'This offline has no file (a request for one): this manifest stands for it.',
    };
  });
};
