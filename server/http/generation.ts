/**
 * The store's generations as one request sees them: asked once (the credential cache and the response cache both
 * compare them, and with PostgreSQL asking is a query). Read before the request's own reads, so a write meanwhile
 * makes what is cached from them look stale, never current.
 */
import type { FastifyRequest } from 'fastify';
import type { Generations, Store } from '../storage/store';

const asked = new WeakMap<FastifyRequest, Promise<Generations>>();

export function generationsOf(request: FastifyRequest, store: Pick<Store, 'generations'>): Promise<Generations> {
  let generations = asked.get(request);
  if (!generations) {
    generations = store.generations();
    asked.set(request, generations);
  }
  return generations;
}
