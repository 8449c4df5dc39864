/**
 * Validators on every JSON GET answer of the interface, so a repeat read can be a 304 without a body:
 *
 * - An answer without an ETag (lists, searches, `/users/me`, …) gets one made from a hash of its body and its
 *   `Content-Range`, `W/"h<hash>"`: exact for whatever the answer depends on (the caller's access, embedded records,
 *   signed links, the list's total), since two answers share it only when their bytes and total are the same.
 *   The total must be in it: browsers do not take `Content-Range` from a 304 (Chromium keeps the stored copy's), so
 *   a count read as `resources=0-0` whose first item stayed would keep its old total. Weak: the compressed forms
 *   differ in bytes.
 * - A single record keeps its `W/"<id>-<version>"` (If-Match and the app compare it), but its body can change while
 *   its version does not (embedded translations, the caller's `$permissions`, signed links with an expiry). So a 304
 *   for it also needs the body to be the one this caller was last sent under that ETag: a memo per caller, URL and
 *   ETag keeps the body's hash, and once two different bodies went out under one ETag it never answers 304 for it.
 *
 * `Cache-Control: private, no-cache` (the browser keeps the answer and asks each time) and `Vary: Authorization`
 * (one browser signed in as another account never revalidates the first account's copy) go with them.
 * Registered before the response cache's hook, so a cached answer keeps its ETag and a hit does not hash it again.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './vary';

const BODY_ETAG = /^W\/"h[A-Za-z0-9_-]+"$/;
/** Two different bodies went out under one record ETag: its 304s are off until the record's next version. */
const AMBIGUOUS = '';

/** 22 base64url characters of the SHA-1 of the parts, one after the other: 132 bits, a collision is not a concern. */
export function contentHash(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 22);
}

/** The ETag of an answer without a record ETag: its body and, for a list page, its `Content-Range` (the total). */
export function answerEtag(body: string | Buffer, contentRange: string | undefined): string {
  return `W/"h${contentRange === undefined ? contentHash(body) : contentHash(`${contentRange}\n`, body)}"`;
}

/** Weak comparison (RFC 9110 §13.1.2): `W/` is ignored on both sides; `*` matches any current answer. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === current);
}

export interface ConditionalGetOptions {
  /** Paths (after /api) left alone: signed media links answer their own conditionals (http/mediaResponse.ts). */
  skip?: (path: string) => boolean;
  /** How many (caller, URL, record ETag) hashes the record memo keeps; the oldest go first. */
  maxRecordEtags?: number;
}

/** A JSON answer (`application/json`, `application/…+json`): the kind this module and compression.ts handle. */
export function isJsonAnswer(reply: FastifyReply): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/.test(String(reply.getHeader('content-type') ?? ''));
}

export function installConditionalGets(app: FastifyInstance, options: ConditionalGetOptions = {}): void {
  const maxRecordEtags = options.maxRecordEtags ?? 20_000;
  const sentUnder = new Map<string, string>();

  /** Whether this caller's copy under a record ETag is surely `hash`: recorded now, checked on the next ask. */
  const sameRecordBody = (request: FastifyRequest, etag: string, hash: string): boolean => {
    const key = `${request.caller?.id ?? ''}\n${String(request.headers['x-range'] ?? '')}\n${request.url}\n${etag}`;
    const before = sentUnder.get(key);
    sentUnder.delete(key); // re-inserted last: the map's order is the eviction order
    sentUnder.set(key, before === undefined || before === hash ? hash : AMBIGUOUS);
    while (sentUnder.size > maxRecordEtags) sentUnder.delete(sentUnder.keys().next().value as string);
    return before === hash;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (!request.url.startsWith('/api/') || options.skip?.(request.url.split('?')[0] ?? '')) return payload;
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    if (!isJsonAnswer(reply) || reply.getHeader('content-encoding') !== undefined) return payload;
    if (reply.getHeader('cache-control') === undefined) reply.header('Cache-Control', 'private, no-cache');
    addVary(reply, 'Authorization');
    const given = reply.getHeader('etag');
    const asked = request.headers['if-none-match'];
    let fresh: boolean;
    if (typeof given !== 'string') {
      const range = reply.getHeader('content-range');
      const etag = answerEtag(payload, range === undefined ? undefined : String(range));
      reply.header('ETag', etag);
      fresh = ifNoneMatchMatches(asked, etag);
    } else if (BODY_ETAG.test(given)) {
      fresh = ifNoneMatchMatches(asked, given); // a response-cache hit: hashed when it was made
    } else {
      const hash = contentHash(payload);
      fresh = sameRecordBody(request, given, hash) && ifNoneMatchMatches(asked, given);
    }
    if (!fresh) return payload;
    reply.code(304);
    addVary(reply, 'Accept-Encoding'); // as the 200 would have (http/compression.ts), which a 304 skips
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    return null; // no body, and Fastify then sends no Content-Length (a 304's would have to be the 200's)
  });
}
