/**
 * The list's view, filters and sort live in the URL, so a view can be bookmarked and shared.
 * `?view=automation` shows the automation queue; otherwise
 * `?status=a,b&project=<id>&language=<code>&territory=<code>&assignee=me|none|<user id>&q=<text>`
 * `&sort=due|-due|created|-created`, and the dashboard's `dueFrom=<epoch s>` (inclusive), `dueTo=<epoch s>` (exclusive).
 */
import { WORK_REQUEST_STATUSES } from '../../../api/schema/workRequestStatuses';
import type { WorkRequestFilters, WorkRequestSort } from '../../../api/workRequests';
import { setFilterParam } from '../../../lib/workRequestListUrl';

export type ListView = 'all' | 'automation';

export const SORTS: { value: WorkRequestSort; label: string }[] = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'due', label: 'Due soonest' },
  { value: '-due', label: 'Due latest' },
];
export const DEFAULT_SORT: WorkRequestSort = '-created';

function isSort(value: string | null): value is WorkRequestSort {
  return SORTS.some((s) => s.value === value);
}

/** The assignee filter: `me`, `none` or a user id; anything else (which the server refuses) is no filter. */
function assigneeParam(value: string | null): string | undefined {
  const v = value?.trim() ?? '';
  return v === 'me' || v === 'none' || /^[0-9a-f]{24}$/.test(v) ? v : undefined;
}

export function viewFromParams(params: URLSearchParams): ListView {
  return params.get('view') === 'automation' ? 'automation' : 'all';
}

export function filtersFromParams(params: URLSearchParams): WorkRequestFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  // Only the spec's statuses: a mistyped or outdated bookmark (`in_progress`) would otherwise show a filter chip
  // the server then refuses with a 400.
  const known = new Set<string>(WORK_REQUEST_STATUSES);
  const status = (params.get('status') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => known.has(s));
  const sort = params.get('sort');
  // A moment as whole epoch seconds; anything else is left out (the server would refuse it with a 400).
  const seconds = (key: string) => {
    const value = text(key);
    return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
  };
  return {
    status: status.length ? [...new Set(status)].sort() : undefined,
    project: text('project'),
    language: text('language'),
    territory: text('territory'),
    q: text('q'),
    assignee: assigneeParam(params.get('assignee')),
    dueFrom: seconds('dueFrom'),
    dueTo: seconds('dueTo'),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** Writes `patch` into a copy of `params`; empty values are removed, the default sort too. */
export function withFilters(params: URLSearchParams, patch: Partial<WorkRequestFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    setFilterParam(next, key, key === 'sort' && value === DEFAULT_SORT ? undefined : value);
  }
  return next;
}

export function hasActiveFilters(filters: WorkRequestFilters): boolean {
  return Boolean(
    filters.status?.length ||
    filters.project ||
    filters.language ||
    filters.territory ||
    filters.q ||
    filters.assignee ||
    filters.dueFrom !== undefined ||
    filters.dueTo !== undefined,
  );
}
