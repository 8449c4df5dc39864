/**
 * Route prefetches: the first request of a work-request page starts as soon as this small module is loaded, in
 * parallel with the page's own code, instead of after the shell and the page have rendered (see
 * docs/ARCHITECTURE.md, "Route prefetch"). The pages read the same queries, so nothing is fetched twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import { filtersFromParams, viewFromParams } from './model/filters';
import { automationQueueOptions, workRequestListOptions, workRequestOptions } from './queryOptions';

export function prefetchWorkRequestList(client: QueryClient, url: URL): Promise<void> {
  return viewFromParams(url.searchParams) === 'automation'
    ? client.prefetchInfiniteQuery(automationQueueOptions())
    : client.prefetchInfiniteQuery(workRequestListOptions(filtersFromParams(url.searchParams)));
}

export function prefetchWorkRequest(client: QueryClient, _url: URL, params: Record<string, string | undefined>): Promise<void> {
  return params.id ? client.prefetchQuery(workRequestOptions(params.id)) : Promise.resolve();
}
