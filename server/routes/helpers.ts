/** Small pieces every route file uses: the presentation context, one-record lookup, list pages. */
import { feedbackOfShare } from '../domain/shareFeedback';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  UniqueViolation,
  VersionConflict,
  isRecordId,
  newId,
  type Collection,
  type Doc,
  type Filter,
  type ListQuery,
  type GetOptions,
  type StoreOps,
  type Stored,
  type Transaction,
} from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import type { PresentContext } from '../http/present';
import { createEmbargoLookup } from '../domain/embargo';
import { createLoader } from '../http/loader';
import { downloadedBy } from '../http/transferLog';
import { isDeepStrictEqual } from 'node:util';
import { bodyPolicy, originOf, parseBody, merge, sendRecord, type BodyPolicy } from '../http/records';
import { expectedVersion } from '../http/etag';
import type { Caller, WorkRequestDoc } from '../domain/types';
import { canSeeWorkRequest } from '../domain/access';
import { rangeOf, setContentRange } from '../http/paging';
import { requestGrants } from './requestGrants';
import { synthPictureOf } from '../domain/watermark/previewMark';
import { fairTurns } from '../domain/fairTurns';
import { stringifyInSlices } from '../domain/timeSlices';
import { badRequest, conflict, notFound } from '../http/errors';

export interface RouteOptions {
  services: Services;
}

export function presentContext(request: FastifyRequest, services: Services): PresentContext {
  return {
    origin: originOf(request, services.publicOrigin),
    caller: callerOf(request),
    records: createLoader(services.store),
    signer: services.signer,
    invitationTtl: services.invitationTtl,
    downloads: downloadedBy(services.store, callerOf(request).id),
    grants: () => requestGrants(request, services),
    embargoes: createEmbargoLookup(services.store),
    shareFeedback: (shareId) => feedbackOfShare(services.store, shareId),
    synthPicture: (preview) =>
      synthPictureOf(services, preview, callerOf(request), () => requestGrants(request, services)),
  };
}

/** The record, or 404. `from`: the services (reads the store) or a transaction's `tx` (reads in it). */
export async function findOr404<T extends Doc>(
  from: Services | StoreOps,
  collection: Collection,
  id: string,
  what: string,
  options?: GetOptions,
): Promise<Stored<T>> {
  const ops = 'store' in from ? from.store : from;
  const found = isRecordId(id) ? await ops.get<T>(collection, id, options) : undefined;
  if (!found) throw notFound(what);
  return found;
}

/**
 * Answers one page of a list: reads X-Range, queries, sets Content-Range, shapes each item (all at once: the related
 * records they read through `ctx.records` are read together), and writes the page's JSON in time slices.
 */
export async function sendPage<T extends Doc>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  collection: Collection,
  query: Omit<ListQuery, 'offset' | 'limit'>,
  shape: (doc: T) => unknown,
): Promise<string> {
  const range = rangeOf(request);
  // The query, the shaping and each slice of the JSON wait for the caller's turn (fairTurns.ts): a request waiting
  // meanwhile (a health check, another user's page) is answered between them, and a user with many requests under
  // way lets a user with few go first (docs/API.md, "Fair share of the server").
  const turn = () => fairTurns.turn(callerOf(request).id);
  await turn();
  const page = await services.store.list<T>(collection, { ...query, ...range });
  await turn();
  setContentRange(reply, range.offset, page.items.length, page.total);
  const shaped = await Promise.all(page.items.map(shape));
  // The same bytes Fastify's JSON.stringify would send, written with turns between rows (timeSlices.ts).
  reply.type('application/json; charset=utf-8');
  return stringifyInSlices(shaped, undefined, turn);
}

/** A work request the caller may see, or 404 (others' work requests are not revealed to exist). */
export async function findVisibleWorkRequest(
  request: FastifyRequest,
  from: Services | StoreOps,
  id: string,
): Promise<Stored<WorkRequestDoc>> {
  const found = await findOr404<WorkRequestDoc>(from, 'Workrequests', id, 'work request');
  if (!canSeeWorkRequest(callerOf(request), found.doc)) throw notFound('work request');
  return found;
}

export function eqFilter(field: string, value: string | undefined): Filter[] {
  return value === undefined ? [] : [{ field, op: 'eq', value }];
}

