/** Work-request lists: spec operation 1 and the list extension, read as list rows (one record: workRequestRecord.ts). */
import { workRequestRow } from './schema/workRequestRow';
import { requestList, type ListOptions } from './client';
import { AUTOMATE_JOBS_PATH, WORK_REQUESTS_PATH, workRequestListQuery } from './workRequestRequests';

export type WorkRequestSort = 'due' | '-due' | 'created' | '-created';

export interface WorkRequestFilters {
  status?: readonly string[];
  project?: string;
  language?: string;
  territory?: string;
  q?: string;
  /** `me`, `none` (unassigned) or a user id: the translator the order is assigned to (docs/API.md "Orders"). */
  assignee?: string;
  /** Due at or after this moment (epoch seconds, inclusive; docs/API.md "Dashboard"). */
  dueFrom?: number;
  /** Due before this moment (epoch seconds, exclusive). */
  dueTo?: number;
  sort?: WorkRequestSort;
}

/** Extension `GET /workrequests`: the work requests the caller may see, filtered and sorted (as list rows). */
export function listWorkRequests(filters: WorkRequestFilters, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(workRequestRow, WORK_REQUESTS_PATH, { ...options, query: workRequestListQuery(filters) });
}

/** Operation 1 `GET /workrequests/automateJob`: the automation queue (as list rows). */
export function listAutomateJobs(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(workRequestRow, AUTOMATE_JOBS_PATH, options);
}
