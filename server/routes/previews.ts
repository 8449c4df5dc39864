/** Previews: the spec's PUT /previews/{id}, the list / get extensions and the signed media links. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { preview as previewSchema } from '../../src/api/schema/preview';
import type { Doc } from '../storage/store';
import { presentPreview } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { parentScopeFilters, requireCatalogEditor } from '../domain/access';
import { callerOf } from '../context';
import { presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findInScope, withStudioScope } from './scope';
import { sendMediaFile } from '../http/mediaResponse';
import { previewPath } from '../http/mediaLinks';
import { embargoed, verifyMediaLink, type SignedQuery } from '../http/embargoLinks';
import { assetEmbargo, assetEmbargoInForce } from '../domain/embargo';
import type { MediaPart } from '../domain/mediaLibrary';

interface SignedRequest {
  Params: { id: string };
  Querystring: SignedQuery;
}

/** A preview's label and revision change; where it belongs, what it is and its signed link are the server's. */
const PREVIEW_POLICY = bodyPolicy(previewSchema, {
  readOnly: ['asset', 'project', 'studio', 'path', 'language', 'type', 'cdn', 'media'],
});

export const previewRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/previews', async (request, reply) => {
    const asset = queryString(request, 'asset');
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
          ...parentScopeFilters(callerOf(request), 'asset', 'Assets'),
        ],
      },
      (p) => presentPreview(ctx, p),
    );
  });

  app.get<{ Params: { id: string } }>('/previews/:id', async (request, reply) => {
    const found = await findInScope<Doc>(request, services, 'Previews', request.params.id, 'preview');
    return sendRecord(reply, found, await presentPreview(presentContext(request, services), found.doc));
  });

  // The signed links (docs/API.md, "Media"): the signature is the credential, checked before the record is read.
  const signed = async (request: FastifyRequest<SignedRequest>, part: MediaPart) => {
    const { expires, bypass } = verifyMediaLink(services.signer, previewPath(request.params.id, part), request.query);
    const p = (await services.store.get<Doc>('Previews', request.params.id))?.doc;
    if (!p) throw notFound('preview');
    // Embargo hook: the previews of an asset with files under embargo are held as the files are (docs/API.md
    // "Embargoes"); an ordinary link is refused, whenever it was made.
    const held = !bypass && typeof p.asset === 'string' ? await assetEmbargo(services.store, p.asset) : undefined;
    if (held) throw embargoed('preview', assetEmbargoInForce(held));
    return { p, expires, file: await services.media.previewFile(p, part) };
  };

  app.get<SignedRequest>('/previews/:id/view', async (request, reply) => {
    const { p, expires, file } = await signed(request, 'view');
    if (file) return sendMediaFile(request, reply, file, expires);
    // A preview without media on this server: what the link stands for, as JSON.
    reply.header('Cache-Control', 'private, no-store');
    return { preview: p._id, asset: p.asset, label: p.label, revision: p.revision, cdn: p.cdn };
  });

  for (const part of ['peaks', 'poster'] as const) {
    app.get<SignedRequest>(`/previews/:id/${part}`, async (request, reply) => {
      const { expires, file } = await signed(request, part);
      if (!file) throw notFound(part === 'peaks' ? "preview's media" : "preview's poster");
      return sendMediaFile(request, reply, file, expires);
    });
  }

  app.put<{ Params: { id: string } }>('/previews/:id', async (request, reply) =>
    updateRecord<Doc>(
      request,
      reply,
      services,
      withStudioScope({
        collection: 'Previews',
        what: 'preview',
        schema: previewSchema,
        policy: () => PREVIEW_POLICY,
        authorize: (caller) => requireCatalogEditor(caller),
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
