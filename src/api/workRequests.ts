/** Work requests: spec operations 1 and 2, and the list and status-change extensions. */
import { workRequest, workRequestRow, type StatusChange } from './schema/workRequest';
import { requestList, requestRecord, seg, type ListOptions } from './client';

export type WorkRequestSort = 'due' | '-due' | 'created' | '-created';

export interface WorkRequestFilters {
  status?: readonly string[];
  project?: string;
  language?: string;
  territory?: string;
  q?: string;
  sort?: WorkRequestSort;
}

/** Extension `GET /workrequests`: the work requests the caller may see, filtered and sorted (as list rows). */
export function listWorkRequests(filters: WorkRequestFilters, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(workRequestRow, '/workrequests', {
    ...options,
    query: {
      status: filters.status,
      project: filters.project,
      language: filters.language,
      territory: filters.territory,
      q: filters.q,
      sort: filters.sort,
    },
  });
}

/** Operation 1 `GET /workrequests/automateJob`: the automation queue (as list rows). */
export function listAutomateJobs(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(workRequestRow, '/workrequests/automateJob', options);
}

/** Operation 2 `GET /workrequests/{id}`. */
export function getWorkRequest(id: string, signal?: AbortSignal) {
  return requestRecord(workRequest, 'GET', `/workrequests/${seg(id)}`, { signal });
}

/** Extension `PUT /workrequests/{id}` with `{status, reason}`: changes the status and appends history. */
export function changeWorkRequestStatus(id: string, change: StatusChange) {
  return requestRecord(workRequest, 'PUT', `/workrequests/${seg(id)}`, { body: change });
}
