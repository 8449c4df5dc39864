/**
 * `MWS_UPSTREAM=<url> npm start`: /api is forwarded to a real deployment of the interface instead of the
 * embedded database, streamed both ways by @fastify/http-proxy (so the live notification stream passes as it comes).
 * Only the request headers the interface uses go out (no cookies, no Origin, no client addresses), and only the
 * answer headers the app reads come back: hop-by-hop headers and the upstream's own CORS or security headers stay
 * behind, this server sets its own. An upstream that does not answer is a 502 in the interface's error shape.
 *
 * Encodings and validators pass both ways (`Accept-Encoding`, `If-None-Match`, `If-Modified-Since` out; `Content-Encoding`,
 * `ETag`, `Last-Modified`, `Cache-Control`, `Vary` and a 304 back): an answer the upstream compressed goes out as
 * its bytes, never decoded and encoded again, and a 304 stays a 304 without a body. Only JSON the upstream sent plain
 * to a client that accepts compression is compressed here, as it streams, by the rules and levels of this server's
 * own answers (http/compression.ts). The live stream is not JSON: it passes as it comes.
 */
import { pipeline } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { compressingStream, encodingToSend } from '../http/compression';
import { addVary } from '../http/vary';

const FORWARD_REQUEST_HEADERS = [
  'authorization',
  'x-range',
  'x-requested-with',
  'if-match',
  'content-type',
  'content-length',
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'last-event-id',
];
const FORWARD_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'content-encoding',
  'etag',
  'last-modified',
  'www-authenticate',
  'content-disposition',
  'cache-control',
  'x-accel-buffering',
]; // and Vary, added to this server's own (CORS's Origin) by `sendUpstreamAnswer`

function pick<H extends Record<string, unknown>>(headers: H, names: readonly string[]): Partial<H> {
  const out: Partial<H> = {};
  for (const name of names) {
    if (headers[name] !== undefined) out[name as keyof H] = headers[name] as H[keyof H];
  }
  return out;
}

interface UpstreamAnswer {
  headers: IncomingHttpHeaders;
  stream: NodeJS.ReadableStream;
}

/** The upstream's answer as it streams in: its Vary names added to ours, plain JSON compressed for a client that accepts it. */
function sendUpstreamAnswer(request: FastifyRequest, reply: FastifyReply, upstream: UpstreamAnswer): void {
  for (const name of String(upstream.headers.vary ?? '').split(',')) {
    if (name.trim()) addVary(reply, name.trim());
  }
  const stated = upstream.headers['content-length'];
  const length = stated === undefined ? undefined : Number(stated);
  // HEAD: the upstream's headers name the plain body's length, and there is no body to compress.
  const encoding = request.method === 'HEAD' ? undefined : encodingToSend(request, reply, length);
  if (!encoding) {
    void reply.send(upstream.stream);
    return;
  }
  reply.header('Content-Encoding', encoding);
  reply.removeHeader('content-length');
  const compressed = compressingStream(encoding, length);
  // An upstream that fails half-way ends the answer early (the client sees a cut body), as an uncompressed one would.
  void reply.send(pipeline(upstream.stream, compressed, () => {}));
}

/** Registered under the /api prefix; `upstream` is the deployment's API base (`https://mws.example.com/api`). */
export const proxyRoutes: FastifyPluginAsync<{ upstream: string }> = async (app, { upstream }) => {
  const base = new URL(upstream.replace(/\/+$/, ''));
  await app.register(httpProxy, {
    upstream: base.origin,
    rewritePrefix: base.pathname === '/' ? '' : base.pathname,
    // Our onRequest hooks (CORS, security headers) answer preflights and stamp answers; the upstream sees the rest.
    httpMethods: ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'],
    undici: {
      connections: 128,
      headersTimeout: 30_000,
      // Between two chunks of an answer: above the live stream's 20 s heartbeat.
      bodyTimeout: 60_000,
    },
    replyOptions: {
      rewriteRequestHeaders: (_request, headers) => ({ ...pick(headers, FORWARD_REQUEST_HEADERS), host: headers.host }),
      rewriteHeaders: (headers) => pick(headers, FORWARD_RESPONSE_HEADERS),
      // reply-from types them for HTTP/2 servers too (this one is HTTP/1, app.ts), and its answer as a ServerResponse:
      // with undici it is `{ statusCode, headers, stream }` (@fastify/reply-from lib/request.js).
      onResponse: (request, reply, res) =>
        sendUpstreamAnswer(request as FastifyRequest, reply as FastifyReply, res as unknown as UpstreamAnswer),
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, 'upstream failed');
        void reply.status(502).send({
          error: { code: 'bad_gateway', message: `the upstream ${base.href} did not answer: ${error.message}` },
        });
      },
    },
  });
};
