/**
 * The work-request list's queries: the list and the automation queue (options in queryOptions.ts), and the
 * catalog lists its filters offer. Apart from queries.ts (a request's page: status changes, comments, offlines)
 * so the list's first load carries none of that; the filter choices' API modules load only when the choices do,
 * after the first page (the rows matter more).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { WorkRequestFilters } from '../../api/workRequests';
import { automationQueueOptions, workRequestListOptions } from './queryOptions';

/** Catalog lists used as filter choices (extensions; the filters fall back to free text without them). */
export const filterChoiceKeys = {
  all: ['filterChoices'] as const,
  projects: () => [...filterChoiceKeys.all, 'projects'] as const,
  languages: () => [...filterChoiceKeys.all, 'languages'] as const,
  territories: () => [...filterChoiceKeys.all, 'territories'] as const,
};

export function useWorkRequestList(filters: WorkRequestFilters, enabled: boolean) {
  return useInfiniteQuery({ ...workRequestListOptions(filters), enabled });
}

export function useAutomationQueue(enabled: boolean) {
  return useInfiniteQuery({ ...automationQueueOptions(), enabled });
}

/**
 * Choices for the filters: up to 100 of each (the server's page limit), loaded once per session. `enabled` lets
 * the list's first page go first: a browser opens few connections per host, and the rows matter more.
 */
export function useFilterChoices(enabled = true) {
  const stale = 10 * 60_000;
  const projects = useQuery({
    queryKey: filterChoiceKeys.projects(),
    queryFn: ({ signal }) => import('../../api/projects').then((m) => m.listProjects({}, { size: 100, signal })),
    staleTime: stale,
    enabled,
  });
  const languages = useQuery({
    queryKey: filterChoiceKeys.languages(),
    queryFn: ({ signal }) => import('../../api/languages').then((m) => m.listLanguages({ size: 100, signal })),
    staleTime: stale,
    enabled,
  });
  const territories = useQuery({
    queryKey: filterChoiceKeys.territories(),
    queryFn: ({ signal }) => import('../../api/territories').then((m) => m.listTerritories({ size: 100, signal })),
    staleTime: stale,
    enabled,
  });
  return { projects, languages, territories };
}
