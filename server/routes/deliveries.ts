/**
 * Deliveries (extension, docs/API.md "Deliveries"): an order's final files by format — attach one
 * (POST /workrequests/{id}/deliveries), list them with their download links (GET), and download one through its
 * signed link, each use recorded as a download (http/transferLog.ts) that the downloads report reads. Who may do
 * what is domain/deliveries.ts's.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Doc } from '../storage/store';
import type { WorkRequestDoc } from '../domain/types';
import type { Services } from '../context';
import { callerOf } from '../context';
import { forbidden, notFound } from '../http/errors';
import { parseInput } from '../http/records';
import { deliveryLink, deliveryPath } from '../http/mediaLinks';
import { openLink, readAsLinkHolder } from '../http/linkAccess';
import { recordUse, targetOfFile } from '../http/transferLog';
import { uploadedContent } from '../uploads/uploadedContent';
import { sendMediaSource } from '../http/mediaResponse';
import { findOr404, presentContext, type RouteOptions } from './helpers';
import { idParams, signedLinkQuery } from '../../src/api/schema/queries';
import { deliveredFileIds, deliveryInput, deliveryRemovalQuery, type Deliveries } from '../../src/api/schema/delivery';
import {
  attachDelivery,
  mayAttachDeliveries,
  mayDownloadDeliveries,
  mayReadDeliveries,
  mayRemoveDelivery,
  removeDelivery,
} from '../domain/deliveries';
import { canSeeWorkRequest } from '../domain/access';
import { queryOf } from '../http/validation';
import * as z from 'zod/mini';

const fileParams = z.object({ id: z.string(), file: z.string() });

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  list: { params: idParams },
  attach: { params: idParams, body: deliveryInput },
  download: { params: fileParams, querystring: signedLinkQuery },
  remove: { params: fileParams, querystring: deliveryRemovalQuery },
};

/** The order when the caller may read its deliveries; 404 otherwise (nobody learns of an order they may not see). */
async function readableOrder(request: FastifyRequest, services: Services, id: string) {
  const found = await findOr404<WorkRequestDoc>(services, 'Workrequests', id, 'work request');
  if (!mayReadDeliveries(callerOf(request), found.doc)) throw notFound('work request');
  return found;
}

/** The order's deliveries as the caller reads them: each format's files, with a download link when they may. */
async function presentDeliveries(request: FastifyRequest, services: Services, wr: WorkRequestDoc): Promise<Deliveries> {
  const caller = callerOf(request);
  const mayDownload = mayDownloadDeliveries(caller, wr);
  const groups = deliveredFileIds(wr);
  const files = new Map(
    (await services.store.getMany<Doc>('Files', [...new Set(groups.flatMap((g) => g.ids))])).map((f) => [
      f.doc._id,
      f.doc,
    ]),
  );
  const ctx = presentContext(request, services);
  const items = groups.map((g) => ({
    name: g.name,
    files: g.ids.flatMap((id) => {
      const f = files.get(id);
      if (!f) return [];
      return [
        {
          _id: id,
          name: typeof f.name === 'string' ? f.name : id,
          ...(typeof f.length === 'number' ? { length: f.length } : {}),
          ...(typeof f.md5 === 'string' ? { md5: f.md5 } : {}),
          ...(typeof f.uploadDate === 'number' ? { uploadDate: f.uploadDate } : {}),
          ...(mayDownload ? { path: deliveryLink(ctx, wr._id, id) } : {}),
          mayRemove: mayRemoveDelivery(caller, wr, f),
        },
      ];
    }),
  }));
  return {
    items,
    mayAttach: mayAttachDeliveries(caller, wr),
    mayDownload,
    mayRemove: items.some((g) => g.files.some((f) => f.mayRemove)),
    // Named for a recipient who may not open the order (the page they reach from the `delivery` notification).
    workRequest: {
      _id: wr._id,
      ...(wr.asset?.name ? { asset: wr.asset.name } : {}),
      ...(wr.language ? { language: wr.language } : {}),
      ...(wr.territory ? { territory: wr.territory } : {}),
      ...(wr.status ? { status: wr.status } : {}),
      mayOpen: canSeeWorkRequest(caller, wr),
    },
  };
}

export const deliveryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store } = services;

  app.get<{ Params: { id: string } }>('/workrequests/:id/deliveries', { schema: EDGES.list }, async (request) => {
    const found = await readableOrder(request, services, request.params.id);
    return presentDeliveries(request, services, found.doc);
  });

  app.post<{ Params: { id: string } }>('/workrequests/:id/deliveries', { schema: EDGES.attach }, async (request) => {
    const input = parseInput(deliveryInput, request.body);
    const saved = await store.transaction(async (tx) => {
      const found = await findOr404<WorkRequestDoc>(tx, 'Workrequests', request.params.id, 'work request', {
        forUpdate: true,
      });
      if (!mayReadDeliveries(callerOf(request), found.doc)) throw notFound('work request');
      return attachDelivery(tx, services.bus, callerOf(request), found, input);
    });
    return presentDeliveries(request, services, saved.doc);
  });

  // Removing a file delivered by mistake: its links stop working at once, since the download below checks that the
  // file is still delivered.
  app.delete<{ Params: { id: string; file: string } }>(
    '/workrequests/:id/deliveries/:file',
    { schema: EDGES.remove },
    async (request) => {
      const { reason } = queryOf(request, deliveryRemovalQuery);
      const saved = await store.transaction(async (tx) => {
        const found = await findOr404<WorkRequestDoc>(tx, 'Workrequests', request.params.id, 'work request', {
          forUpdate: true,
        });
        if (!mayReadDeliveries(callerOf(request), found.doc)) throw notFound('work request');
        return removeDelivery(tx, services.bus, callerOf(request), found, request.params.file, reason);
      });
      return presentDeliveries(request, services, saved.doc);
    },
  );

  // The download through its signed link (docs/API.md "Signed links"): the link's person must still be one who may
  // download the order's deliveries, and the file one of them; each use is a download record.
  app.get<{ Params: { id: string; file: string } }>(
    '/workrequests/:id/deliveries/:file/download',
    { schema: EDGES.download },
    async (request, reply) => {
      const { id, file: fileId } = request.params;
      const { link, caller } = await openLink(request, services, deliveryPath(id, fileId));
      const wr = await readAsLinkHolder(services, 'Workrequests', id, async () => {
        const found = await readableOrder(request, services, id);
        if (!mayDownloadDeliveries(caller, found.doc)) throw forbidden('not yours to download');
        return found.doc;
      });
      if (!deliveredFileIds(wr).some((g) => g.ids.includes(fileId))) throw notFound('delivered file');
      const f = (await store.get<Doc>('Files', fileId))?.doc;
      const source = f && uploadedContent(services.blobs, f);
      if (!f || !source) throw notFound("delivered file's content");
      recordUse(request, { kind: 'download', link, caller, target: { ...targetOfFile(f), workRequest: wr._id } });
      return sendMediaSource(request, reply, source, link.expires, source.type);
    },
  );
};
