/**
 * Accepted QC problems (extension, docs/API.md "Accepted problems"): `GET /translations/{id}/accepted` (whoever reads
 * the translation: its translator, the reviewer, the studio), `POST /translations/{id}/accepted` `{line, rule,
 * reason}` and `DELETE /translations/{id}/accepted?line=&rule=` (the undo): whoever may edit the translation.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { callerOf } from '../context';
import { forbidden, notFound } from '../http/errors';
import { idParams } from '../../src/api/schema/queries';
import { queryOf } from '../http/validation';
import type { Caller, TranslationDoc, WorkRequestDoc } from '../domain/types';
import { canReadTranslation } from './scope';
import { findOr404, type RouteOptions } from './helpers';
import type { Services } from '../context';
import { acceptanceOf, acceptedOf, changeAcceptances } from '../domain/qcAcceptances';
import { inStudioScope } from '../domain/access';

const undoQuery = z.object({ line: z.string(), rule: z.string() });
/**
 * The acceptance's body as described (GET /api/openapi.json): `{line, rule, reason}`. Checked by `acceptanceOf`, whose
 * messages name each field, so the declared edge takes any JSON value.
 */
const acceptanceBody = z.unknown().check(z.describe('{line: number, rule: string, reason: string}'));

async function readable(request: FastifyRequest<{ Params: { id: string } }>, services: Services) {
  const found = await findOr404<TranslationDoc>(services, 'Translations', request.params.id, 'translation');
  if (!(await canReadTranslation(request, services, found.doc))) throw notFound('translation');
  return found.doc;
}

/** Its translator while it is theirs to edit, or the studio's staff (as `PUT /translations/{id}`). */
function requireEditor(caller: Caller, t: TranslationDoc, studio: string | undefined): void {
  if (caller.isAdmin || (caller.isCoordinator && inStudioScope(caller, studio))) return;
  if (t.translator?._id !== caller.id) throw forbidden('this translation is assigned to someone else');
  if (t.status === 'submitted') throw forbidden('this translation was submitted: it is read-only until sent back');
}

async function studioOf(services: Services, t: TranslationDoc): Promise<string | undefined> {
  const wr = t.workRequest ? await services.store.get<WorkRequestDoc>('Workrequests', t.workRequest) : undefined;
  return wr?.doc.studio;
}

export const qcAcceptanceRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get<{ Params: { id: string } }>(
    '/translations/:id/accepted',
    { schema: { params: idParams } },
    async (request) => {
      const t = await readable(request, services);
      return acceptedOf(services.store, t._id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/translations/:id/accepted',
    { schema: { params: idParams, body: acceptanceBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const t = await readable(request, services);
      requireEditor(caller, t, await studioOf(services, t));
      const accepted = acceptanceOf(request.body, t, caller);
      const items = await services.store.transaction((tx) =>
        changeAcceptances(tx, t._id, (list) => [
          ...list.filter((a) => !(a.line === accepted.line && a.rule === accepted.rule)),
          accepted,
        ]),
      );
      reply.code(201);
      return items;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/translations/:id/accepted',
    { schema: { params: idParams, querystring: undoQuery } },
    async (request) => {
      const caller = callerOf(request);
      const t = await readable(request, services);
      requireEditor(caller, t, await studioOf(services, t));
      const { line, rule } = queryOf(request, undoQuery);
      return services.store.transaction((tx) =>
        changeAcceptances(tx, t._id, (list) => list.filter((a) => !(String(a.line) === line && a.rule === rule))),
      );
    },
  );
};
