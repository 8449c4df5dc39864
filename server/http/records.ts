/** Record rules shared by every route: read-only fields, strict body parsing, merging, links. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Collection, Doc, Stored } from '../storage/store';
import { badRequest, validationError } from './errors';
import { etagOf } from './etag';
import { stripComputed } from '../../src/api/schema/computed';

/** `//<host>` of the request, used to build `$links` and app URLs. */
export function originOf(request: FastifyRequest): string {
  return `//${request.headers.host ?? 'localhost'}`;
}

export function link(origin: string, collection: Collection, id: string | undefined): string | undefined {
  return id ? `${origin}/api/${collection}/${id}` : undefined;
}


/**
 * Validates a body against a contract schema (types strict, unknown fields kept) and returns it without the
 * read-only fields. `_id` is returned separately: collection-level PUTs use it to select the record.
 */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown): { id?: string; fields: Record<string, unknown> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body: expected a JSON object');
  const result = z.safeParse(schema, body);
  if (!result.success) throw validationError(result.error);
  const fields = stripComputed(body) as Record<string, unknown>;
  const id = typeof fields._id === 'string' ? fields._id : undefined;
  delete fields._id;
  delete fields.created;
  return { id, fields };
}

/** PUT merges: the given top-level fields replace the stored ones, the rest is kept. */
export function merge<T extends Doc>(stored: T, fields: Record<string, unknown>): T {
  return { ...stored, ...fields, _id: stored._id, created: stored.created };
}

/** Sends one record with its ETag. */
export function sendRecord(reply: FastifyReply, stored: Stored, body: unknown): unknown {
  reply.header('ETag', etagOf(stored.doc._id, stored.version));
  return body;
}
