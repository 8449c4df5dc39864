/**
 * A cache of answered GET requests, so repeated reads (list pages polled by many open apps, benchmarks) cost a
 * lookup instead of a query, JSON parsing and shaping. An entry is keyed by the request — method, URL, X-Range, Host
 * and the caller — and is valid for at most `ttlMs` (signed links in answers carry an expiry) and only while what
 * the answer was made from is unchanged. That is noted as the route reads (storage/readTracking.ts: the store must
 * be `trackingReads`'s): each collection it listed or counted must keep its generation, each record it read by id
 * its version, and the caller's users and groups (auth.ts, CALLER_COLLECTIONS) their generations. So a write voids
 * only the answers that read what it wrote: a comment leaves cached work requests alone, and a status change of one
 * work request leaves the others' record answers valid (lists of work requests are voided: any may have moved).
 * Every cacheable GET says how it was answered: `X-Cache: hit` from the cache, `X-Cache: miss` by its route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Collection, Generations, Store } from '../storage/store';
import { newReads, noteReads, readsHere, type Reads } from '../storage/readTracking';
import { CALLER_COLLECTIONS } from '../domain/auth';
import { generationsOf } from './generation';

/** Records an answer was made from, of one collection: valid while the collection's generation is `generation`, or
 * (once it moved) while every record still has the version read. */
interface RecordsRead {
  generation: number;
  versions: Map<string, number>;
}

