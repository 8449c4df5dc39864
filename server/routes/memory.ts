/**
 * Translation memory (extension, docs/API.md "Translation memory"): `POST /translations/{id}/memory` looks the
 * given original texts up in the memory of the translation's studio and language pair. Whoever may read the
 * translation may ask (its studio's memory only: never another studio's text). A lookup's work is bounded (texts,
 * their length, candidates measured), runs in time slices and stops when its client goes; each user has at most
 * MEMORY_LOOKUPS_PER_USER under way ("Bounded lookups").
 */
import type { FastifyPluginAsync } from 'fastify';
import { memoryLookup, MEMORY_LIMITS } from '../../src/api/schema/memory';
import type { TranslationDoc } from '../domain/types';
import { callerOf } from '../context';
import { badRequest, notFound } from '../http/errors';
import { parseInput } from '../http/records';
import { CallerLanes } from '../http/callerLanes';
import { canReadTranslation } from './scope';
import { LINE_FIELDS } from '../domain/translations';
import { lookUp, memoryPlaceOf } from '../domain/memory';
import { fairTurns } from '../domain/fairTurns';
import { findOr404, type RouteOptions } from './helpers';
import { idParams } from '../../src/api/schema/queries';

/** Lookups one user may have under way at once: the editor asks one at a time (a fill and a line's matches: two). */
export const MEMORY_LOOKUPS_PER_USER = 2;

/** The 400 of a similar lookup over the limits (how many texts, how long each), or undefined. */
function fuzzyLimitsError(texts: readonly string[]) {
  if (texts.length > MEMORY_LIMITS.fuzzyTexts)
    return badRequest(`texts: at most ${MEMORY_LIMITS.fuzzyTexts} texts when asking for similar matches`, [
      { path: 'texts', message: `at most ${MEMORY_LIMITS.fuzzyTexts} with "fuzzy": true` },
    ]);
  const long = texts.flatMap((t, i) =>
    t.length > MEMORY_LIMITS.fuzzyTextLength
      ? [{ path: `texts.${i}`, message: `at most ${MEMORY_LIMITS.fuzzyTextLength} characters with "fuzzy": true` }]
      : [],
  );
  if (long.length > 0)
    return badRequest(
      `${long[0]!.path}: at most ${MEMORY_LIMITS.fuzzyTextLength} characters when asking for similar matches`,
      long,
    );
  return undefined;
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  lookup: { params: idParams, body: memoryLookup },
};

export const memoryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store } = services;
  // No line to wait in: a lookup past the limit is refused at once (the editor asks again after a second).
  const lookups = new CallerLanes({ concurrency: MEMORY_LOOKUPS_PER_USER, queue: 0 }, 'translation-memory lookups');

  app.post<{ Params: { id: string } }>('/translations/:id/memory', { schema: EDGES.lookup }, async (request, reply) => {
    const caller = callerOf(request);
    const found = await findOr404<TranslationDoc>(services, 'Translations', request.params.id, 'translation', {
      omit: LINE_FIELDS,
    });
    if (!(await canReadTranslation(request, services, found.doc, { forWork: true }))) throw notFound('translation');
    const { texts, fuzzy = false } = parseInput(memoryLookup, request.body);
    const tooMuch = fuzzy ? fuzzyLimitsError(texts) : undefined;
    if (tooMuch) throw tooMuch;
    return lookups.run(caller.id, reply, async () => {
      // A client that goes (closes the connection) before its answer stops the work: nobody would read it.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      try {
        const scope = await memoryPlaceOf(store, found.doc);
        if (!scope) return { results: [] };
        const results = await lookUp(store.memory, scope, texts, fuzzy, gone.signal, () => fairTurns.turn(caller.id));
        return { source: scope.source, target: scope.target, results };
      } catch (error) {
        // The answer would go to a closed connection: nothing to report.
        if (gone.signal.aborted) return { results: [] };
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
    });
  });
};
