/** Previews: the spec's PUT /previews/{id}, the list / get extensions and the signed media links. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { preview as previewSchema } from '../../src/api/schema/preview';
import type { Doc } from '../storage/store';
import { presentPreview } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest, httpErrorOf, notFound } from '../http/errors';
import { requireCatalogEditor } from '../domain/access';
import { previewFilters } from '../domain/grants';
import { callerOf } from '../context';
import { presentContext, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findReadable, withStudioScope } from './scope';
import { requestGrants } from './requestGrants';
import { sendMediaFile } from '../http/mediaResponse';
import { previewPath } from '../http/mediaLinks';
import { openLink, readAsLinkHolder } from '../http/linkAccess';
import { recordUse, targetOfPreview } from '../http/transferLog';
import { previewFileFor } from '../domain/watermark/previewMark';
import { BUSY_RETRY_AFTER_SECONDS } from '../domain/watermark/watermarks';
import { embargoed } from '../http/embargoLinks';
import { assetEmbargo, assetEmbargoInForce, mayBypassAssetEmbargo } from '../domain/embargo';
import type { MediaPart } from '../domain/mediaLibrary';
import type { Caller } from '../domain/types';
import { assetQuery, idParams, signedLinkQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

interface SignedRequest {
  Params: { id: string };
}

/** A preview's label and revision change; where it belongs, what it is and its signed link are the server's. */
const PREVIEW_POLICY = bodyPolicy(previewSchema, {
  readOnly: ['asset', 'project', 'studio', 'path', 'language', 'type', 'cdn', 'media'],
});

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: assetQuery, headers: pagedHeaders },
  getOne: { params: idParams },
  putOne: { params: idParams, body: previewSchema },
  signed: { params: idParams, querystring: signedLinkQuery },
};

export const previewRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/previews', { schema: EDGES.get }, async (request, reply) => {
    const { asset } = queryOf(request, assetQuery);
    if (!asset) throw badRequest('asset: required, the id of an asset');
    const ctx = presentContext(request, services);
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Previews',
      {
        filters: [
          { field: 'asset', op: 'eq', value: asset },
          ...previewFilters(callerOf(request), await requestGrants(request, services)),
        ],
      },
      (p) => presentPreview(ctx, p),
    );
  });

  /** Who may read a preview: the one check of GET /previews/{id} and of its signed links (as the link's person). */
  const readPreview = (request: FastifyRequest, id: string) =>
    findReadable<Doc>(request, services, 'Previews', id, 'preview');

  app.get<{ Params: { id: string } }>('/previews/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const found = await readPreview(request, request.params.id);
    return sendRecord(reply, found, await presentPreview(presentContext(request, services), found.doc));
  });

  // Watermarks hook (docs/API.md, "Watermarks"): the link's person's marked copy when they must get one.
  const watermarkedFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    p: Doc,
    file: string,
    caller: Caller,
  ) => {
    try {
      return await previewFileFor(services, p, file, caller, await requestGrants(request, services));
    } catch (error) {
      if (httpErrorOf(error)?.code === 'busy') reply.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      throw error;
    }
  };

  // The signed links (docs/API.md, "Media", "Signed links"): the signature (naming the person) is checked before the
  // record is read, then the person must still pass readPreview.
  const signed = async (request: FastifyRequest<SignedRequest>, reply: FastifyReply, part: MediaPart) => {
    const { id } = request.params;
    // Signed links: the link's person, then the read check as them.
    const { link, caller } = await openLink(request, services, previewPath(id, part));
    const p = (await readAsLinkHolder(services, 'Previews', id, () => readPreview(request, id))).doc;
    // Embargo hook: the previews of an asset with files under embargo are held as the files are (docs/API.md
    // "Embargoes"); a link is refused, whenever it was made, unless its person may bypass the embargo now.
    const held = typeof p.asset === 'string' ? await assetEmbargo(services.store, p.asset) : undefined;
    if (held && !mayBypassAssetEmbargo(caller, held, await requestGrants(request, services)))
      throw embargoed('preview', assetEmbargoInForce(held));
    const file = await services.media.previewFile(p, part);
    return {
      p,
      link,
      caller,
      expires: link.expires,
      file: file && (await watermarkedFile(request, reply, p, file, caller)),
    };
  };

  app.get<SignedRequest>('/previews/:id/view', { schema: EDGES.signed }, async (request, reply) => {
    const { p, link, caller, expires, file } = await signed(request, reply, 'view');
    // View records: one per link issue and browser, however many range requests (http/transferLog.ts).
    recordUse(request, { kind: 'view', link, caller, target: targetOfPreview(p) });
    if (file) return sendMediaFile(request, reply, file, expires);
    // A preview without media on this server: what the link stands for, as JSON.
    reply.header('Cache-Control', 'private, no-store');
    return { preview: p._id, asset: p.asset, label: p.label, revision: p.revision, cdn: p.cdn };
  });

  for (const part of ['peaks', 'poster'] as const) {
    app.get<SignedRequest>(`/previews/:id/${part}`, { schema: EDGES.signed }, async (request, reply) => {
      const { expires, file } = await signed(request, reply, part);
      if (!file) throw notFound(part === 'peaks' ? "preview's media" : "preview's poster");
      return sendMediaFile(request, reply, file, expires);
    });
  }

  app.put<{ Params: { id: string } }>('/previews/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord<Doc>(
      request,
      reply,
      services,
      withStudioScope({
        collection: 'Previews',
        what: 'preview',
        schema: previewSchema,
        policy: () => PREVIEW_POLICY,
        gate: requireCatalogEditor,
        present: presentPreview,
        async after(saved, _previous, _caller, tx) {
          // The asset embeds a summary of each preview: keep its label and revision in step.
          const asset = typeof saved.asset === 'string' ? await tx.get<Doc>('Assets', saved.asset) : undefined;
          const previews = asset?.doc.previews;
          if (!asset || !Array.isArray(previews)) return;
          const next = previews.map((p: { _id?: string }) =>
            p._id === saved._id ? { ...p, label: saved.label, revision: saved.revision } : p,
          );
          await tx.replace('Assets', { ...asset.doc, previews: next });
        },
      }),
      request.params.id,
    ),
  );
};
