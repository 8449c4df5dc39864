/**
 * `MWS_UPSTREAM=<url> npm start`: /api is forwarded to a real deployment of the interface instead of the
 * embedded database. Method, path, query, body and the headers the interface uses pass through; the answer's
 * status, body and Content-Range / ETag come back.
 */
import type { FastifyPluginAsync } from 'fastify';

const FORWARD_REQUEST_HEADERS = ['authorization', 'x-range', 'x-requested-with', 'if-match', 'content-type', 'accept'];
const FORWARD_RESPONSE_HEADERS = ['content-type', 'content-range', 'etag', 'www-authenticate', 'content-disposition'];

export const proxyRoutes: FastifyPluginAsync<{ upstream: string }> = async (app, { upstream }) => {
  const base = upstream.replace(/\/+$/, '');
  app.all('/*', async (request, reply) => {
    const target = base + request.url.replace(/^\/api/, '');
    const headers: Record<string, string> = {};
    for (const h of FORWARD_REQUEST_HEADERS) {
      const v = request.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    let res: Response;
    try {
      res = await fetch(target, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        redirect: 'manual',
      });
    } catch (e) {
      return reply.status(502).send({ error: { code: 'bad_gateway', message: `the upstream ${base} did not answer: ${(e as Error).message}` } });
    }
    reply.status(res.status);
    for (const h of FORWARD_RESPONSE_HEADERS) {
      const v = res.headers.get(h);
      if (v) reply.header(h, v);
    }
    return reply.send(Buffer.from(await res.arrayBuffer()));
  });
};
