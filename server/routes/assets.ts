/** Assets: the spec's PUT /assets/{id} and GET /assets/countByProject, and the get extension. */
import type { FastifyPluginAsync } from 'fastify';
import { asset as assetSchema } from '../../src/api/schema/asset';
import type { Doc } from '../storage/store';
import { presentAsset } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { requireCatalogEditor, studioScopeFilters } from '../domain/access';
import { callerOf } from '../context';
import { presentContext, queryString, sendPage, updateRecord, eqFilter, type RouteOptions } from './helpers';
import { findInScope, withStudioScope } from './scope';

/** Previews' summaries are kept by PUT /previews/{id}; transcriptions are linked by the server. */
const ASSET_POLICY = bodyPolicy(assetSchema, { readOnly: ['previews', 'transcription'] });

export const assetRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/assets/countByProject', async (request, reply) => {
    const ctx = presentContext(request, services);
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Assets',
      {
        filters: [...eqFilter('project', queryString(request, 'project')), ...studioScopeFilters(callerOf(request))],
        sort: { field: 'created', dir: 'desc' },
      },
      (a) => presentAsset(ctx, a),
    );
  });

  app.get<{ Params: { id: string } }>('/assets/:id', async (request, reply) => {
    const found = await findInScope<Doc>(request, services, 'Assets', request.params.id, 'asset');
    return sendRecord(reply, found, presentAsset(presentContext(request, services), found.doc));
  });

  app.put<{ Params: { id: string } }>('/assets/:id', async (request, reply) =>
    updateRecord<Doc>(
      request,
      reply,
      services,
      withStudioScope({
        collection: 'Assets',
        what: 'asset',
        schema: assetSchema,
        policy: () => ASSET_POLICY,
        authorize: (caller) => requireCatalogEditor(caller),
        present: presentAsset,
      }),
      request.params.id,
    ),
  );
};
