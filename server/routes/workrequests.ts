/** Work requests: the spec's automateJob and get, and the list / status-change extensions. */
import type { FastifyPluginAsync } from 'fastify';
import type { Filter } from '../storage/store';
import type { WorkRequestDoc } from '../domain/types';
import { WORK_REQUEST_STATUSES, statusChange } from '../../src/api/schema/workRequest';
import { callerOf } from '../context';
import { presentWorkRequest } from '../http/present';
import { parseInput, sendRecord } from '../http/records';
import { badRequest, forbidden } from '../http/errors';
import { canChangeWorkRequestStatus } from '../domain/access';
import { changeStatus, visibilityFilters } from '../domain/workRequests';
import { expectedVersion } from '../http/etag';
import {
  findVisibleWorkRequest,
  presentContext,
  queryString,
  sendPage,
  eqFilter,
  withConflict,
  againOnConflict,
  type RouteOptions,
} from './helpers';

const SORTS: Record<string, { field: string; dir: 'asc' | 'desc' }> = {
  due: { field: 'due', dir: 'asc' },
  '-due': { field: 'due', dir: 'desc' },
  created: { field: 'created', dir: 'asc' },
  '-created': { field: 'created', dir: 'desc' },
};

/** Statuses that take a work request out of the automation queue. */
export const AUTOMATION_DONE = ['complete', 'cancelled', 'rejected'];

export const workRequestRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.get('/workrequests/automateJob', async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const open = WORK_REQUEST_STATUSES.filter((s) => !AUTOMATION_DONE.includes(s));
    // auto OR autosubs: the store has no OR, so the queue is kept as one generated predicate: `automation`.
    const filters: Filter[] = [
      { field: 'automation', op: 'eq', value: 1 },
      { field: 'status', op: 'in', value: [...open] },
    ];
    return sendPage<WorkRequestDoc>(
      request,
      reply,
      services,
      'Workrequests',
      {
        filters: [...filters, ...visibilityFilters(caller)],
        sort: { field: 'due', dir: 'asc' },
      },
      (wr) => presentWorkRequest(ctx, wr, false),
    );
  });

  app.get('/workrequests', async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const filters: Filter[] = [...visibilityFilters(caller)];
    const status = queryString(request, 'status');
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
    filters.push(...eqFilter('language', queryString(request, 'language')));
    filters.push(...eqFilter('territory', queryString(request, 'territory')));
    filters.push(...eqFilter('project', queryString(request, 'project')));
    const q = queryString(request, 'q');
    if (q) filters.push({ field: 'search', op: 'contains', value: q.slice(0, 200) });
    const sortKey = queryString(request, 'sort') ?? '-created';
    const sort = SORTS[sortKey];
    if (!sort) throw badRequest(`sort: expected one of ${Object.keys(SORTS).join(', ')}`);
    return sendPage<WorkRequestDoc>(request, reply, services, 'Workrequests', { filters, sort }, (wr) =>
      presentWorkRequest(ctx, wr, false),
    );
  });

  app.get<{ Params: { id: string } }>('/workrequests/:id', async (request, reply) => {
    const found = await findVisibleWorkRequest(request, services, request.params.id);
    return sendRecord(reply, found, await presentWorkRequest(presentContext(request, services), found.doc, true));
  });

  app.put<{ Params: { id: string } }>('/workrequests/:id', async (request, reply) => {
    const caller = callerOf(request);
    if (!canChangeWorkRequestStatus(caller))
      throw forbidden('only coordinators and admins change a work request status');
    const ctx = presentContext(request, services);
    // The record the change is made from is read in the change's transaction.
    const expected = expectedVersion(request, request.params.id);
    const updated = await withConflict(
      'work request',
      () =>
        againOnConflict(expected, () =>
          services.store.transaction(async (tx) => {
            const found = await findVisibleWorkRequest(request, tx, request.params.id);
            const change = parseInput(statusChange, request.body);
            return changeStatus(tx, services.bus, caller, found, change, expected);
          }),
        ),
      (current) => presentWorkRequest(ctx, current as WorkRequestDoc, false),
    );
    return sendRecord(reply, updated, await presentWorkRequest(ctx, updated.doc, true));
  });
};
