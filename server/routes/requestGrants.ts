/** The caller's grants for a request (domain/grants.ts), asked once however many parts of the answer need them. */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../context';
import { callerOf } from '../context';
import { generationsOf } from '../http/generation';
import { grantsOf, type Grants } from '../domain/grants';

const asked = new WeakMap<FastifyRequest, Promise<Grants>>();

export function requestGrants(request: FastifyRequest, services: Services): Promise<Grants> {
  let grants = asked.get(request);
  if (!grants) {
    grants = grantsOf(callerOf(request), services.store, generationsOf(request, services.store));
    asked.set(request, grants);
  }
  return grants;
}
