/** Previews: the spec's PUT /previews/{id}, the list / get extensions and the signed viewing link. */
import type { FastifyPluginAsync } from 'fastify';
import { preview as previewSchema } from '../../src/api/schema/preview';
import type { Doc } from '../storage/store';
import { presentPreview } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { parentScopeFilters, requireCatalogEditor } from '../domain/access';
import { callerOf } from '../context';
import { presentContext, queryString, sendPage, updateRecord, type RouteOptions } from './helpers';
import { findInScope, withStudioScope } from './scope';

/** A preview's label and revision change; where it belongs, what it is and its signed link are the server's. */
const PREVIEW_POLICY = bodyPolicy(previewSchema, {
  readOnly: ['asset', 'project', 'studio', 'path', 'language', 'type', 'cdn'],
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

  app.get<{ Params: { id: string }; Querystring: { expires?: string; sig?: string } }>(
    '/previews/:id/view',
    async (request, reply) => {
      services.signer.verify(`/api/previews/${request.params.id}/view`, request.query.expires, request.query.sig);
      const p = (await services.store.get<Doc>('Previews', request.params.id))?.doc;
      if (!p) throw notFound('preview');
      reply.header('Cache-Control', 'private, no-store');
      return { preview: p._id, asset: p.asset, label: p.label, revision: p.revision, cdn: p.cdn };
    },
  );

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