/** At most this many values in one comma list filter (`language=fr-FR,fr-CA`). */
export const MAX_LIST_FILTER_VALUES = 100;

/**
 * A filter that takes one value or a comma list of them (`language=fr-FR,fr-CA`: either): one value is an `eq`,
 * several an `in`. Empty items are ignored; more than MAX_LIST_FILTER_VALUES is a 400.
 */
export function oneOfFilter(field: string, value: string | undefined): Filter[] {
  if (value === undefined) return [];
  const values = [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (values.length > MAX_LIST_FILTER_VALUES)
    throw badRequest(`${field}: at most ${MAX_LIST_FILTER_VALUES} values, separated by commas`);
  if (values.length === 0) return [{ field, op: 'eq', value }];
  return values.length === 1 ? [{ field, op: 'eq', value: values[0]! }] : [{ field, op: 'in', value: values }];
}

/**
 * A write made without If-Match merges into the record as it is when it lands: when another write got in between
 * its read and its write (PostgreSQL runs transactions side by side; SQLite one at a time), it is read and made
 * again, a few times, rather than answered 409 — the caller asked for no version. With If-Match, a conflict on the
 * record the caller named (`named`) is never retried: it is theirs to resolve. A conflict on another record the
 * write keeps in step (a translation save updates its work request's summary: two tracks of one order saved at
 * once meet there) is not the caller's, so that write too is made again.
 */
export async function againOnConflict<R>(
  expectedByCaller: number | undefined,
  write: () => Promise<R>,
  named?: string,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      if (!(e instanceof VersionConflict) || attempt >= 5) throw e;
      const callers = expectedByCaller !== undefined && (named === undefined || e.current.doc._id === named);
      if (callers) throw e;
    }
  }
}

/** Runs a write; a VersionConflict becomes a 409 whose `details.current` is the record as it now is, shaped. */
export async function withConflict<R>(
  what: string,
  write: () => Promise<R>,
  shape: (current: Doc) => unknown,
): Promise<R> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof VersionConflict) {
      throw conflict(`this ${what} was changed by someone else: reload to see their version`, {
        current: await shape(e.current.doc),
      });
    }
    throw e;
  }
}

/** Runs a write; a UniqueViolation (a value another record holds: the database's check) becomes a 409. */
export async function withUnique<R>(write: () => Promise<R>, message: (e: UniqueViolation) => string): Promise<R> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof UniqueViolation) throw conflict(message(e));
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
  /**
   * Throws 403 when the caller may not write any such record, before the record is looked up: a refusal that
   * depends on no record says nothing of whether the id exists (a client's `PUT /assets/{id}` is 403 for a record
   * they cannot read and for an unknown id alike: docs/API.md "Who sees what: grants").
   */
  gate?: (caller: Caller) => void;
  /**
   * Throws 403 when the caller may not write this record (`undefined` when creating). Like `prepare` and `after`,
   * it runs inside the write's transaction and reads through `tx`, so what it decides on cannot change meanwhile.
   */
  authorize?: (caller: Caller, current: T | undefined, tx: Transaction) => void | Promise<void>;
  /** Adjusts the record before it is stored (defaults, derived fields); may throw 400/403. */
  prepare?: (
    next: T,
    fields: Record<string, unknown>,
    caller: Caller,
    current: T | undefined,
    tx: Transaction,
  ) => T | Promise<T>;
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
  after?: (saved: T, previous: T | undefined, caller: Caller, tx: Transaction) => void | Promise<void>;
  /** The 409's message when a unique field (storage/indexes.ts, UNIQUE_FIELDS) holds a value another record has. */
  duplicate?: (field: string, doc: T) => string;
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

/** The 409 of a UniqueViolation: the spec's words, else the store's. */
function duplicateMessage<T extends Doc>(spec: WriteSpec<T>, doc: T): (e: UniqueViolation) => string {
  return (e) => spec.duplicate?.(e.field, doc) ?? `another ${spec.what} has this ${e.field} already`;
}

/**
 * Whether `next` is the stored record as it is. `found` was read without the `omitted` fields (WriteSpec.replacedUnread):
 * only when everything else is the same are those read, to compare them too (a translation's lines resent unchanged).
 */
