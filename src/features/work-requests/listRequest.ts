/**
 * The work-request list's first request as its page makes it (queryOptions.ts), for the URL's search params: what
 * src/app/earlyRequest.ts starts before the app has loaded. Kept free of react-query and zod, so that script stays small.
 */
import type { EarlyGet } from '../../api/earlyRequests';
import { listRangeHeaders } from '../../api/range';
import { AUTOMATE_JOBS_PATH, WORK_REQUESTS_PATH, workRequestListQuery } from '../../api/workRequestRequests';
import { filtersFromParams, viewFromParams } from './model/filters';

/** Rows per page of the list and the queue. */
export const PAGE_SIZE = 50;

/**
 * The first page's GET; undefined when the URL filters by language or territory, whose terms the page first turns
 * into codes from the catalog lists (filterChoices.ts, withPlaceCodes).
 */
export function firstListRequest(params: URLSearchParams): EarlyGet | undefined {
  const headers = listRangeHeaders(0, PAGE_SIZE);
  if (viewFromParams(params) === 'automation') return { path: AUTOMATE_JOBS_PATH, headers };
  const filters = filtersFromParams(params);
  if (filters.language || filters.territory) return undefined;
  return { path: WORK_REQUESTS_PATH, query: workRequestListQuery(filters), headers };
}
