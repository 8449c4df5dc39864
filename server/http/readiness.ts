/**
 * `/readyz`, for a load balancer: 200 `{ ok: true }` when the store can serve (its database answers and its schema
 * is migrated), else 503 with the reason, so traffic goes to another instance. `/healthz` stays "the process is up".
 */
import type { FastifyReply } from 'fastify';
import type { Store } from '../storage/store';

/** A database that does not answer within this long is not ready (a load balancer checks every few seconds). */
export const READY_TIMEOUT_MS = 2000;

export function readinessCheck(store: Store, timeoutMs = READY_TIMEOUT_MS) {
  return async (_request: unknown, reply: FastifyReply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([store.ready(), timeout]);
      return { ok: true };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return reply.status(503).send({
        ok: false,
        error: { code: 'not_ready', message: 'the store is not ready', details: { reason: message } },
      });
    } finally {
      clearTimeout(timer);
    }
  };
}