async function unchanged<T extends Doc>(
  tx: Transaction,
  collection: Collection,
  found: Stored<T>,
  next: T,
  omitted: readonly string[] | undefined,
): Promise<boolean> {
  if (!omitted?.length) return isDeepStrictEqual(next, found.doc);
  const rest: Doc = { ...next };
  for (const field of omitted) delete rest[field];
  if (!isDeepStrictEqual(rest, found.doc)) return false;
  const whole = await tx.get<T>(collection, found.doc._id);
  return whole !== undefined && whole.version === found.version && isDeepStrictEqual(next, whole.doc);
}

/**
 * `PUT /<collection>/{id}`: merge the body into the stored record; If-Match honoured. The read, the checks, the
 * write and its effects are one transaction.
 */
export async function updateRecord<T extends Doc>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  spec: WriteSpec<T>,
  id: string,
): Promise<unknown> {
  const caller = callerOf(request);
  spec.gate?.(caller);
  const body =
    request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const omit = spec.replacedUnread?.filter((field) => field in body);
  const ctx = presentContext(request, services);
  const expectedByCaller = expectedVersion(request, id);
  let attempted: T | undefined;
  const write = () =>
    services.store.transaction(async (tx) => {
      // Held until the commit: concurrent writers of this record queue (PostgreSQL) instead of failing and retrying.
      const found = await findOr404<T>(tx, spec.collection, id, spec.what, {
        forUpdate: true,
        ...(omit?.length ? { omit } : {}),
      });
      await spec.authorize?.(caller, found.doc, tx);
      const { body: checked, removed } = splitRemovals(spec.removable, request.body);
      const { fields } = parseBody(spec.schema, checked, policyOf(spec, caller));
      let next = merge(found.doc, fields);
      for (const k of removed) delete (next as Record<string, unknown>)[k];
      if (spec.prepare) next = await spec.prepare(next, fields, caller, found.doc, tx);
      attempted = next;
      const expected = expectedByCaller ?? found.version;
      // A body that changes nothing (read-only fields echoed, the same values) stores nothing: the version stays.
      if (expected === found.version && (await unchanged(tx, spec.collection, found, next, omit))) return found;
      const stored = await tx.replace<T>(spec.collection, next, expected);
      await spec.after?.(stored.doc, found.doc, caller, tx);
      return stored;
    });
  const saved = await withConflict(
    spec.what,
    () => againOnConflict(expectedByCaller, () => withUnique(write, (e) => duplicateMessage(spec, attempted!)(e)), id),
    (current) => spec.present(ctx, current as T),
  );
  return sendRecord(reply, saved, await spec.present(ctx, saved.doc));
}

/** Collection-level `PUT` and `POST` create: a body with `_id` updates that record, without `_id` creates one. */
export async function upsertRecord<T extends Doc>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  spec: WriteSpec<T>,
  options: { allowCreate?: boolean; allowUpdate?: boolean } = {},
): Promise<unknown> {
  const caller = callerOf(request);
  spec.gate?.(caller);
  const { body: checked } = splitRemovals(spec.removable, request.body);
  const { id, fields } = parseBody(spec.schema, checked, policyOf(spec, caller)); // a new record simply lacks a removed field
  if (id !== undefined) {
    if (options.allowUpdate === false) throw badRequest('_id: this operation creates records; leave _id out');
    return updateRecord(request, reply, services, spec, id);
  }
  if (options.allowCreate === false) throw badRequest(`_id: required (a ${spec.what} is only updated here)`);
  const now = Math.floor(Date.now() / 1000);
  let next = { ...fields, _id: newId(), created: now } as T;
  const saved = await withUnique(
    () =>
      services.store.transaction(async (tx) => {
        await spec.authorize?.(caller, undefined, tx);
        if (spec.prepare) next = await spec.prepare(next, fields, caller, undefined, tx);
        const stored = await tx.insert<T>(spec.collection, next);
        await spec.after?.(stored.doc, undefined, caller, tx);
        return stored;
      }),
    (e) => duplicateMessage(spec, next)(e),
  );
  return sendRecord(reply, saved, await spec.present(presentContext(request, services), saved.doc));
}

/** Answers one page of a list already in memory (small collections filtered in code). */
export async function sendArrayPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  all: T[],
  shape: (item: T) => unknown,
): Promise<unknown[]> {
  const { offset, limit } = rangeOf(request);
  const page = all.slice(offset, offset + limit);
  setContentRange(reply, offset, page.length, all.length);
  return Promise.all(page.map(shape));
}
