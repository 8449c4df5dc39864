/**
 * The edge of every route (docs/decisions/161-declared-edges.md): a route declares its path parameters, query and
 * body with the contract's zod schemas (src/api/schema), Fastify's `schema` option, and this compiler checks the
 * path and the query before the route runs, answering a problem with the same 400 a route would
 * (`{error:{code:'bad_request', message:'<parameter>: <problem>'}}`). Bodies are declared for the description
 * (http/openapi.ts) and parsed by the route with the same schema (http/records.ts, `parseBody`): which fields a body
 * may set depends on the caller and on the record, and a body's 400 comes after the record's 404 and 403. So are a
 * list's headers (X-Range: the page asked for), read where the page is.
 */
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import * as z from 'zod/mini';
import { badRequest } from './errors';

/** The query as the routes read it: each parameter's first value, trimmed; a blank one is absent. */
export function normalizedQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (query === null || typeof query !== 'object') return out;
  for (const [name, value] of Object.entries(query)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') out[name] = first.trim();
  }
  return out;
}

/** The 400 of a path or query problem: the first problem's parameter and words (routes word theirs alike). */
function parameterError(error: z.core.$ZodError): Error {
  const first = error.issues[0];
  return badRequest(first ? `${first.path.join('.') || 'query'}: ${first.message}` : 'invalid query');
}

const isZodSchema = (schema: unknown): schema is z.core.$ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

/** Fastify's validator compiler over zod schemas (app.ts installs it). */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isZodSchema(schema)) throw new Error(`${method} ${url}: the ${httpPart} schema is not a zod schema`);
  // Parsed by the route (see above), and X-Range where the page is read (http/paging.ts): nothing to check before.
  if (httpPart === 'body' || httpPart === 'headers') return () => true;
  const normalize = httpPart === 'querystring' ? normalizedQuery : (value: unknown) => value;
  return (data: unknown) => {
    const result = z.safeParse(schema, normalize(data));
    return result.success ? { value: result.data } : { error: parameterError(result.error) };
  };
};

/**
 * The request's query as its route declared it (validated and typed). `schema` must be the one the route's
 * `schema.querystring` names: reading another would read parameters nobody checked.
 */
export function queryOf<S extends z.core.$ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  if (request.routeOptions.schema?.querystring !== schema)
    throw new Error(
      `${String(request.routeOptions.method)} ${request.routeOptions.url}: the query read is not the one declared`,
    );
  return request.query as z.output<S>;
}
