/**
 * A cache of answered GET requests, so repeated reads (list pages polled by many open apps, benchmarks) cost a
 * lookup instead of a query, JSON parsing and shaping. An entry is keyed by everything the answer depends on —
 * method, URL, X-Range, Host and the caller — and is valid only while the store's write generation is unchanged
 * (any write anywhere empties it in effect) and for at most `ttlMs` (signed links in answers carry an expiry).
 * Every cacheable GET says how it was answered: `X-Cache: hit` from the cache, `X-Cache: miss` by its route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from '../storage/store';
import { generationOf } from './generation';

interface Entry {
  generation: number;
  expires: number;
  body: string;
  headers: Record<string, string>;
  /** The body compressed, per encoding, made on first demand (http/compression.ts); counted in the total bytes. */
  variants: Map<string, Buffer>;
}

/** Compressed forms of a cached answer, kept with its entry (dropped with it). */
export interface CachedVariants {
  get(encoding: string): Buffer | undefined;
  set(encoding: string, body: Buffer): void;
}
const variantsOf = new WeakMap<FastifyRequest, CachedVariants>();

/** The compressed forms kept for this request's answer: a hit's entry, or the one a miss just stored. */
export function cachedVariants(request: FastifyRequest): CachedVariants | undefined {
  return variantsOf.get(request);
}

const KEPT_HEADERS = ['content-type', 'content-range', 'etag'];

export interface ResponseCacheOptions {
  maxEntries?: number;
  /** Bodies larger than this are not kept (a work request with 3,000 lines is ~700 KB). */
  maxBodyBytes?: number;
  /** The most all kept bodies may take together; the oldest entries go first. */
  maxTotalBytes?: number;
  ttlMs?: number;
  /** Paths (after /api) never cached: streams and signed downloads. */
  skip?: (path: string) => boolean;
}

export function installResponseCache(app: FastifyInstance, store: Store, options: ResponseCacheOptions = {}): void {
  const maxEntries = options.maxEntries ?? 2000;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 30_000;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length;
    for (const v of entry.variants.values()) totalBytes -= v.length;
    entries.delete(key);
  };
  const variantsFor = (key: string, entry: Entry): CachedVariants => ({
    get: (encoding) => entry.variants.get(encoding),
    set: (encoding, body) => {
      if (entries.get(key) !== entry || entry.variants.has(encoding)) return;
      entry.variants.set(encoding, body);
      totalBytes += body.length;
    },
  });
  const keys = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  const keyOf = (request: FastifyRequest): string | undefined => {
    if (request.method !== 'GET' || !request.caller || !request.url.startsWith('/api/')) return undefined;
    if (options.skip?.(request.url.split('?')[0] ?? '')) return undefined;
    return `${request.caller.id}\n${request.headers.host ?? ''}\n${String(request.headers['x-range'] ?? '')}\n${request.url}`;
  };

  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (!key) return;
    const generation = await generationOf(request, store);
    const hit = entries.get(key);
    if (hit && hit.generation === generation && hit.expires > Date.now()) {
      for (const [k, v] of Object.entries(hit.headers)) reply.header(k, v);
      reply.header('X-Cache', 'hit');
      variantsOf.set(request, variantsFor(key, hit));
      return reply.send(hit.body);
    }
    // A cacheable GET answered by the route says so too: clients (the server bench) can count the hit rate.
    reply.header('X-Cache', 'miss');
    keys.set(request, { key, generation });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = keys.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // A miss asks again before keeping the answer: a write while it was made leaves it out (a hit asks once).
    if (payload.length > maxBodyBytes || pending.generation !== (await store.generation())) return payload;
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = reply.getHeader(h);
      if (typeof v === 'string') headers[h] = v;
    }
    drop(pending.key);
    while (entries.size > 0 && (entries.size >= maxEntries || totalBytes + payload.length > maxTotalBytes)) {
      drop(entries.keys().next().value as string);
    }
    const entry: Entry = {
      generation: pending.generation,
      expires: Date.now() + ttlMs,
      body: payload,
      headers,
      variants: new Map(),
    };
    entries.set(pending.key, entry);
    variantsOf.set(request, variantsFor(pending.key, entry));
    totalBytes += payload.length;
    return payload;
  });
}
