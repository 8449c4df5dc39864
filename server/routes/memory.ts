/**
 * Translation memory (extension, docs/API.md "Translation memory"): `POST /translations/{id}/memory` looks the
 * given original texts up in the memory of the translation's studio and language pair. Whoever may read the
 * translation may ask (its studio's memory only: never another studio's text).
 */
import type { FastifyPluginAsync } from 'fastify';
import { memoryLookup, MEMORY_LIMITS } from '../../src/api/schema/memory';
import type { TranslationDoc } from '../domain/types';
import { callerOf } from '../context';
import { badRequest, notFound } from '../http/errors';
import { parseInput } from '../http/records';
import { canSeeTranslation } from '../domain/access';
import { studioOf } from '../domain/scope';
import { LINE_FIELDS } from '../domain/translations';
import { lookUp, memoryPlaceOf } from '../domain/memory';
import { findOr404, type RouteOptions } from './helpers';

export const memoryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store } = services;

  app.post<{ Params: { id: string } }>('/translations/:id/memory', async (request) => {
    const caller = callerOf(request);
    const found = await findOr404<TranslationDoc>(services, 'Translations', request.params.id, 'translation', {
      omit: LINE_FIELDS,
    });
    if (!canSeeTranslation(caller, found.doc, await studioOf(store, 'Translations', found.doc)))
      throw notFound('translation');
    const { texts, fuzzy = false } = parseInput(memoryLookup, request.body);
    if (fuzzy && texts.length > MEMORY_LIMITS.fuzzyTexts)
      throw badRequest(`texts: at most ${MEMORY_LIMITS.fuzzyTexts} texts when asking for similar matches`, [
        { path: 'texts', message: `at most ${MEMORY_LIMITS.fuzzyTexts} with "fuzzy": true` },
      ]);
    const scope = await memoryPlaceOf(store, found.doc);
    if (!scope) return { results: [] };
    return { source: scope.source, target: scope.target, results: await lookUp(store.memory, scope, texts, fuzzy) };
  });
};
