/**
 * Delivery specifications (extension, docs/API.md "Delivery specifications"): `GET /specs` (the studios the caller
 * works for), `GET /specs/applied` (the spec an order or a translation is judged by), `GET /specs/{id}`,
 * `POST /specs`, `PUT /specs/{id}`, `DELETE /specs/{id}` (If-Match honoured). Everyone who works for a studio reads
 * its specs; admins and the studio's coordinators write them.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { deliverySpec } from '../../src/api/schema/deliverySpec';
import type { Filter } from '../storage/store';
import { callerOf } from '../context';
import type { PresentContext } from '../http/present';
import { sendRecord } from '../http/records';
import { badRequest, notFound } from '../http/errors';
import { inStudioScope, requireCatalogEditor } from '../domain/access';
import { canReadTranslation } from './scope';
import type { Caller, TranslationDoc, WorkRequestDoc } from '../domain/types';
import {
  canReadSpecsOf,
  FALLBACK_SPEC,
  prepareSpec,
  specForOrder,
  specStudiosOf,
  SPEC_SERVER_ONLY_FIELDS,
  type SpecDoc,
} from '../domain/specs';
import { deleteAsTombstone } from './tombstones';
import {
  findOr404,
  findVisibleWorkRequest,
  presentContext,
  sendPage,
  updateRecord,
  upsertRecord,
  type RouteOptions,
  type WriteSpec,
} from './helpers';
import { appliedSpecQuery, idParams, pagedHeaders, specListQuery } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

const WHAT = 'delivery specification';

export function presentSpec(ctx: PresentContext, d: SpecDoc): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...d, $links: { self: `${ctx.origin}/api/specs/${d._id}` } };
  for (const f of SPEC_SERVER_ONLY_FIELDS) delete shown[f];
  return shown;
}

/** A live spec the caller may edit (coordinators: of their studios), else 404 (others' specs are not revealed). */
function requireEditable(caller: Caller, spec: SpecDoc): void {
  requireCatalogEditor(caller);
  if (spec.deleted || !inStudioScope(caller, spec.studio)) throw notFound(WHAT);
}

const SPEC: WriteSpec<SpecDoc> = {
  collection: 'Specs',
  what: WHAT,
  schema: deliverySpec,
  removable: ['description', 'project', 'client', 'language'],
  authorize(caller, current) {
    requireCatalogEditor(caller);
    if (current) requireEditable(caller, current);
  },
  prepare: (next, _fields, caller, _current, tx) => prepareSpec(next, caller, tx),
  present: presentSpec,
  duplicate: (_field, doc) => `this studio has a delivery specification named “${doc.name}” already`,
};

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: specListQuery, headers: pagedHeaders },
  applied: { querystring: appliedSpecQuery },
  getOne: { params: idParams },
  post: { body: deliverySpec },
  putOne: { params: idParams, body: deliverySpec },
  deleteOne: { params: idParams },
};

export const specRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/specs', { schema: EDGES.get }, async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const query = queryOf(request, specListQuery);
    const filters: Filter[] = [{ field: 'deleted', op: 'eq', value: 0 }];
    if (!caller.isAdmin) filters.push({ field: 'studio', op: 'in', value: [...specStudiosOf(caller)] });
    if (query.studio !== undefined) filters.push({ field: 'studio', op: 'eq', value: query.studio });
    // `project=none`: the studio-wide specs only.
    if (query.project !== undefined)
      filters.push({ field: 'project', op: 'eq', value: query.project === 'none' ? '' : query.project });
    if (query.language !== undefined) filters.push({ field: 'language', op: 'eq', value: query.language });
    return sendPage<SpecDoc>(
      request,
      reply,
      services,
      'Specs',
      { filters, sort: { field: 'folded', dir: 'asc' } },
      (d) => presentSpec(ctx, d),
    );
  });

  /** The spec an order the caller places in this studio (project, language) would get: the wizard's default. */
  async function appliedForNewOrder(
    request: FastifyRequest,
    studio: string,
    project: string | undefined,
    language: string | undefined,
  ) {
    const caller = callerOf(request);
    if (!canReadSpecsOf(caller, studio)) throw notFound('studio');
    // The order as it would be placed: the caller is its requester, so their client groups narrow the match.
    const draft = { _id: '', created: 0, studio, project: project ? { _id: project } : undefined, from: caller.id };
    const applied = await specForOrder(services.store, draft as unknown as WorkRequestDoc, language);
    const ctx = presentContext(request, services);
    return { chosen: applied.chosen, spec: applied.spec ? presentSpec(ctx, applied.spec) : FALLBACK_SPEC };
  }

  app.get('/specs/applied', { schema: EDGES.applied }, async (request) => {
    const query = queryOf(request, appliedSpecQuery);
    const asked = [query.workRequest, query.translation, query.studio].filter((v) => v !== undefined).length;
    if (asked !== 1) throw badRequest('workRequest, translation or studio: give exactly one');
    if (query.studio !== undefined) return appliedForNewOrder(request, query.studio, query.project, query.language);
    if (query.project !== undefined || query.language !== undefined)
      throw badRequest('project and language: only with studio (an order not placed yet)');
    let wr: WorkRequestDoc | undefined;
    let language: string | undefined;
    if (query.translation !== undefined) {
      const t = await findOr404<TranslationDoc>(services, 'Translations', query.translation, 'translation', {
        omit: ['lines'],
      });
      if (!(await canReadTranslation(request, services, t.doc))) throw notFound('translation');
      language = t.doc.language;
      const wrId = t.doc.workRequest;
      wr = wrId ? (await services.store.get<WorkRequestDoc>('Workrequests', wrId))?.doc : undefined;
    } else {
      wr = (await findVisibleWorkRequest(request, services, query.workRequest!)).doc;
    }
    const ctx = presentContext(request, services);
    // A transcription (no order) is the original text: the fallback limits describe it.
    const applied = wr
      ? await specForOrder(services.store, wr, language)
      : { chosen: 'fallback' as const, spec: undefined };
    return { chosen: applied.chosen, spec: applied.spec ? presentSpec(ctx, applied.spec) : FALLBACK_SPEC };
  });

  app.get<{ Params: { id: string } }>('/specs/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const caller = callerOf(request);
    const found = await findOr404<SpecDoc>(services, 'Specs', request.params.id, WHAT);
    if (found.doc.deleted || !canReadSpecsOf(caller, found.doc.studio)) throw notFound(WHAT);
    return sendRecord(reply, found, presentSpec(presentContext(request, services), found.doc));
  });

  app.post('/specs', { schema: EDGES.post }, async (request, reply) => {
    const saved = await upsertRecord(request, reply, services, SPEC, { allowUpdate: false });
    reply.code(201);
    return saved;
  });

  app.put<{ Params: { id: string } }>('/specs/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord(request, reply, services, SPEC, request.params.id),
  );

  app.delete<{ Params: { id: string } }>('/specs/:id', { schema: EDGES.deleteOne }, async (request, reply) =>
    deleteAsTombstone(request, reply, services, {
      collection: 'Specs',
      what: WHAT,
      requireEditable,
      present: presentSpec,
    }),
  );
};
