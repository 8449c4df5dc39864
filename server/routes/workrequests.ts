/** Work requests: the spec's automateJob and get, and the list / status-change extensions. */
import { MAX_COUNTED_DAYS } from '../../src/api/schema/counts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Filter, Store } from '../storage/store';
import type { WorkRequestDoc } from '../domain/types';
import { WORK_REQUEST_STATUSES } from '../../src/api/schema/workRequest';
import { OPEN_STATUSES } from '../../src/api/schema/workRequestRow';
import { ORDER_FIELDS, orderChange, orderInput, type OrderChange } from '../../src/api/schema/order';
import { VersionConflict, isRecordId } from '../storage/store';
import { applyOrderChange, emitOrderChangeEvents, placeOrder } from '../domain/orders';
import { placeOrders } from '../domain/orderBatch';
import { orderBatchInput } from '../../src/api/schema/orderBatch';
import { callerOf } from '../context';
import { presentWorkRequest } from '../http/present';
import { parseInput, sendRecord } from '../http/records';
import { badRequest } from '../http/errors';
import { CallerLanes } from '../http/callerLanes';
import { requestGrants } from './requestGrants';
import { queryOf } from '../http/validation';
import { changeStatus, visibilityFilters } from '../domain/workRequests';
import { expectedVersion } from '../http/etag';
import {
  findVisibleWorkRequest,
  presentContext,
  sendPage,
  eqFilter,
  oneOfFilter,
  withConflict,
  againOnConflict,
  type RouteOptions,
} from './helpers';
import {
  automationQueueQuery,
  dueCountsQuery,
  idParams,
  workRequestListQuery,
  type WorkRequestFilters,
  type WorkRequestSort,
  pagedHeaders,
} from '../../src/api/schema/queries';

/**
 * One user's list reads (the list, its searches, the CSV export's pages, the automation queue) run 2 at a time and
 * so do their changes (bulk actions), with 64 more waiting in line: the dashboard's burst of counts waits its turn,
 * and one user hammering cannot take the whole thread ("Fair share of the server"). On a store whose queries run
 * on the event loop (SQLite), 1 at a time: a second would only take turns with the first on the one thread, and
 * every other user's request would wait behind both (docs/decisions/154-event-loop-share.md).
 */
export function workRequestLanes(store: Store): { concurrency: number; queue: number } {
  return { concurrency: store.queriesOnCallingThread ? 1 : 2, queue: 64 };
}

/**
 * The orders of the work-request lists (`?sort=`): a Map, so that only these keys are found (a plain object would
 * also find `constructor`, `toString`, `__proto__`… through its prototype).
 */
const SORTS = new Map<WorkRequestSort, { field: string; dir: 'asc' | 'desc' }>([
  ['due', { field: 'due', dir: 'asc' }],
  ['-due', { field: 'due', dir: 'desc' }],
  ['created', { field: 'created', dir: 'asc' }],
  ['-created', { field: 'created', dir: 'desc' }],
]);

/** The list's order from `?sort=` (else `fallback`); the query's declaration refuses an unknown key. */
function sortOf(key: WorkRequestSort | undefined, fallback: WorkRequestSort): { field: string; dir: 'asc' | 'desc' } {
  return SORTS.get(key ?? fallback)!;
}

/** What each route reads from its request, declared (server/http/validation.ts; GET /api/openapi.json). */
const EDGES = {
  getAutomateJob: { querystring: automationQueueQuery, headers: pagedHeaders },
  get: { querystring: workRequestListQuery, headers: pagedHeaders },
  getDueCounts: { querystring: dueCountsQuery },
  getOne: { params: idParams },
  post: { body: orderInput },
  postBatch: { body: orderBatchInput },
  putOne: { params: idParams, body: orderChange },
};