interface Entry {
  /** Collections read as a whole, with their generations before the answer was made. */
  collections: Map<Collection, number>;
  records: Map<Collection, RecordsRead>;
  expires: number;
  body: string;
  /** The memory `body` takes (stringBytes). */
  bytes: number;
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

/** The defaults of the bounds (RESPONSE_CACHE_MAX_MB and RESPONSE_CACHE_MAX_ENTRIES set them: server/config.ts). */
export const RESPONSE_CACHE_DEFAULTS = { maxEntries: 2000, maxTotalBytes: 64 * 1024 * 1024 } as const;

export interface ResponseCacheOptions {
  maxEntries?: number;
  /** Bodies larger than this are not kept (a work request with 3,000 lines is ~700 KB). */
  maxBodyBytes?: number;
  /**
   * The most all kept bodies may take in memory together, compressed forms included; the least recently used
   * entries go first.
   */
  maxTotalBytes?: number;
  ttlMs?: number;
  /** Paths (after /api) never cached: streams and signed downloads. */
  skip?: (path: string) => boolean;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
}

/** What the cache holds now (tests, and anyone checking its bounds). */
export interface ResponseCacheSize {
  entries: number;
  bytes: number;
}

/**
 * The memory a kept body takes: V8 stores a string with a character above U+00FF in two bytes per character, and
 * any other in one (a JSON answer is usually the latter; one curly quote makes it the former).
 */
export function stringBytes(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? 2 * text.length : text.length;
}

/**
 * Installs the cache; answers a function telling its size. Bounded by entries and by bytes (bodies and their
 * compressed forms), least recently used first out, and entries past their `ttlMs` are dropped within another
 * `ttlMs` even when nothing asks for them, so an idle server holds no stale answers (docs/decisions/050-memory-bounds.md).
 */
export function installResponseCache(
  app: FastifyInstance,
  store: Store,
  options: ResponseCacheOptions = {},
): () => ResponseCacheSize {
  const maxEntries = options.maxEntries ?? RESPONSE_CACHE_DEFAULTS.maxEntries;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? RESPONSE_CACHE_DEFAULTS.maxTotalBytes;
  const ttlMs = options.ttlMs ?? 30_000;
  const clock = options.now ?? Date.now;
  /** In order of last use: the first is the least recently used. */
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    for (const v of entry.variants.values()) totalBytes -= v.length;
    entries.delete(key);
  };
  /** Evicts the least recently used until `adding` more bytes and one more entry fit (`keep` stays). */
  const makeRoom = (adding: number, entriesAdded: number, keep?: string) => {
    for (const key of entries.keys()) {
      if (entries.size + entriesAdded <= maxEntries && totalBytes + adding <= maxTotalBytes) return;
      if (key !== keep) drop(key);
    }
  };
  const dropExpired = () => {
    const at = clock();
    for (const [key, entry] of entries) if (entry.expires <= at) drop(key);
  };
  // Expired entries are dropped at least every ttlMs, so memory held for answers nobody asks again is given back.
  const sweeper = setInterval(dropExpired, ttlMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const variantsFor = (key: string, entry: Entry): CachedVariants => ({
    get: (encoding) => entry.variants.get(encoding),
    set: (encoding, body) => {
      if (entries.get(key) !== entry || entry.variants.has(encoding)) return;
      let entryBytes = entry.bytes + body.length;
      for (const v of entry.variants.values()) entryBytes += v.length;
      if (entryBytes > maxTotalBytes) return;
      makeRoom(body.length, 0, key);
      entry.variants.set(encoding, body);
      totalBytes += body.length;
    },
  });
  const keys = new WeakMap<FastifyRequest, { key: string; generations: Generations; reads: Reads }>();
  /** The reads of each cacheable request, noted from its first hook on (`noteReads`). */
  const readsOf = new WeakMap<FastifyRequest, Reads>();

  /** A GET of the interface that may be kept: not a stream or a signed download (`skip`). */
  const cacheable = (request: FastifyRequest): boolean =>
    request.method === 'GET' && request.url.startsWith('/api/') && !options.skip?.(request.url.split('?')[0] ?? '');

  const keyOf = (request: FastifyRequest): string | undefined => {
    if (!cacheable(request) || !request.caller) return undefined;
    return `${request.caller.id}\n${request.headers.host ?? ''}\n${String(request.headers['x-range'] ?? '')}\n${request.url}`;
  };

  /** Whether what `entry` was made from is unchanged at `now` (this request's generations, read before its reads). */
  const stillValid = async (entry: Entry, now: Generations): Promise<boolean> => {
    for (const [c, generation] of entry.collections) if (now[c] !== generation) return false;
    const moved = [...entry.records].filter(([c, read]) => now[c] !== read.generation);
    const current = await Promise.all(moved.map(([c, read]) => store.versions(c, [...read.versions.keys()])));
    for (const [i, [, read]] of moved.entries()) {
      for (const [id, version] of read.versions) if (current[i]!.get(id) !== version) return false;
    }
    // Checked after `now` was read: no write of these records before then, so the check holds until it moves again.
    for (const [c, read] of moved) read.generation = now[c];
    return true;
  };

  // The reads of a cacheable GET are noted from here on, through its route (the sign-in hook, registered before,
  // runs outside: its reads need no noting, the caller's collections are always checked).
  app.addHook('onRequest', (request, _reply, done) => {
    // Only for what may be kept (a live stream would note its reads for as long as it is open).
    if (!cacheable(request)) return done();
    const reads = newReads();
    readsOf.set(request, reads);
    noteReads(reads, done);
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (!key) return;
    const generations = await generationsOf(request, store);
    const hit = entries.get(key);
    if (hit && hit.expires > clock() && (await stillValid(hit, generations))) {
      // Used now: last in the order of eviction (unless it was evicted while its validity was checked).
      if (entries.get(key) === hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      for (const [k, v] of Object.entries(hit.headers)) reply.header(k, v);
      reply.header('X-Cache', 'hit');
      variantsOf.set(request, variantsFor(key, hit));
      return reply.send(hit.body);
    }
    // A cacheable GET answered by the route says so too: clients (the server bench) can count the hit rate.
    reply.header('X-Cache', 'miss');
    // Kept only when the route runs where its reads are noted (else what it read is unknown).
    const reads = readsOf.get(request);
    if (reads && readsHere() === reads) keys.set(request, { key, generations, reads });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = keys.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const { generations, reads } = pending;
    if (payload.length > maxBodyBytes || reads.opaque) return payload;
    const whole = new Set([...CALLER_COLLECTIONS, ...reads.collections]);
    // A miss asks again before keeping the answer: a write to what it read as a whole while it was made leaves it
    // out (records read by id carry the version read; a hit asks once).
    const now = await store.generations();
    for (const c of whole) if (now[c] !== generations[c]) return payload;
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = reply.getHeader(h);
      if (typeof v === 'string') headers[h] = v;
    }
    const bytes = stringBytes(payload);
    if (bytes > maxTotalBytes) return payload;
    drop(pending.key);
    makeRoom(bytes, 1);
    const records = new Map<Collection, RecordsRead>();
    for (const [c, versions] of reads.records) {
      if (!whole.has(c)) records.set(c, { generation: generations[c], versions });
    }
    const entry: Entry = {
      collections: new Map([...whole].map((c) => [c, generations[c]])),
      records,
      // No longer than the time what it was made from holds (a share's end), when that is sooner.
      expires: Math.min(clock() + ttlMs, reads.until ?? Infinity),
      body: payload,
      bytes,
      headers,
      variants: new Map(),
    };
    entries.set(pending.key, entry);
    variantsOf.set(request, variantsFor(pending.key, entry));
    totalBytes += bytes;
    return payload;
  });
  return () => ({ entries: entries.size, bytes: totalBytes });
}
