/** Studio scope for routes (docs/API.md, "Studio scope"): one-record reads and writes of studio-scoped collections. */
import type { FastifyRequest } from 'fastify';
import type { Collection, Doc, Stored } from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import { requireInScope, requirePlacement } from '../domain/scope';
import { findOr404, type WriteSpec } from './helpers';

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
