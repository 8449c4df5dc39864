/**
 * The interface's description, OpenAPI 3.1, served as GET /api/openapi.json (docs/API.md, "Description"). It is made
 * from the routes as Fastify registers them (the `onRoute` hook), with each route's declared path parameters, query
 * and body (http/validation.ts) as JSON Schema (zod's `toJSONSchema`): a route registered without a declaration is
 * still listed, with what it leaves undeclared under `x-undeclared`, so the description cannot silently miss one and
 * the test that reads it (test/api/openapi.test.ts) names the route.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import * as z from 'zod/mini';
import { errorBody } from '../../src/api/schema/error';

/** A route as registered: what the description is made of. */
export interface RegisteredRoute {
  method: string;
  /** Fastify's path, `:name` for a parameter. */
  url: string;
  schema: { params?: unknown; querystring?: unknown; headers?: unknown; body?: unknown } | undefined;
}

/** Methods whose requests carry a body the route reads, so must declare. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Notes every route registered under `prefix` from now on (call before the routes are registered). */
export function recordRoutes(app: FastifyInstance, prefix: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(prefix)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD routes are the GET routes' shadows (Fastify's exposeHeadRoutes); OPTIONS is answered before any route.
    for (const method of methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  return routes;
}

/** `/api/workrequests/:id` as OpenAPI writes it: `/api/workrequests/{id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The names of a path's parameters. */
export const pathParameterNames = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: unknown): JsonSchema {
  const out = z.toJSONSchema(schema as z.core.$ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** An object schema's members as OpenAPI parameters of one place (`path` or `query`). */
function parameters(schema: unknown, place: 'path' | 'query' | 'header'): Operation['parameters'] {
  const object = jsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

/**
 * What a route leaves undeclared: its path parameters, or the body of a write. A query is read only through its
 * declaration (http/validation.ts `queryOf`; lint refuses `request.query` in routes), so a route without one reads none.
 */
export function undeclaredParts(route: RegisteredRoute): string[] {
  const missing: string[] = [];
  if (pathParameterNames(route.url).length && route.schema?.params === undefined) missing.push('params');
  if (BODY_METHODS.has(route.method) && route.schema?.body === undefined) missing.push('body');
  return missing;
}

export interface DescriptionOptions {
  version: string;
  /** Whether a path is answered without HTTP Basic credentials (its credential is in the URL, or it has none). */
  isPublic: (path: string) => boolean;
}

/** A request path for a route's pattern: each parameter a sample record id. */
export const samplePath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '0123456789abcdef01234567');

/** One operation of the description: what tests read of it. */
export interface Operation {
  operationId: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: JsonSchema;
  /** `[]`: answered without credentials (the default: HTTP Basic). */
  security?: never[];
  'x-undeclared'?: string[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: JsonSchema;
  security: JsonSchema[];
  /** Path (`/api/workrequests/{id}`) -> lower-case method -> operation. */
  paths: Record<string, Record<string, Operation>>;
}

/** The OpenAPI 3.1 document of the routes. */
export function openApiDocument(routes: readonly RegisteredRoute[], options: DescriptionOptions): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const operation: Operation = {
      operationId: `${route.method} ${openApiPath(route.url)}`,
      parameters: [
        ...(route.schema?.params !== undefined ? parameters(route.schema.params, 'path') : []),
        ...(route.schema?.querystring !== undefined ? parameters(route.schema.querystring, 'query') : []),
        ...(route.schema?.headers !== undefined ? parameters(route.schema.headers, 'header') : []),
      ],
      responses: {
        '2XX': {
          description: 'the record, the page of a list (X-Range / Content-Range) or the answer of the operation',
        },
        default: {
          description: 'an error: docs/API.md, "Errors"',
          content: { 'application/json': { schema: jsonSchema(errorBody) } },
        },
      },
    };
    if (route.schema?.body !== undefined) {
      operation.requestBody = { content: { 'application/json': { schema: jsonSchema(route.schema.body) } } };
    }
    if (options.isPublic(samplePath(route.url))) operation.security = [];
    const undeclared = undeclaredParts(route);
    if (undeclared.length) operation['x-undeclared'] = undeclared;
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Media Workflow Service (MWS Console server)',
      version: options.version,
      description: 'The interface this server answers; its reference is docs/API.md.',
    },
    components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
    security: [{ basic: [] }],
    paths,
  };
}
