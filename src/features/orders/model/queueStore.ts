/**
 * The order queue kept in sessionStorage per user (as the wizard's draft is, draftStore.ts): a reload or a failed
 * placing loses nothing; placing the queue forgets it. Anything unreadable is no queue.
 */
import type { OrderQueue } from './queue';
import { forgetDraft, keepInSession } from './draftStore';

const PREFIX = 'mws.order-queue';

export const queueKey = (userId: string, from: string) => `${PREFIX}:${userId}:${from}`;

export function loadQueue(key: string, storage: Storage = sessionStorage): OrderQueue | undefined {
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as Partial<OrderQueue>;
    if (!Array.isArray(saved.assets) || !Array.isArray(saved.pairs) || typeof saved.shared !== 'object')
      return undefined;
    return { project: '', overrides: {}, removed: [], ...saved } as OrderQueue;
  } catch {
    return undefined;
  }
}

export function saveQueue(key: string, queue: OrderQueue, storage: Storage = sessionStorage): void {
  keepInSession(key, queue, storage);
}

/** Placed: the queue is forgotten (as the wizard's draft is). */
export const forgetQueue = forgetDraft;
