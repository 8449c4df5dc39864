/** Work-request lists: spec operation 1 and the list extension, read as list rows (one record: workRequestRecord.ts). */
import { workRequestRow } from './schema/workRequestRow';
import { dueCountsAnswer } from './schema/counts';
import { withFallback } from './missingExtensions';
import { ApiError, requestList, send, type ListOptions } from './client';
import {
  AUTOMATE_JOBS_PATH,
  DUE_COUNTS_PATH,
  WORK_REQUESTS_PATH,
  dueCountsQuery,
  workRequestListQuery,
} from './workRequestRequests';

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

/** The days between `bounds`: day i is `[bounds[i], bounds[i + 1])`, epoch seconds. */
export function daysBetween(bounds: readonly number[]): { dueFrom: number; dueTo: number }[] {
  return bounds.slice(1).map((dueTo, i) => ({ dueFrom: bounds[i]!, dueTo }));
}

/**
 * How many work requests of the list with `filters` are due on each day between `bounds`: one request (the
 * extension), or one a day against a deployment that lacks it (learnt once: missingExtensions.ts). Null for a day
 * whose request got no total.
 */
export function countDueDays(
  filters: WorkRequestFilters,
  bounds: readonly number[],
  signal?: AbortSignal,
): Promise<(number | null)[]> {
  return withFallback(
    DUE_COUNTS_PATH,
    ['bounds'],
    () => countDueByDay(filters, bounds, signal),
    () => countDueByDayOneByOne(filters, bounds, signal),
  );
}

/**
 * Extension `GET /workrequests/dueCounts`: how many work requests of the list with `filters` are due on each day
 * between `bounds` (n + 1 ascending boundaries, n days), in one request.
 */
export async function countDueByDay(
  filters: WorkRequestFilters,
  bounds: readonly number[],
  signal?: AbortSignal,
): Promise<number[]> {
  const { json, response } = await send('GET', DUE_COUNTS_PATH, { query: dueCountsQuery(filters, bounds), signal });
  const parsed = dueCountsAnswer.safeParse(json);
  if (!parsed.success || parsed.data.counts.length !== bounds.length - 1)
    throw new ApiError(
      response.status,
      'invalid_response',
      `The server's answer to GET ${DUE_COUNTS_PATH} is not one count a day.`,
    );
  return parsed.data.counts;
}

/**
 * The same counts the spec's way: one list request a day for one item (`X-Range: resources=0-0`), its Content-Range
 * total the day's count (null when the deployment sends no total).
 */
export function countDueByDayOneByOne(
  filters: WorkRequestFilters,
  bounds: readonly number[],
  signal?: AbortSignal,
): Promise<(number | null)[]> {
  return Promise.all(
    daysBetween(bounds).map((day) =>
      listWorkRequests({ ...filters, ...day }, { size: 1, signal }).then((page) => page.total ?? null),
    ),
  );
}
