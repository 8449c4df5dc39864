/**
 * The work-request GETs as requests (path and query) without the answers' checking: workRequests.ts and
 * workRequestRecord.ts send them through the client, and src/app/earlyRequest.ts starts the first page's before
 * the app has loaded, from the same code, so the client recognises it (earlyRequests.ts).
 */
import { seg, type Query } from './request';
import type { WorkRequestFilters } from './workRequests';

export const WORK_REQUESTS_PATH = '/workrequests';
export const AUTOMATE_JOBS_PATH = '/workrequests/automateJob';
/** Extension: the counts of consecutive days in one request (docs/API.md, "Counts in one request"). */
export const DUE_COUNTS_PATH = '/workrequests/dueCounts';

/** The list extension's query parameters for these filters. */
export function workRequestListQuery(filters: WorkRequestFilters): Query {
  return {
    status: filters.status,
    project: filters.project,
    language: filters.language,
    territory: filters.territory,
    q: filters.q,
    assignee: filters.assignee,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    sort: filters.sort,
  };
}

/** Operation 2's path for one work request. */
export function workRequestPath(id: string): string {
  return `${WORK_REQUESTS_PATH}/${seg(id)}`;
}

/**
 * The day-counts extension's query: the list's filters but the due range and the sort (the days are the range;
 * counts have no order), and `bounds`, the days' boundaries in ascending epoch seconds (n + 1 for n days).
 */
export function dueCountsQuery(filters: WorkRequestFilters, bounds: readonly number[]): Query {
  return {
    ...workRequestListQuery({ ...filters, dueFrom: undefined, dueTo: undefined, sort: undefined }),
    bounds: bounds.map(String),
  };
}
