/**
 * Glossary (extension, docs/API.md "Glossary"): `GET /glossary` (a coordinator's list, or `?translation=` the terms
 * that apply to one translation), `GET /glossary/{id}`, `POST /glossary`, `PUT /glossary/{id}` and
 * `DELETE /glossary/{id}` (If-Match honoured). Admins and the studio's coordinators write; translators read the
 * terms of a translation they may see.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { glossaryTerm as glossaryTermSchema } from '../../src/api/schema/glossary';
import type { Filter } from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import type { PresentContext } from '../http/present';
import { presentPlain } from '../http/present';
import { sendRecord } from '../http/records';
import { badRequest, forbidden, notFound } from '../http/errors';
import { canEditCatalog, inStudioScope, requireCatalogEditor } from '../domain/access';
import { canReadTranslation } from './scope';
import type { Caller, TranslationDoc, WorkRequestDoc } from '../domain/types';
import { effectiveTerms, prepareGlossaryTerm, SERVER_ONLY_FIELDS, type GlossaryTermDoc } from '../domain/glossary';
import { deleteAsTombstone } from './tombstones';
import {
  findOr404,
  presentContext,
  sendArrayPage,
  sendPage,
  updateRecord,
  upsertRecord,
  type RouteOptions,
  type WriteSpec,
} from './helpers';
import { glossaryListQuery, idParams, pagedHeaders } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';

const WHAT = 'glossary term';
/** More terms than one translation's glossary holds in practice; the editor reads them in one request. */
const MAX_TERMS_PER_TRANSLATION = 5000;

export function presentGlossaryTerm(ctx: PresentContext, d: GlossaryTermDoc): unknown {
  const shown: Record<string, unknown> = { ...d };
  for (const f of SERVER_ONLY_FIELDS) delete shown[f];
  return presentPlain(ctx, 'Glossaryterms', shown as GlossaryTermDoc);
}

/** A live term the caller may edit (coordinators: of their studios), else 404 (others' terms are not revealed). */
function requireEditable(caller: Caller, term: GlossaryTermDoc): void {
  requireCatalogEditor(caller);
  if (term.deleted || !inStudioScope(caller, term.studio)) throw notFound(WHAT);
}

const SPEC: WriteSpec<GlossaryTermDoc> = {
  collection: 'Glossaryterms',
  what: WHAT,
  schema: glossaryTermSchema,
  removable: ['notes', 'project'],
  authorize(caller, current) {
    requireCatalogEditor(caller);
    if (current) requireEditable(caller, current);
  },
  prepare: (next, _fields, caller, _current, tx) => prepareGlossaryTerm(next, caller, tx),
  present: presentGlossaryTerm,
  duplicate: (_field, doc) =>
    `this glossary has the term “${doc.source}” for ${doc.language} already${doc.project ? ' (in this project)' : ''}`,
};

/** The translation's work request's studio and project, and its language: where its glossary comes from. */
async function glossaryPlaceOf(
  request: FastifyRequest,
  services: Services,
  id: string,
): Promise<{ studio: string; project: string | undefined; language: string } | undefined> {
  const found = await findOr404<TranslationDoc>(services, 'Translations', id, 'translation', { omit: ['lines'] });
  if (!(await canReadTranslation(request, services, found.doc, { forWork: true }))) throw notFound('translation');
  const wrId = found.doc.workRequest;
  const wr = wrId ? (await services.store.get<WorkRequestDoc>('Workrequests', wrId))?.doc : undefined;
  // A transcription (no work request) is the original text: no glossary applies to it.
  if (!wr?.studio || !found.doc.language) return undefined;
  return { studio: wr.studio, project: wr.project?._id, language: found.doc.language };
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  get: { querystring: glossaryListQuery, headers: pagedHeaders },
  getOne: { params: idParams },
  post: { body: glossaryTermSchema },
  putOne: { params: idParams, body: glossaryTermSchema },
  deleteOne: { params: idParams },
};

export const glossaryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/glossary', { schema: EDGES.get }, async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const query = queryOf(request, glossaryListQuery);
    const translation = query.translation;
    if (translation !== undefined) {
      const place = await glossaryPlaceOf(request, services, translation);
      const terms = place
        ? (
            await services.store.list<GlossaryTermDoc>('Glossaryterms', {
              filters: [
                { field: 'studio', op: 'eq', value: place.studio },
                { field: 'language', op: 'eq', value: place.language },
                { field: 'deleted', op: 'eq', value: 0 },
              ],
              offset: 0,
              limit: MAX_TERMS_PER_TRANSLATION,
            })
          ).items
        : [];
      return sendArrayPage(request, reply, effectiveTerms(terms, place?.project), (t) => presentGlossaryTerm(ctx, t));
    }
    if (!canEditCatalog(caller))
      throw forbidden("translators read a translation's glossary: GET /glossary?translation=<id>");
    const filters: Filter[] = [{ field: 'deleted', op: 'eq', value: 0 }];
    if (!caller.isAdmin) filters.push({ field: 'studio', op: 'in', value: [...caller.studios] });
    const studio = query.studio;
    if (studio !== undefined) filters.push({ field: 'studio', op: 'eq', value: studio });
    const project = query.project;
    // `project=none`: the studio's own terms only.
    if (project !== undefined) filters.push({ field: 'project', op: 'eq', value: project === 'none' ? '' : project });
    const language = query.language;
    if (language !== undefined) filters.push({ field: 'language', op: 'eq', value: language });
    const search = query.search;
    if (search !== undefined) {
      if (search.length > 200) throw badRequest('search: at most 200 characters');
      filters.push({ field: 'search', op: 'contains', value: search });
    }
    return sendPage<GlossaryTermDoc>(
      request,
      reply,
      services,
      'Glossaryterms',
      { filters, sort: { field: 'folded', dir: 'asc' } },
      (d) => presentGlossaryTerm(ctx, d),
    );
  });

  app.get<{ Params: { id: string } }>('/glossary/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const caller = callerOf(request);
    if (!canEditCatalog(caller))
      throw forbidden("translators read a translation's glossary: GET /glossary?translation=<id>");
    const found = await findOr404<GlossaryTermDoc>(services, 'Glossaryterms', request.params.id, WHAT);
    requireEditable(caller, found.doc);
    return sendRecord(reply, found, presentGlossaryTerm(presentContext(request, services), found.doc));
  });

  app.post('/glossary', { schema: EDGES.post }, async (request, reply) => {
    const saved = await upsertRecord(request, reply, services, SPEC, { allowUpdate: false });
    reply.code(201);
    return saved;
  });

  app.put<{ Params: { id: string } }>('/glossary/:id', { schema: EDGES.putOne }, async (request, reply) =>
    updateRecord(request, reply, services, SPEC, request.params.id),
  );

  app.delete<{ Params: { id: string } }>('/glossary/:id', { schema: EDGES.deleteOne }, async (request, reply) =>
    deleteAsTombstone(request, reply, services, {
      collection: 'Glossaryterms',
      what: WHAT,
      requireEditable,
      present: presentGlossaryTerm,
    }),
  );
};
