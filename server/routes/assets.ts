/** Assets: the spec's PUT /assets/{id} and GET /assets/countByProject, and the get and counts extensions. */
import { MAX_COUNTED_PROJECTS } from '../../src/api/schema/counts';
import type { FastifyPluginAsync } from 'fastify';
import { asset as assetSchema } from '../../src/api/schema/asset';
import { isRecordId, type Doc, type Filter } from '../storage/store';
import { badRequest } from '../http/errors';
import { presentAsset } from '../http/present';
import { bodyPolicy, sendRecord } from '../http/records';
import { requireCatalogEditor } from '../domain/access';
import { assetFilters } from '../domain/grants';
import { callerOf } from '../context';
import { assetFeedbackFor } from '../domain/shareFeedback';
import { presentContext, sendPage, updateRecord, eqFilter, type RouteOptions } from './helpers';
import { findReadable, withStudioScope } from './scope';
import { requestGrants } from './requestGrants';
import { assetListQuery, idParams, projectQuery, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

/** Previews' summaries are kept by PUT /previews/{id}; transcriptions are linked by the server. */
const ASSET_POLICY = bodyPolicy(assetSchema, { readOnly: ['previews', 'transcription'] });

/** The part of `q` an asset search reads (as the other searches: a name is short). */
const MAX_SEARCH_LENGTH = 200;

/** `project=<id>,<id>,…`: 1 to 100 project ids, repeats once. */
function projectIds(value: string | undefined): string[] {
  const problem = (message: string) => badRequest(`project: ${message}`, [{ path: 'project', message }]);
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw problem('expected one project id or a comma list of them');
  if (ids.length > MAX_COUNTED_PROJECTS)
    throw problem(`expected at most ${MAX_COUNTED_PROJECTS} project ids, got ${ids.length}`);
  const bad = ids.find((id) => !isRecordId(id));
  if (bad !== undefined) throw problem(`"${bad.slice(0, 40)}" is not a project id`);
  return ids;
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  getCountByProject: { querystring: assetListQuery, headers: pagedHeaders },
  getCounts: { querystring: projectQuery },
  getOne: { params: idParams },
  putOne: { params: idParams, body: assetSchema },
};

export const assetRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/assets/countByProject', { schema: EDGES.getCountByProject }, async (request, reply) => {
    const ctx = presentContext(request, services);
    const visible = assetFilters(callerOf(request), await requestGrants(request, services));
    const { project, q, type } = queryOf(request, assetListQuery);
    // Words of the name, slug or type, each a prefix (the store's word search, as every `q`: docs/API.md "Search").
    const search: Filter[] = q ? [{ field: 'search', op: 'contains', value: q.slice(0, MAX_SEARCH_LENGTH) }] : [];
    return sendPage<Doc>(
      request,
      reply,
      services,
      'Assets',
      {
        filters: [...eqFilter('project', project), ...eqFilter('type', type), ...search, ...visible],
        sort: { field: 'created', dir: 'desc' },
      },
      (a) => presentAsset(ctx, a),
    );
  });

  app.get('/assets/counts', { schema: EDGES.getCounts }, async (request) => {
    const projects = projectIds(queryOf(request, projectQuery).project);
    const scope = assetFilters(callerOf(request), await requestGrants(request, services));
    // One count per project, as countByProject's total would be (the indexed `project`, what the caller may see).
    const counts = await Promise.all(
      projects.map((id) => services.store.count('Assets', [...eqFilter('project', id), ...scope])),
    );
    return { counts: Object.fromEntries(projects.map((id, i) => [id, counts[i]!])) };
  });

  app.get<{ Params: { id: string } }>('/assets/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const found = await findReadable<Doc>(request, services, 'Assets', request.params.id, 'asset');
    const [record, feedback] = await Promise.all([
      presentAsset(presentContext(request, services), found.doc),
      // The asset's own record shows the feedback of the share that reached the caller with it (list rows do not).
      assetFeedbackFor(services.store, callerOf(request), found.doc._id, Math.floor(Date.now() / 1000)),
    ]);
    return sendRecord(reply, found, feedback ? { ...record, $feedback: feedback } : record);
  });

  app.put<{ Params: { id: string } }>('/assets/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord<Doc>(
      request,
      reply,
      services,
      withStudioScope({
        collection: 'Assets',
        what: 'asset',
        schema: assetSchema,
        policy: () => ASSET_POLICY,
        gate: requireCatalogEditor,
        present: presentAsset,
      }),
      request.params.id,
    ),
  );
};
