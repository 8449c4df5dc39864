/** Small pieces every route file uses: the presentation context, one-record lookup, list pages. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  VersionConflict,
  isRecordId,
  newId,
  type Collection,
  type Doc,
  type Filter,
  type ListQuery,
  type ReadOptions,
  type Stored,
} from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import type { PresentContext } from '../http/present';
import { isDeepStrictEqual } from 'node:util';
import { bodyPolicy, originOf, parseBody, merge, sendRecord, type BodyPolicy } from '../http/records';
import { expectedVersion } from '../http/etag';
import type { Caller, WorkRequestDoc } from '../domain/types';
import { canSeeWorkRequest } from '../domain/access';
import { rangeOf, setContentRange } from '../http/paging';
import { badRequest, conflict, notFound } from '../http/errors';

export interface RouteOptions {
  services: Services;
}

export function presentContext(request: FastifyRequest, services: Services): PresentContext {
  return {
    origin: originOf(request, services.publicOrigin),
    caller: callerOf(request),
    store: services.store,
    signer: services.signer,
    invitationTtl: services.invitationTtl,
  };
}

export function findOr404<T extends Doc>(
  services: Services,
  collection: Collection,
  id: string,
  what: string,
  options?: ReadOptions,
): Stored<T> {
  const found = isRecordId(id) ? services.store.get<T>(collection, id, options) : undefined;
  if (!found) throw notFound(what);
  return found;
}

/** Answers one page of a list: reads X-Range, queries, sets Content-Range, shapes each item. */
export function sendPage<T extends Doc>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  collection: Collection,
  query: Omit<ListQuery, 'offset' | 'limit'>,
  shape: (doc: T) => unknown,
): unknown[] {
  const range = rangeOf(request);
  const page = services.store.list<T>(collection, { ...query, ...range });
  setContentRange(reply, range.offset, page.items.length, page.total);
  return page.items.map(shape);
}

/** A work request the caller may see, or 404 (others' work requests are not revealed to exist). */
export function findVisibleWorkRequest(
  request: FastifyRequest,
  services: Services,
  id: string,
): Stored<WorkRequestDoc> {
  const found = findOr404<WorkRequestDoc>(services, 'Workrequests', id, 'work request');
  if (!canSeeWorkRequest(callerOf(request), found.doc)) throw notFound('work request');
  return found;
}

/** A query-string value as one string (the first when repeated). */
export function queryString(request: FastifyRequest, name: string): string | undefined {
  const q = request.query as Record<string, unknown>;
  const v = q[name];
  const s: unknown = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined;
}

export function queryBool(request: FastifyRequest, name: string): boolean | undefined {
  const v = queryString(request, name);
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw badRequest(`${name}: expected true or false`);
}

export function eqFilter(field: string, value: string | undefined): Filter[] {
  return value === undefined ? [] : [{ field, op: 'eq', value }];
}

/** Runs a write; a VersionConflict becomes a 409 whose `details.current` is the record as it now is, shaped. */
export function withConflict<R>(what: string, write: () => R, shape: (current: Doc) => unknown): R {
  try {
    return write();
  } catch (e) {
    if (e instanceof VersionConflict) {
      throw conflict(`this ${what} was changed by someone else: reload to see their version`, {
        current: shape(e.current.doc),
      });
    }
    throw e;
  }
}

export interface WriteSpec<T extends Doc> {
  collection: Collection;
  /** Words for messages: "work request", "studio". */
  what: string;
  schema: z.core.$ZodType;
  /**
   * The top-level fields a body may set, for this caller (http/records.ts, `bodyPolicy`); by default every field
   * of `schema`. Others are ignored (read-only fields the record shows) or refused (400).
   */
  policy?: (caller: Caller) => BodyPolicy;
  /** Throws 403 when the caller may not write this record (`undefined` when creating). */
  authorize?: (caller: Caller, current: T | undefined) => void;
  /** Adjusts the record before it is stored (defaults, derived fields); may throw 400/403. */
  prepare?: (next: T, fields: Record<string, unknown>, caller: Caller, current: T | undefined) => T;
  present: (ctx: PresentContext, doc: T) => unknown;
  /**
   * Large top-level fields that `authorize`, `prepare` and `after` never read from the stored record: when the body
   * replaces one (a PUT merges top-level fields), the stored record is read without it. A translation's `lines`
   * are most of its 150–700 KB; the old ones need not be parsed to be thrown away.
   */
  replacedUnread?: readonly string[];
  /**
   * What follows from the write (summaries kept in step, events, notifications): runs in the write's transaction,
   * so the write and its effects are stored together or not at all; notifications go live after the commit.
   */
  after?: (saved: T, previous: T | undefined, caller: Caller) => void;
  /**
   * Optional top-level fields a `PUT` removes when the body sets them to `null` (docs/API.md, "PUT merges"): a
   * studio's logo or coordinator. Elsewhere `null` stays a wrong type.
   */
  removable?: readonly string[];
}

