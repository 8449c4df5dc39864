/**
 * JSON answers compressed on the fly, at levels that cost little CPU (docs/ARCHITECTURE.md, "Bytes": brotli quality 4
 * and gzip level 6 on a 270 kB first page of 50 work requests), negotiated from `Accept-Encoding`
 * (http/acceptEncoding.ts), above a size threshold. Only whole bodies (strings and buffers) are touched: the live
 * notification stream is hijacked and written as it comes, media files are streams that set their own encoding, and
 * proxied answers (MWS_UPSTREAM) are streams too. A response-cache hit reuses the compressed bytes kept beside the
 * entry (http/responseCache.ts, `cachedVariants`), so a cached page is compressed once per generation, not per hit.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
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

/** `body` encoded at the answers' levels, off the main thread (zlib's thread pool). */
export function compress(body: string | Buffer, encoding: Encoding, level?: number): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: level ?? GZIP_LEVEL });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: level ?? BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

export function installCompression(app: FastifyInstance, thresholdBytes = COMPRESSION_THRESHOLD): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || !isJsonAnswer(reply)) return payload;
    // Media and anything else that chose its own encoding or serves byte ranges keep their bytes.
    if (reply.getHeader('content-encoding') !== undefined || reply.getHeader('accept-ranges') !== undefined) {
      return payload;
    }
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode === 206) return payload;
    addVary(reply, 'Accept-Encoding');
    if (Buffer.byteLength(payload) < thresholdBytes) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
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
