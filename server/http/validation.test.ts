/** The edge's checks (validation.ts) and the description made of the routes registered (openapi.ts). */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HttpError } from './errors';
import { normalizedQuery, queryOf, zodValidatorCompiler } from './validation';
import { openApiDocument, recordRoutes } from './openapi';
import { idParams, pagedHeaders, workRequestListQuery } from '../../src/api/schema/queries';

const compile = (schema: unknown, httpPart: string) =>
  zodValidatorCompiler({ schema, method: 'GET', url: '/api/x', httpPart }) as (data: unknown) => {
    value?: unknown;
    error?: unknown;
  };

describe('the query a route reads', () => {
  it('takes the first value of a repeated parameter, trimmed, and leaves out a blank one', () => {
    expect(normalizedQuery({ q: ['  fr ', 'de'], sort: '', status: '   ', language: 'fr-FR' })).toEqual({
      q: 'fr',
      language: 'fr-FR',
    });
  });

  it('is checked against its declaration, with the route’s 400 wording, unknown parameters left out', () => {
    const check = compile(workRequestListQuery, 'querystring');
    expect(check({ sort: ['-due', 'x'], unknown: 'y' })).toEqual({ value: { sort: '-due' } });
    const { error } = check({ sort: 'constructor' });
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'sort: expected one of due, -due, created, -created',
      details: undefined,
    });
  });

  it('reads a flag as a boolean, and words anything else', () => {
    const check = compile(
      z.object({
        read: z.optional(
          z.pipe(
            z.enum(['true', 'false']),
            z.transform((v) => v === 'true'),
          ),
        ),
      }),
      'querystring',
    );
    expect(check({ read: 'false' })).toEqual({ value: { read: false } });
    expect(check({ read: 'yes' }).error).toBeInstanceOf(HttpError);
  });

  it('refuses a schema that is not zod: a route cannot declare what the edge does not check', () => {
    expect(() => compile({ type: 'object' }, 'querystring')).toThrow(/not a zod schema/);
  });
});

describe('the description', () => {
  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    const routes = recordRoutes(app, '/api');
    register(app);
    await app.ready();
    return { app, doc: openApiDocument(routes, { version: '1', isPublic: (p) => p === '/api/open' }) };
  }

  it('lists every route registered, naming what one leaves undeclared', async () => {
    const { app, doc } = await appWith((app) => {
      app.get('/api/things', { schema: { querystring: workRequestListQuery, headers: pagedHeaders } }, async () => []);
      app.put('/api/things/:id', async () => ({}));
      app.get('/api/open', async () => ({}));
      app.get('/elsewhere', async () => ({}));
    });
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/open', '/api/things', '/api/things/{id}']);
    expect(doc.paths['/api/things/{id}']!.put!['x-undeclared']).toEqual(['params', 'body']);
    expect(doc.paths['/api/things']!.get!['x-undeclared']).toBeUndefined();
    expect(doc.paths['/api/things']!.get!.parameters.map((p) => `${p.in}:${p.name}`)).toContain('header:x-range');
    expect(doc.paths['/api/open']!.get!.security).toEqual([]);
    expect(doc.paths['/api/things']!.get!.security).toBeUndefined();
    await app.close();
  });

  it('a route reads only the query it declares', async () => {
    const { app } = await appWith((app) => {
      app.get('/api/things/:id', { schema: { params: idParams } }, async (request) =>
        queryOf(request, workRequestListQuery),
      );
    });
    const res = await app.inject({ method: 'GET', url: '/api/things/1?sort=due' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
