/**
 * JSON answers compressed on the fly, at levels that cost little CPU (docs/decisions/117-bytes-on-the-wire.md: brotli
 * quality 4 and gzip level 6 on a 270 kB first page of 50 work requests), negotiated from `Accept-Encoding`
 * (http/acceptEncoding.ts), above a size threshold. Whole bodies (strings and buffers) are compressed by the onSend
 * hook here; the proxy (routes/proxy.ts, MWS_UPSTREAM) compresses an upstream's plain JSON as it streams through, with
 * the same decision (`encodingToSend`) and the same levels (`compressingStream`). The live notification stream is
 * hijacked and written as it comes, and media files are streams that set their own encoding: neither is touched. A
 * response-cache hit reuses the compressed bytes kept beside the entry (http/responseCache.ts, `cachedVariants`), so a
 * cached page is compressed once per generation, not per hit.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, type Encoding } from './acceptEncoding';
import { cachedVariants } from './responseCache';
import { isJsonAnswer } from './conditionalGet';
import { addVary } from './vary';

export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/** Below this many bytes an answer goes as it is: a TCP packet either way, and compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function brotliOptions(sizeHint: number | undefined, level?: number): zlib.BrotliOptions {
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: level ?? BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint !== undefined) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return { params };
}

/** `body` encoded at the answers' levels, off the main thread (zlib's thread pool). */
export function compress(body: string | Buffer, encoding: Encoding, level?: number): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: level ?? GZIP_LEVEL });
  return brotli(body, brotliOptions(Buffer.byteLength(body), level));
}

/** The same encoding as `compress`, as a stream (a body arriving in chunks: `sizeHint` is its length when known). */
export function compressingStream(encoding: Encoding, sizeHint?: number): Transform {
  if (encoding === 'gzip') return zlib.createGzip({ level: GZIP_LEVEL });
  return zlib.createBrotliCompress(brotliOptions(sizeHint));
}

/**
 * Whether this answer is to be compressed, and how: a JSON answer with a body of its own (not 204, 206 or 304, no
 * `Content-Encoding` or `Accept-Ranges` set: media keeps its bytes), `byteLength` at least the threshold (unknown:
 * a stream without `Content-Length`, compressed), in the encoding the client prefers. Every answer that could be
 * encoded gets `Vary: Accept-Encoding`, whether or not this one is.
 */
export function encodingToSend(
  request: FastifyRequest,
  reply: FastifyReply,
  byteLength: number | undefined,
  thresholdBytes = COMPRESSION_THRESHOLD,
): Encoding | undefined {
  if (!isJsonAnswer(reply)) return undefined;
  if (reply.getHeader('content-encoding') !== undefined || reply.getHeader('accept-ranges') !== undefined) {
    return undefined;
  }
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode === 206) return undefined;
  addVary(reply, 'Accept-Encoding');
  if (byteLength !== undefined && byteLength < thresholdBytes) return undefined;
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  return encoding === 'identity' ? undefined : encoding;
}

export function installCompression(app: FastifyInstance, thresholdBytes = COMPRESSION_THRESHOLD): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    const encoding = encodingToSend(request, reply, Buffer.byteLength(payload), thresholdBytes);
    if (!encoding) return payload;
    const kept = cachedVariants(request);
    let body = kept?.get(encoding);
    if (!body) {
      body = await compress(payload, encoding);
      kept?.set(encoding, body);
    }
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length'); // Fastify counts the buffer it is given
    return body;
  });
}
