/**
 * One work request: spec operation 2 and the extensions that place and change orders (docs/API.md "Orders"); the
 * lists are in workRequests.ts.
 */
import { workRequest, type StatusChange } from './schema/workRequest';
import type { OrderChange, OrderInput } from './schema/order';
import { requestRecord, seg } from './client';
import { workRequestPath } from './workRequestRequests';
import { requestVersioned } from './versioned';

/** Operation 2 `GET /workrequests/{id}`. */
export function getWorkRequest(id: string, signal?: AbortSignal) {
  return requestRecord(workRequest, 'GET', workRequestPath(id), { signal });
}

/** Operation 2 with the record's `ETag`, for an edit that sends it back as `If-Match`. */
export function getWorkRequestVersioned(id: string, signal?: AbortSignal) {
  return requestVersioned(workRequest, 'GET', `/workrequests/${seg(id)}`, { signal });
}

/** Extension `PUT /workrequests/{id}` with `{status, reason}`: changes the status and appends history. */
export function changeWorkRequestStatus(id: string, change: StatusChange) {
  return requestRecord(workRequest, 'PUT', `/workrequests/${seg(id)}`, { body: change });
}

/**
 * Extension `POST /workrequests`: places an order (201, the new record with its ETag). A deployment without the
 * extension answers 404, 405 or 501 (`isUnavailable` in client.ts).
 */
export function createWorkRequest(input: OrderInput) {
  return requestVersioned(workRequest, 'POST', '/workrequests', { body: input });
}

/**
 * Extension `PUT /workrequests/{id}` with order changes (due, deliveryDeadline, instructions, tags, materials,
 * assignee) and/or a status move; `ifMatch` makes a stale edit a 409 carrying the current record.
 */
export function updateWorkRequest(id: string, change: OrderChange, ifMatch?: string) {
  return requestVersioned(workRequest, 'PUT', `/workrequests/${seg(id)}`, { body: change, ifMatch });
}
