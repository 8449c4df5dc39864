/** The query options of one work request: what its page reads and what its route prefetch starts. */
import { queryOptions } from '@tanstack/react-query';
import { getWorkRequest } from '../../api/workRequestRecord';
import { workRequestKeys } from './queryOptions';

export function workRequestOptions(id: string) {
  return queryOptions({
    queryKey: workRequestKeys.detail(id),
    queryFn: ({ signal }) => getWorkRequest(id, signal),
  });
}