export const workRequestRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const lanes = workRequestLanes(services.store);
  const readLanes = new CallerLanes(lanes, 'work-request list reads');
  const changeLanes = new CallerLanes(lanes, 'work-request changes');
  app.get('/workrequests/automateJob', { schema: EDGES.getAutomateJob }, async (request, reply) => {
    const caller = callerOf(request);
    return readLanes.run(caller.id, reply, () => automationQueue(request, reply));
  });

  async function automationQueue(request: FastifyRequest, reply: FastifyReply) {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    // auto OR autosubs: the store has no OR, so the queue is kept as one generated predicate: `automation`.
    const filters: Filter[] = [
      { field: 'automation', op: 'eq', value: 1 },
      { field: 'status', op: 'in', value: [...OPEN_STATUSES] },
    ];
    return sendPage<WorkRequestDoc>(
      request,
      reply,
      services,
      'Workrequests',
      {
        filters: [...filters, ...visibilityFilters(caller)],
        // Soonest due first unless `sort` says otherwise (the list's orders: docs/API.md, "Extensions").
        sort: sortOf(queryOf(request, automationQueueQuery).sort, 'due'),
      },
      (wr) => presentWorkRequest(ctx, wr, false),
    );
  }

  app.get('/workrequests', { schema: EDGES.get }, async (request, reply) =>
    readLanes.run(callerOf(request).id, reply, () => listPage(request, reply)),
  );

  async function listPage(request: FastifyRequest, reply: FastifyReply) {
    const ctx = presentContext(request, services);
    const query = queryOf(request, workRequestListQuery);
    const filters = listFilters(request, query);
    const sort = sortOf(query.sort, '-created');
    return sendPage<WorkRequestDoc>(request, reply, services, 'Workrequests', { filters, sort }, (wr) =>
      presentWorkRequest(ctx, wr, false),
    );
  }

  app.get('/workrequests/dueCounts', { schema: EDGES.getDueCounts }, async (request) => {
    const query = queryOf(request, dueCountsQuery);
    const bounds = dayBounds(query.bounds);
    const filters = listFilters(request, query);
    // One index-only count per day (each kept in the store's count cache until the next write), never a row read.
    const counts = await Promise.all(
      bounds
        .slice(1)
        .map((end, i) =>
          services.store.count('Workrequests', [
            ...filters,
            { field: 'due', op: 'gte', value: bounds[i]! },
            { field: 'due', op: 'lt', value: end },
          ]),
        ),
    );
    return { counts };
  });

  app.get<{ Params: { id: string } }>('/workrequests/:id', { schema: EDGES.getOne }, async (request, reply) => {
    const found = await findVisibleWorkRequest(request, services, request.params.id);
    return sendRecord(reply, found, await presentWorkRequest(presentContext(request, services), found.doc, true));
  });

  app.post('/workrequests', { schema: EDGES.post }, async (request, reply) => {
    const caller = callerOf(request);
    const input = parseInput(orderInput, request.body);
    const grants = await requestGrants(request, services);
    const saved = await services.store.transaction((tx) => placeOrder(tx, services.bus, caller, input, grants));
    reply.code(201).header('Location', `/api/workrequests/${saved.doc._id}`);
    return sendRecord(reply, saved, await presentWorkRequest(presentContext(request, services), saved.doc, true));
  });

  // The order queue: several orders in one transaction, all or none (docs/API.md, "Order queue").
  app.post('/workrequests/batch', { schema: EDGES.postBatch }, async (request, reply) => {
    const caller = callerOf(request);
    const batch = parseInput(orderBatchInput, request.body);
    const grants = await requestGrants(request, services);
    const { placed, duplicates } = await services.store.transaction((tx) =>
      placeOrders(tx, services.bus, caller, batch, grants),
    );
    const ctx = presentContext(request, services);
    reply.code(batch.dryRun ? 200 : 201);
    return { items: await Promise.all(placed.map((p) => presentWorkRequest(ctx, p.doc, false))), duplicates };
  });

  app.put<{ Params: { id: string } }>('/workrequests/:id', { schema: EDGES.putOne }, async (request, reply) =>
    changeLanes.run(callerOf(request).id, reply, () => changeWorkRequest(request, reply)),
  );

  async function changeWorkRequest(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    // The record the change is made from is read in the change's transaction.
    const expected = expectedVersion(request, request.params.id);
    const updated = await withConflict(
      'work request',
      () =>
        againOnConflict(
          expected,
          () =>
            services.store.transaction(async (tx) => {
              const found = await findVisibleWorkRequest(request, tx, request.params.id);
              const change = parseChange(request.body);
              // A stale If-Match is the conflict view's 409 (with the record as it is), before any rule of the workflow.
              if (expected !== undefined && expected !== found.version) throw new VersionConflict(found);
              const { next, changes, assigned, unassigned } = await applyOrderChange(tx, caller, found.doc, change);
              if (change.status !== undefined) {
                const moved = await changeStatus(
                  tx,
                  services.bus,
                  caller,
                  found,
                  { status: change.status, reason: change.reason!, notes: change.notes },
                  expected,
                  undefined,
                  next,
                );
                await emitOrderChangeEvents(tx, services.bus, caller, moved.doc, changes, assigned, unassigned);
                return moved;
              }
              // Nothing changed (the same values): nothing stored, the version stays (a stale If-Match is still a 409).
              if (changes.length === 0) return found;
              const saved = await tx.replace('Workrequests', next, expected ?? found.version);
              await emitOrderChangeEvents(tx, services.bus, caller, saved.doc, changes, assigned, unassigned);
              return saved;
            }),
          request.params.id,
        ),
      (current) => presentWorkRequest(ctx, current as WorkRequestDoc, false),
    );
    return sendRecord(reply, updated, await presentWorkRequest(ctx, updated.doc, true));
  }
};

/**
 * The list's filters (`status`, `language`, `territory`, `project`, `assignee`, `dueFrom` / `dueTo`, `q`) and the
 * caller's scope: what `GET /workrequests` pages through and `GET /workrequests/dueCounts` counts.
 */
