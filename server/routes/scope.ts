/** Studio scope for routes (docs/API.md, "Studio scope"): one-record reads and writes of studio-scoped collections. */
import type { FastifyRequest } from 'fastify';
import type { Collection, Doc, Stored } from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import { requireInScope, requirePlacement } from '../domain/scope';
import { findOr404, type WriteSpec } from './helpers';

/** A record the caller may see, or 404: unknown and out-of-scope records answer alike. */
export function findInScope<T extends Doc>(
  request: FastifyRequest,
  services: Services,
  collection: Collection,
  id: string,
  what: string,
): Stored<T> {
  const found = findOr404<T>(services, collection, id, what);
  requireInScope(callerOf(request), services.store, collection, found.doc, what);
  return found;
}

/**
 * The write spec with the scope checks first: a record out of the caller's scope is 404 before any other rule
 * speaks (so a 403 never reveals it), and a body that would place the record in a studio out of scope is 403.
 */
export function withStudioScope<T extends Doc>(services: Services, spec: WriteSpec<T>): WriteSpec<T> {
  const { store } = services;
  return {
    ...spec,
    authorize(caller, current) {
      if (current) requireInScope(caller, store, spec.collection, current, spec.what);
      spec.authorize?.(caller, current);
    },
    prepare(next, fields, caller, current) {
      requirePlacement(caller, store, fields, current);
      return spec.prepare ? spec.prepare(next, fields, caller, current) : next;
    },
  };
}
