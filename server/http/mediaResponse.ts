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

function notModified(request: FastifyRequest, state: { mtimeMs: number }, etag: string): boolean {
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
function rangeStillValid(request: FastifyRequest, state: { mtimeMs: number; etag: string }): boolean {
  const header = request.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = String(header);
  if (ifRange.startsWith('"')) return ifRange === state.etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(state.mtimeMs / 1000) * 1000 <= date;
}

/**
 * Bytes to send that are not a plain file of the server's own (an upload in the blob store): their size, time and
 * strong validator, and a stream of any inclusive range of them.
 */
export interface MediaSource {
  size: number;
  mtimeMs: number;
  etag: string;
  open(start: number, end: number): NodeJS.ReadableStream;
  /** Sent as Content-Disposition (the uploaded file's name), when given. */
  filename?: string;
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
  const json = type.startsWith('application/json');
  const gzipped = json && request.headers.range === undefined && acceptsGzip(request);
  const encoded = gzipped ? await gzippedOf(file, state) : undefined;
  if (json) addVary(reply, 'Accept-Encoding'); // keeping CORS's `Origin`
  const source = {
    ...state,
    etag: encoded?.etag ?? state.etag,
    open: (start: number, end: number) => fs.createReadStream(file, { start, end }),
  };
  return sendMediaSource(request, reply, source, expires, type, encoded?.body);
}

/**
 * Sends `source` for a link valid until `expires` (Unix seconds): validators, 304, ranges (206, 416), HEAD; `encoded`,
 * when given, is the whole body gzipped (sent instead, without ranges).
 */
export async function sendMediaSource(
  request: FastifyRequest,
  reply: FastifyReply,
  source: MediaSource,
  expires: number,
  type: string,
  encoded?: Buffer,
): Promise<FastifyReply> {
  const state = source;
  const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
  const etag = state.etag;
  reply.header('Cache-Control', `private, max-age=${maxAge}`);
  reply.header('ETag', etag);
  reply.header('Last-Modified', new Date(state.mtimeMs).toUTCString());
  reply.header('Accept-Ranges', 'bytes');
  // The signature is the credential: the bytes may be shown by a page of another origin (MWS_API_BASE).
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (source.filename !== undefined) reply.header('Content-Disposition', attachment(source.filename));
  if (notModified(request, state, etag)) return reply.status(304).send();
  if (encoded) {
    reply.type(type).header('Content-Encoding', 'gzip').header('Content-Length', String(encoded.length));
    return reply.send(encoded);
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
  return reply.send(source.open(start, end));
}

/** `Content-Disposition: attachment` with the name as an ASCII fallback and in full (RFC 6266, RFC 8187). */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
