/**
 * The store's write generation as one request sees it: asked once (the credential cache and the response cache both
 * compare it, and with PostgreSQL asking is a query). Read before the request's own reads, so a write meanwhile
 * makes what is cached from them look stale, never current.
 */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../storage/store';

const asked = new WeakMap<FastifyRequest, Promise<number>>();

export function generationOf(request: FastifyRequest, store: Pick<Store, 'generation'>): Promise<number> {
  let generation = asked.get(request);
  if (!generation) {
    generation = store.generation();
    asked.set(request, generation);
  }
  return generation;
}
