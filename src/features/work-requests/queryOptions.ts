/**
 * The query keys of work requests, and the query options of the list and the automation queue: what the list page
 * reads and what its route prefetch (prefetch.ts) starts. One record's options are the app's (lib/workRecords.ts). Kept apart from queries.ts so the prefetch module loads
 * only what the first request needs.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import { listAutomateJobs, listWorkRequests, type WorkRequestFilters } from '../../api/workRequests';
import { toListRows } from './model/listRow';
import { withPlaceCodes } from './filterChoices';
import { PAGE_SIZE } from './listRequest';
import { workRecordKeys } from '../../lib/workRecordKeys';

export { PAGE_SIZE };

export const workRequestKeys = {
  all: workRecordKeys.workRequests,
  lists: () => [...workRequestKeys.all, 'list'] as const,
  list: (filters: WorkRequestFilters) => [...workRequestKeys.lists(), filters] as const,
  automation: () => [...workRequestKeys.all, 'automation'] as const,
  details: () => [...workRequestKeys.all, 'detail'] as const,
  detail: workRecordKeys.workRequest,
};

export const nextPage = <T>(last: ListPage<T>) => last.nextOffset;

export function workRequestListOptions(filters: WorkRequestFilters) {
  return infiniteQueryOptions({
    queryKey: workRequestKeys.list(filters),
    // A language or territory term ("French") is asked as the codes it stands for; the key keeps the term.
    queryFn: async ({ pageParam, signal, client }) =>
      listWorkRequests(await withPlaceCodes(filters, client), { offset: pageParam, size: PAGE_SIZE, signal }).then(
        toListRows,
      ),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });
}

export function automationQueueOptions() {
  return infiniteQueryOptions({
    queryKey: workRequestKeys.automation(),
    queryFn: ({ pageParam, signal }) =>
      listAutomateJobs({ offset: pageParam, size: PAGE_SIZE, signal }).then(toListRows),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });
}
