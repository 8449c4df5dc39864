/**
 * GET /api/openapi.json (docs/API.md, "Description"): the interface described from the routes the server registers,
 * every route's path parameters, query, list headers and body declared (server/http/validation.ts), so attack
 * suites and clients enumerate the routes instead of listing them by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, basic, DEMO, type TestServer } from '../support/server';
import { interfaceDescription, operations, parameterNames, pathFor } from '../support/description';
import type { OpenApiDocument } from '../../server/http/openapi';

let server: TestServer;
let served: OpenApiDocument;

beforeAll(async () => {
  server = await startServer();
  served = (await call(server, 'GET', '/api/openapi.json', { as: DEMO.translator })).body;
});
afterAll(async () => server?.stop());

describe('GET /api/openapi.json', () => {
  it('asks for credentials like every other read, and answers any signed-in person', async () => {
    const anonymous = await call(server, 'GET', '/api/openapi.json', { as: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    const res = await call(server, 'GET', '/api/openapi.json', { as: DEMO.translator });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.openapi).toBe('3.1.0');
    expect(served.components).toMatchObject({ securitySchemes: { basic: { type: 'http', scheme: 'basic' } } });
  });

  it('is the description the attack suites enumerate (test/support/description.ts)', async () => {
    expect(served).toEqual(await interfaceDescription());
  });

  it('lists every route with all it reads declared: path parameters, and the body of every write', () => {
    const all = operations(served);
    expect(all.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const { label, path, method, operation } of all) {
      if (operation['x-undeclared']) problems.push(`${label}: undeclared ${operation['x-undeclared'].join(', ')}`);
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (JSON.stringify(parameterNames(operation, 'path')) !== JSON.stringify(inPath))
        problems.push(`${label}: path parameters ${parameterNames(operation, 'path').join(', ')}`);
      if (['POST', 'PUT'].includes(method) && !operation.requestBody) problems.push(`${label}: no body`);
    }
    expect(problems).toEqual([]);
  });

  it('describes the lists: their query filters and the X-Range header', () => {
    const get = (path: string) => served.paths[path]!.get!;
    expect(parameterNames(get('/api/workrequests'), 'query')).toEqual([
      'status',
      'language',
      'territory',
      'project',
      'assignee',
      'dueFrom',
      'dueTo',
      'q',
      'sort',
    ]);
    expect(get('/api/workrequests').parameters.find((p) => p.name === 'sort')?.schema).toMatchObject({
      enum: ['due', '-due', 'created', '-created'],
    });
    expect(parameterNames(get('/api/workrequests'), 'header')).toEqual(['x-range']);
    expect(parameterNames(get('/api/workrequests/{id}'), 'header')).toEqual([]);
    expect(served.paths['/api/workrequests']!.post!.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { asset: expect.any(Object), language: expect.any(Object) },
    });
  });

  it('marks the routes answered without credentials, and only those', () => {
    const open = operations(served)
      .filter((o) => o.isPublic)
      .map((o) => o.label)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/files/{id}/content',
        'GET /api/files/{id}/ingest/proxy',
        'GET /api/files/{id}/ingest/thumbnail',
        'GET /api/healthz',
        'GET /api/invitations/{code}',
        'GET /api/mail/unsubscribe/{kind}',
        'GET /api/offlines/{id}/download',
        'GET /api/previews/{id}/peaks',
        'GET /api/previews/{id}/poster',
        'GET /api/previews/{id}/view',
        'GET /api/readyz',
        'GET /api/workrequests/{id}/deliveries/{file}/download',
        'POST /api/invitations/{code}',
        'POST /api/mail/unsubscribe/{kind}',
      ].sort(),
    );
  });

  it('lists only routes the server has: each answers, none is the 404 of an unknown route', async () => {
    const problems: string[] = [];
    for (const { label, path, method } of operations(served)) {
      // Writes get a body no route accepts (a JSON array): the route refuses it, so nothing is written.
      const res = await fetch(`${server.url}${pathFor(path)}`, {
        method,
        headers: {
          Authorization: basic(DEMO.admin),
          ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        },
        body: method === 'GET' ? undefined : '[]',
      });
      // A live stream answers and stays open: its headers are the answer.
      const text = res.headers.get('content-type')?.startsWith('text/event-stream')
        ? (await res.body?.cancel(), '')
        : await res.text();
      if (res.status === 404 && text.includes('"no route ')) problems.push(`${label}: ${text}`);
      if (res.status >= 500) problems.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });
});
