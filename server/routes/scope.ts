/** Studio scope for routes (docs/API.md, "Studio scope"): one-record reads and writes of studio-scoped collections. */
import type { FastifyRequest } from 'fastify';
import type { Collection, Doc, Stored } from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import { requireInScope, requirePlacement, studioOf } from '../domain/scope';
import { canSeeTranslation } from '../domain/access';
import type { TranslationDoc, WorkRequestDoc } from '../domain/types';
import { notFound } from '../http/errors';
import { assetGrant, canReadFile, canReadPreview, canReadProject, canReadStudio, type Grants } from '../domain/grants';
import { findOr404, type WriteSpec } from './helpers';
import { requestGrants } from './requestGrants';

/** Whether a grant lets a caller who is not staff read this catalog record (staff: studio scope decides). */
function granted(grants: Grants, collection: Collection, doc: Doc): boolean {
  if (grants.kind !== 'granted') return true;
  switch (collection) {
    case 'Assets':
      return assetGrant(grants, doc) !== undefined;
    case 'Projects':
      return canReadProject(grants, doc);
    case 'Studios':
      return canReadStudio(grants, doc._id);
    case 'Previews':
      return canReadPreview(grants, doc);
    case 'Files':
      return canReadFile(grants, doc);
    default:
      return true;
  }
}

/**
 * A catalog record (project, studio, asset, preview, file) the caller may read, or 404: staff within their studios
 * (studio scope), anyone else what a grant gives them (docs/API.md, "Who sees what: grants"). Unknown, out-of-scope
 * and ungranted records answer alike.
 */
export async function findReadable<T extends Doc>(
  request: FastifyRequest,
  services: Services,
  collection: Collection,
  id: string,
  what: string,
): Promise<Stored<T>> {
  const found = await findInScope<T>(request, services, collection, id, what);
  if (!granted(await requestGrants(request, services), collection, found.doc)) throw notFound(what);
  return found;
}

/** A record the caller may see, or 404: unknown and out-of-scope records answer alike. */
export async function findInScope<T extends Doc>(
  request: FastifyRequest,
  services: Services,
  collection: Collection,
  id: string,
  what: string,
): Promise<Stored<T>> {
  const found = await findOr404<T>(services, collection, id, what);
  await requireInScope(callerOf(request), services.store, collection, found.doc, what);
  return found;
}

/**
 * The write spec with the scope checks first: a record out of the caller's scope is 404 before any other rule
 * speaks (so a 403 never reveals it), and a body that would place the record in a studio out of scope is 403.
 */
export function withStudioScope<T extends Doc>(spec: WriteSpec<T>): WriteSpec<T> {
  return {
    ...spec,
    async authorize(caller, current, tx) {
      if (current) await requireInScope(caller, tx, spec.collection, current, spec.what);
      await spec.authorize?.(caller, current, tx);
    },
    async prepare(next, fields, caller, current, tx) {
      await requirePlacement(caller, tx, fields, current);
      return spec.prepare ? spec.prepare(next, fields, caller, current, tx) : next;
    },
  };
}

/**
 * Whether the caller reads a translation: canSeeTranslation (work: their own, their studios'), and for someone who is
 * not staff a transcription (an asset's original text) only of an asset whose previews a grant lets them watch. The
 * requester of its order reads it too (they review it), unless `forWork`: the translator's tools on it (its glossary,
 * the memory) are the studio's and its vendors', not the client's.
 */
export async function canReadTranslation(
  request: FastifyRequest,
  services: Services,
  t: TranslationDoc,
  options: { forWork?: boolean } = {},
): Promise<boolean> {
  const caller = callerOf(request);
  if (!canSeeTranslation(caller, t, await studioOf(services.store, 'Translations', t)))
    // The requester reviews the translations of their order (docs/API.md "Review notes"): they read them too.
    return (
      options.forWork !== true &&
      t.workRequest !== undefined &&
      (await requesterOf(services, t.workRequest)) === caller.id
    );
  if (t.workRequest) return true;
  const grants = await requestGrants(request, services);
  return grants.kind !== 'granted' || (grants.assets.get(String(t.asset))?.previews ?? 'none') !== 'none';
}

/** Who placed a work request (its `from`), undefined when there is none. */
async function requesterOf(services: Services, workRequest: string): Promise<string | undefined> {
  return (await services.store.get<WorkRequestDoc>('Workrequests', workRequest))?.doc.from?._id;
}
