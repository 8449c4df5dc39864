/** One work request: spec operation 2 and the status-change extension (the lists are in workRequests.ts). */
import { workRequest, type StatusChange } from './schema/workRequest';
import { requestRecord, seg } from './client';

/** Operation 2 `GET /workrequests/{id}`. */
export function getWorkRequest(id: string, signal?: AbortSignal) {
  return requestRecord(workRequest, 'GET', `/workrequests/${seg(id)}`, { signal });
}

/** Extension `PUT /workrequests/{id}` with `{status, reason}`: changes the status and appends history. */
export function changeWorkRequestStatus(id: string, change: StatusChange) {
  return requestRecord(workRequest, 'PUT', `/workrequests/${seg(id)}`, { body: change });
}
