/** Record rules shared by every route: read-only fields, strict body parsing, merging, links. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Collection, Doc, Stored } from '../storage/store';
import { badRequest, detailedBadRequest, issueDetails } from './errors';
import { accessVariant, etagOf } from './etag';
import { stripComputed } from '../../src/api/schema/computed';

/** Where clients reach this server, for `$links` and app URLs: the configured public origin, else `//<Host>`. */
export function originOf(request: FastifyRequest, publicOrigin?: string): string {
  return publicOrigin ?? `//${request.headers.host ?? 'localhost'}`;
}

export function link(origin: string, collection: Collection, id: string | undefined): string | undefined {
  return id ? `${origin}/api/${collection}/${id}` : undefined;
}

/** Top-level fields no body sets and every body may carry: made by the server on output (`$`-fields too). */
const IGNORED_FIELDS: ReadonlySet<string> = new Set(['_id', 'created']);

/**
 * Which top-level fields a body may carry (docs/API.md, "Writable fields"). `writable` fields are taken; `readOnly`
 * ones are the server's but shown in the record, so a record read from the server can be sent back whole: they
 * are ignored, as `_id`, `created` and `$`-fields are. Any other field is refused (400 naming it).
 */
export interface BodyPolicy {
  writable: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
}

/** The top-level field names a schema declares (a contract `doc()` or a plain object schema). */
export function schemaFields(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def;
  if (def.type !== 'object') throw new Error('a body schema must be an object schema');
  return Object.keys((def as z.core.$ZodObjectDef).shape);
}

/**
 * A route's policy: the schema's own fields (so it follows the contract) minus the ones the server owns, plus
 * write-only extension fields (`extra`: a user's `password`) that no record shows.
 */
export function bodyPolicy(
  schema: z.core.$ZodType,
  options: { readOnly?: readonly string[]; extra?: readonly string[] } = {},
): BodyPolicy {
  const readOnly = new Set(options.readOnly ?? []);
  const fields = schemaFields(schema);
  for (const f of readOnly)
    if (!fields.includes(f)) throw new Error(`read-only field ${f} is not a field of the schema`);
  const writable = fields.filter((f) => !readOnly.has(f) && !IGNORED_FIELDS.has(f) && !f.startsWith('$'));
  return { writable: new Set([...writable, ...(options.extra ?? [])]), readOnly };
}

/** The same policy with some writable fields made read-only (what a role may not change: a translator's `approval`). */
export function narrowPolicy(policy: BodyPolicy, readOnly: readonly string[]): BodyPolicy {
  return {
    writable: new Set([...policy.writable].filter((f) => !readOnly.includes(f))),
    readOnly: new Set([...policy.readOnly, ...readOnly.filter((f) => policy.writable.has(f))]),
  };
}

/** Problems with the fields a body may not carry, one per field, in the shape of `validationError`'s details. */
function refusedFields(body: Record<string, unknown>, policy: BodyPolicy): { path: string; message: string }[] {
  const allowed = [...policy.writable].join(', ') || 'nothing';
  return Object.keys(body)
    .filter((k) => !policy.writable.has(k) && !policy.readOnly.has(k) && !IGNORED_FIELDS.has(k) && !k.startsWith('$'))
    .map((k) => ({ path: k, message: `not a field this request may set (it sets ${allowed})` }));
}

/**
 * Validates a body against a schema (types strict; nested objects keep members the contract does not know) and
 * the route's policy, and returns the fields to write: the writable ones. `_id` is returned separately:
 * collection-level PUTs use it to select the record. A refused field or a wrong type is a 400 naming each.
 */
export function parseBody<S extends z.core.$ZodType>(
  schema: S,
  body: unknown,
  policy: BodyPolicy = bodyPolicy(schema),
): { id?: string; fields: Record<string, unknown> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('body: expected a JSON object');
  const record = body as Record<string, unknown>;
  const refused = refusedFields(record, policy);
  const result = z.safeParse(schema, body);
  if (!result.success || refused.length)
    throw detailedBadRequest([...refused, ...(result.success ? [] : issueDetails(result.error))]);
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(stripComputed(result.data as Record<string, unknown>)))
    if (policy.writable.has(k)) fields[k] = v;
  const id = typeof record._id === 'string' ? record._id : undefined;
  return { id, fields };
}

/**
 * A body that is an operation's own input (a status change, a new comment), every field of its schema writable:
 * the parsed value, typed. Unknown fields are refused as on every write.
 */
export function parseInput<S extends z.core.$ZodObject>(schema: S, body: unknown): z.output<S> {
  // The default policy keeps every field the schema declares, so the fields are the parsed value whole. No body is
  // `{}`; a JSON `null` (or any other non-object) is a 400 like everywhere else.
  return parseBody(schema, body === undefined ? {} : body).fields as z.output<S>;
}

/** The body of an action that takes no fields: `{}` or none. */
export const NO_FIELDS = z.object({});

/** PUT merges: the given top-level fields replace the stored ones, the rest is kept. */
export function merge<T extends Doc>(stored: T, fields: Record<string, unknown>): T {
  return { ...stored, ...fields, _id: stored._id, created: stored.created };
}

/** Sends one record with its ETag (its version, and what of the answer depends on the caller's access: etag.ts). */
export function sendRecord(reply: FastifyReply, stored: Stored, body: unknown): unknown {
  reply.header('ETag', etagOf(stored.doc._id, stored.version, accessVariant(body)));
  return body;
}