function listFilters(request: FastifyRequest, query: WorkRequestFilters): Filter[] {
  const caller = callerOf(request);
  const filters: Filter[] = [...visibilityFilters(caller)];
  const status = query.status;
  if (status) {
    const list = status
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = list.filter((s) => !(WORK_REQUEST_STATUSES as readonly string[]).includes(s));
    if (unknown.length)
      throw badRequest(`status: unknown status "${unknown[0]}"; expected one of ${WORK_REQUEST_STATUSES.join(', ')}`);
    filters.push({ field: 'status', op: 'in', value: list });
  }
  filters.push(...oneOfFilter('language', query.language));
  filters.push(...oneOfFilter('territory', query.territory));
  filters.push(...eqFilter('project', query.project));
  filters.push(...assigneeFilter(query.assignee, caller.id));
  filters.push(...dueRangeFilters(query.dueFrom, query.dueTo));
  const q = query.q;
  if (q) filters.push({ field: 'search', op: 'contains', value: q.slice(0, 200) });
  return filters;
}

/**
 * `bounds=<b0>,<b1>,…,<bn>`: n + 1 moments (epoch seconds, strictly ascending) that bound n consecutive days
 * `[b0, b1)`, `[b1, b2)`, … (the viewer's midnights: the client knows its zone, the server does not). 1 to 42 days.
 */
function dayBounds(value: string | undefined): number[] {
  const problem = (message: string) => badRequest(`bounds: ${message}`, [{ path: 'bounds', message }]);
  if (value === undefined)
    throw problem("expected the days' boundaries as ascending epoch seconds, such as 1767225600,1767312000");
  const parts = value.split(',').map((v) => v.trim());
  if (parts.length < 2 || parts.length > MAX_COUNTED_DAYS + 1)
    throw problem(
      `expected from 2 to ${MAX_COUNTED_DAYS + 1} boundaries (1 to ${MAX_COUNTED_DAYS} days), got ${parts.length}`,
    );
  const bounds = parts.map((part, i) => {
    const n = /^\d{1,15}$/.test(part) ? Number(part) : NaN;
    if (!Number.isSafeInteger(n))
      throw problem(`boundary ${i + 1}: expected a date as whole epoch seconds, such as 1767225600`);
    return n;
  });
  const unordered = bounds.findIndex((b, i) => i > 0 && b <= bounds[i - 1]!);
  if (unordered > 0)
    throw problem(`boundary ${unordered + 1}: expected a moment after the one before (boundaries ascend strictly)`);
  return bounds;
}

/** `assignee=<user id>|me|none`: the work requests whose translation that user holds, the caller's, or nobody's. */
function assigneeFilter(value: string | undefined, callerId: string): Filter[] {
  if (value === undefined) return [];
  if (value === 'none') return [{ field: 'assignee', op: 'eq', value: '' }];
  const id = value === 'me' ? callerId : value;
  if (!isRecordId(id)) throw badRequest('assignee: expected a user id, me or none');
  return [{ field: 'assignee', op: 'eq', value: id }];
}

/** Epoch seconds in a query: a whole number from 0 (dates of the interface are integer seconds). */
function epochSeconds(name: string, value: string): number {
  const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`${name}: expected a date as whole epoch seconds, such as 1767225600`);
  return n;
}

/**
 * `dueFrom` (inclusive) and `dueTo` (exclusive), epoch seconds: the work requests due in `[dueFrom, dueTo)` (the
 * indexed `due`; one without a due date is in no range). A range that holds no moment is refused, not answered empty.
 */
function dueRangeFilters(from: string | undefined, to: string | undefined): Filter[] {
  const filters: Filter[] = [];
  const start = from === undefined ? undefined : epochSeconds('dueFrom', from);
  const end = to === undefined ? undefined : epochSeconds('dueTo', to);
  if (start !== undefined && end !== undefined && end <= start)
    throw badRequest('dueTo: expected a moment after dueFrom (dueFrom is inclusive, dueTo exclusive)');
  if (start !== undefined) filters.push({ field: 'due', op: 'gte', value: start });
  if (end !== undefined) filters.push({ field: 'due', op: 'lt', value: end });
  return filters;
}

/** The body of `PUT /workrequests/{id}`: a status with its reason, order fields, or both; never nothing. */
function parseChange(body: unknown): OrderChange {
  const change = parseInput(orderChange, body);
  if (change.status !== undefined && change.reason === undefined)
    throw badRequest('reason: a reason is required', [{ path: 'reason', message: 'a reason is required' }]);
  if (change.status === undefined && !ORDER_FIELDS.some((f) => change[f] !== undefined))
    throw badRequest(`body: nothing to change: give a status with its reason, or one of ${ORDER_FIELDS.join(', ')}`);
  return change;
}
