/** Route prefetch of a work request's page (see prefetch.ts): the record, in parallel with the page's code. */
import type { QueryClient } from '@tanstack/react-query';
import { workRequestOptions } from '../../lib/workRecords';

export function prefetchWorkRequest(
  client: QueryClient,
  _url: URL,
  params: Record<string, string | undefined>,
): Promise<void> {
  return params.id ? client.prefetchQuery(workRequestOptions(params.id)) : Promise.resolve();
}