/** The body without the `null`s of removable fields, and the names of those fields. */
function splitRemovals(removable: readonly string[] | undefined, body: unknown): { body: unknown; removed: string[] } {
  if (!removable?.length || body === null || typeof body !== 'object' || Array.isArray(body))
    return { body, removed: [] };
  const record = body as Record<string, unknown>;
  const removed = removable.filter((k) => record[k] === null);
  if (removed.length === 0) return { body, removed };
  const rest = { ...record };
  for (const k of removed) delete rest[k];
  return { body: rest, removed };
}

function policyOf<T extends Doc>(spec: WriteSpec<T>, caller: Caller): BodyPolicy {
  return spec.policy?.(caller) ?? bodyPolicy(spec.schema);
}

/** `PUT /<collection>/{id}`: merge the body into the stored record; If-Match honoured. */
export function updateRecord<T extends Doc>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  spec: WriteSpec<T>,
  id: string,
): unknown {
  const caller = callerOf(request);
  const body =
    request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const omit = spec.replacedUnread?.filter((field) => field in body);
  const found = findOr404<T>(services, spec.collection, id, spec.what, omit?.length ? { omit } : undefined);
  spec.authorize?.(caller, found.doc);
  const { body: checked, removed } = splitRemovals(spec.removable, request.body);
  const { fields } = parseBody(spec.schema, checked, policyOf(spec, caller));
  let next = merge(found.doc, fields);
  for (const k of removed) delete (next as Record<string, unknown>)[k];
  if (spec.prepare) next = spec.prepare(next, fields, caller, found.doc);
  const ctx = presentContext(request, services);
  const expected = expectedVersion(request, id) ?? found.version;
  // A body that changes nothing (read-only fields echoed, the same values) stores nothing: the version stays.
  const unchanged = expected === found.version && isDeepStrictEqual(next, found.doc);
  const saved = unchanged
    ? found
    : withConflict(
        spec.what,
        () =>
          services.store.transaction(() => {
            const stored = services.store.replace<T>(spec.collection, next, expected);
            spec.after?.(stored.doc, found.doc, caller);
            return stored;
          }),
        (current) => spec.present(ctx, current as T),
      );
  return sendRecord(reply, saved, spec.present(ctx, saved.doc));
}

/** Collection-level `PUT` and `POST` create: a body with `_id` updates that record, without `_id` creates one. */
export function upsertRecord<T extends Doc>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  spec: WriteSpec<T>,
  options: { allowCreate?: boolean; allowUpdate?: boolean } = {},
): unknown {
  const caller = callerOf(request);
  const { body: checked } = splitRemovals(spec.removable, request.body);
  const { id, fields } = parseBody(spec.schema, checked, policyOf(spec, caller)); // a new record simply lacks a removed field
  if (id !== undefined) {
    if (options.allowUpdate === false) throw badRequest('_id: this operation creates records; leave _id out');
    return updateRecord(request, reply, services, spec, id);
  }
  if (options.allowCreate === false) throw badRequest(`_id: required (a ${spec.what} is only updated here)`);
  spec.authorize?.(caller, undefined);
  const now = Math.floor(Date.now() / 1000);
  let next = { ...fields, _id: newId(), created: now } as T;
  if (spec.prepare) next = spec.prepare(next, fields, caller, undefined);
  const saved = services.store.transaction(() => {
    const stored = services.store.insert<T>(spec.collection, next);
    spec.after?.(stored.doc, undefined, caller);
    return stored;
  });
  return sendRecord(reply, saved, spec.present(presentContext(request, services), saved.doc));
}

/** Answers one page of a list already in memory (small collections filtered in code). */
export function sendArrayPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  all: T[],
  shape: (item: T) => unknown,
): unknown[] {
  const { offset, limit } = rangeOf(request);
  const page = all.slice(offset, offset + limit);
  setContentRange(reply, offset, page.length, all.length);
  return page.map(shape);
}
