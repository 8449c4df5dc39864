/**
 * The work-request list's queries: the list and the automation queue (options in queryOptions.ts), and the
 * catalog lists its filters offer. Apart from queries.ts (a request's page: status changes, comments, offlines)
 * so the list's first load carries none of that; the filter choices' API modules load only when the choices do,
 * after the first page (the rows matter more).
 */
import { useQuery } from '@tanstack/react-query';
import type { WorkRequestFilters } from '../../api/workRequests';
import { useSparseList } from '../../lib/useSparseList';
import { automationQueueOptions, workRequestListOptions } from './queryOptions';
import { allLanguagesOptions, allProjectsOptions, allTerritoriesOptions } from '../../lib/referenceLists';

export function useWorkRequestList(filters: WorkRequestFilters, enabled: boolean) {
  return useSparseList({ ...workRequestListOptions(filters), enabled });
}

export function useAutomationQueue(enabled: boolean) {
  return useSparseList({ ...automationQueueOptions(), enabled });
}

/**
 * Choices for the filters (filterChoices.ts): the app's shared reference lists, loaded once per session (by this page
 * or any other). `enabled` lets the list's first page go first: a browser opens few connections per host, and the
 * rows matter more.
 */
export function useFilterChoices(enabled = true) {
  const projects = useQuery({ ...allProjectsOptions(), enabled });
  const languages = useQuery({ ...allLanguagesOptions(), enabled });
  const territories = useQuery({ ...allTerritoriesOptions(), enabled });
  return { projects, languages, territories };
}
