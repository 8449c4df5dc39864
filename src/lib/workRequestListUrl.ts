/**
 * The work-request list's URL: its filters are query parameters named as the API's (`status=a,b`, `dueFrom`, …),
 * which the list page reads back (features/work-requests/model/filters.ts). Here so other pages (the dashboard) can
 * link to a filtered list without importing the list's feature.
 */
import type { WorkRequestFilters } from '../api/workRequests';

type FilterValue = WorkRequestFilters[keyof WorkRequestFilters];

/** Sets one filter's parameter in `params`, or removes it when the value is empty (lists become comma lists). */
export function setFilterParam(params: URLSearchParams, key: string, value: FilterValue): void {
  const text = Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value);
  if (text) params.set(key, text);
  else params.delete(key);
}

/** `/work-requests?…` showing exactly these filters. */
export function workRequestListPath(filters: WorkRequestFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) setFilterParam(params, key, value as FilterValue);
  const query = params.toString();
  return query ? `/work-requests?${query}` : '/work-requests';
}
