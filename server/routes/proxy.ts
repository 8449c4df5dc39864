/**
 * `MWS_UPSTREAM=<url> npm start`: /api is forwarded to a real deployment of the interface instead of the
 * embedded database, streamed both ways by @fastify/http-proxy (so the live notification stream passes as it comes).
 * Only the request headers the interface uses go out (no cookies, no Origin, no client addresses), and only the
 * answer headers the app reads come back: hop-by-hop headers and the upstream's own CORS or security headers stay
 * behind, this server sets its own. An upstream that does not answer is a 502 in the interface's error shape.
 */
import type { FastifyPluginAsync } from 'fastify';
import httpProxy from '@fastify/http-proxy';

const FORWARD_REQUEST_HEADERS = [
  'authorization',
  'x-range',
  'x-requested-with',
  'if-match',
  'content-type',
  'content-length',
  'accept',
  'last-event-id',
];
const FORWARD_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'etag',
  'www-authenticate',
  'content-disposition',
  'cache-control',
  'x-accel-buffering',
];

function pick<H extends Record<string, unknown>>(headers: H, names: readonly string[]): Partial<H> {
  const out: Partial<H> = {};
  for (const name of names) {
    if (headers[name] !== undefined) out[name as keyof H] = headers[name] as H[keyof H];
  }
  return out;
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
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, 'upstream failed');
        void reply.status(502).send({
          error: { code: 'bad_gateway', message: `the upstream ${base.href} did not answer: ${error.message}` },
        });
      },
    },
  });
};
