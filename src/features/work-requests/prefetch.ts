/**
 * Route prefetch of the work-request list (a request's page: recordPrefetch.ts): its first request starts as soon as
 * this small module is loaded, in parallel with the page's own code, instead of after the shell and the page have
 * rendered (see docs/ARCHITECTURE.md, "How a page load flows in the app"). The pages read the same queries, so nothing
 * is fetched twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import { filtersFromParams, viewFromParams } from './model/filters';
import { automationQueueOptions, workRequestListOptions } from './queryOptions';

export function prefetchWorkRequestList(client: QueryClient, url: URL): Promise<void> {
  return viewFromParams(url.searchParams) === 'automation'
    ? client.prefetchInfiniteQuery(automationQueueOptions())
    : client.prefetchInfiniteQuery(workRequestListOptions(filtersFromParams(url.searchParams)));
}
