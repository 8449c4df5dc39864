/**
 * Answers a signed media link with a file from disk (docs/API.md, "Media"): byte ranges (206 with Content-Range,
 * 416 for a range past the end, a malformed or multi-range header ignored as HTTP allows: the whole file, 200),
 * HEAD, a strong ETag from the content and Last-Modified (If-None-Match / If-Modified-Since: 304; If-Range),
 * `Cache-Control: private` for as long as the signed link lives, and JSON gzipped for clients that accept it.
 */
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors';
import { contentTypeOf } from '../domain/media';
import { addVary } from './vary';

interface FileState {
  size: number;
  mtimeMs: number;
  etag: string;
}

/** Content hashes by path, kept while the file's size and time are unchanged (files are replaced, never edited). */
const states = new Map<string, FileState>();

async function fileState(file: string): Promise<FileState | undefined> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  const known = states.get(file);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known;
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  const state = { size: stat.size, mtimeMs: stat.mtimeMs, etag: `"${hash.digest('base64url').slice(0, 27)}"` };
  states.set(file, state);
  return state;
}

/**
 * JSON (peaks) gzipped, by path and content: sent whole to clients that accept gzip (~0.46 -> 0.13 MB for the
 * 90-minute feature's peaks). Only the server's own small JSON files, so the map stays small.
 */
const gzippedJson = new Map<string, { etag: string; body: Buffer }>();

async function gzippedOf(file: string, state: FileState): Promise<{ etag: string; body: Buffer }> {
  const known = gzippedJson.get(file);
  // A representation of its own: its own strong ETag.
  const etag = `${state.etag.slice(0, -1)}-gz"`;
  if (known?.etag === etag) return known;
  const entry = { etag, body: await promisify(gzip)(await fs.promises.readFile(file)) };
  gzippedJson.set(file, entry);
  return entry;
}

/** Accept-Encoding names gzip (or `*`) without `q=0`. */
function acceptsGzip(request: FastifyRequest): boolean {
  return String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
      if (name !== 'gzip' && name !== '*') return false;
      const q = params.find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * The one byte range a `Range` header asks of a `size`-byte file: `{start, end}` (inclusive), 'unsatisfiable'
 * (416), or undefined when the header is absent, malformed or asks several ranges (answered with the whole file).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

function notModified(request: FastifyRequest, state: FileState, etag: string): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(state.mtimeMs / 1000) * 1000 <= since;
}

/** If-Range: the range applies only while the validator still names this file's content. */
function rangeStillValid(request: FastifyRequest, state: FileState): boolean {
  const header = request.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = String(header);
  if (ifRange.startsWith('"')) return ifRange === state.etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(state.mtimeMs / 1000) * 1000 <= date;
}

/**
 * Sends `file` (absolute path, already checked to be under a media root) for a link valid until `expires` (Unix
 * seconds). A missing file is a 404.
 */
export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  expires: number,
  type = contentTypeOf(file),
): Promise<FastifyReply> {
  const state = await fileState(file);
  if (!state) throw notFound('media');
  const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
  const json = type.startsWith('application/json');
  const gzipped = json && request.headers.range === undefined && acceptsGzip(request);
  const encoded = gzipped ? await gzippedOf(file, state) : undefined;
  const etag = encoded?.etag ?? state.etag;
  reply.header('Cache-Control', `private, max-age=${maxAge}`);
  reply.header('ETag', etag);
  if (json) addVary(reply, 'Accept-Encoding'); // keeping CORS's `Origin`
  reply.header('Last-Modified', new Date(state.mtimeMs).toUTCString());
  reply.header('Accept-Ranges', 'bytes');
  // The signature is the credential: the bytes may be shown by a page of another origin (MWS_API_BASE).
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (notModified(request, state, etag)) return reply.status(304).send();
  if (encoded) {
    reply.type(type).header('Content-Encoding', 'gzip').header('Content-Length', String(encoded.body.length));
    return reply.send(encoded.body);
  }

  const range = rangeStillValid(request, state) ? parseRange(request.headers.range, state.size) : undefined;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${state.size}`);
    return reply
      .status(416)
      .type('application/json')
      .send({
        error: { code: 'range_not_satisfiable', message: `the range is past the end of the ${state.size}-byte file` },
      });
  }
  const { start, end } = range ?? { start: 0, end: state.size - 1 };
  reply.type(type);
  reply.header('Content-Length', String(Math.max(0, end - start + 1)));
  if (range) {
    reply.status(206);
    reply.header('Content-Range', `bytes ${start}-${end}/${state.size}`);
  }
  if (state.size === 0) return reply.send();
  // HEAD too: Fastify's HEAD route sends the headers (Content-Length kept) and drops the stream unread.
  return reply.send(fs.createReadStream(file, { start, end }));
}
