/**
 * Extension `GET /assets/{id}/downloads` (docs/API.md, "Downloads and views"): who downloaded or viewed what of an
 * asset through signed links, newest first, X-Range paged like every list. Readable by admins and the coordinators
 * of the asset's studio (mayReadDownloads): anyone else who sees the asset gets 403, and one who does not, 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Doc } from '../storage/store';
import type { Caller } from '../domain/types';
import type { DownloadDoc } from '../http/transferLog';
import { callerOf } from '../context';
import { forbidden } from '../http/errors';
import { sendPage, type RouteOptions } from './helpers';
import { findReadable } from './scope';
import { idParams, pagedHeaders } from '../../src/api/schema/queries';

/** Who may read an asset's download and view records (the report permissions will widen this in one place). */
export function mayReadDownloads(caller: Caller, asset: Doc): boolean {
  return caller.isAdmin || (typeof asset.studio === 'string' && caller.studios.has(asset.studio));
}

/** A record as the list shows it: the person by id and name, where from, what and how much. */
function presentDownload(d: DownloadDoc) {
  return {
    _id: d._id,
    kind: d.kind,
    user: { _id: d.user, name: d.userName },
    ...(d.file ? { file: d.file } : {}),
    ...(d.preview ? { preview: d.preview } : {}),
    ...(d.offline ? { offline: d.offline } : {}),
    asset: d.asset,
    project: d.project,
    studio: d.studio,
    ...(d.workRequest ? { workRequest: d.workRequest } : {}),
    link: d.link,
    address: d.address,
    userAgent: d.userAgent,
    bytes: d.bytes,
    requests: d.requests,
    created: d.created,
    last: d.last,
  };
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  list: { params: idParams, headers: pagedHeaders },
};

export const downloadRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get<{ Params: { id: string } }>('/assets/:id/downloads', { schema: EDGES.list }, async (request, reply) => {
    const asset = (await findReadable<Doc>(request, services, 'Assets', request.params.id, 'asset')).doc;
    if (!mayReadDownloads(callerOf(request), asset)) {
      throw forbidden("only admins and the asset's studio coordinators see its downloads and views");
    }
    return sendPage<DownloadDoc>(
      request,
      reply,
      services,
      'Downloads',
      { filters: [{ field: 'asset', op: 'eq', value: asset._id }], sort: { field: 'created', dir: 'desc' } },
      presentDownload,
    );
  });
};
