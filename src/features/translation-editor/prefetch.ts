/** Route prefetch of the editor: the work request with its embedded translation forms (see work-requests/prefetch.ts). */
import type { QueryClient } from '@tanstack/react-query';
import { editorWorkRequestOptions } from './queries';

export function prefetchEditor(client: QueryClient, _url: URL, params: Record<string, string | undefined>): Promise<void> {
  return params.id ? client.prefetchQuery(editorWorkRequestOptions(params.id)) : Promise.resolve();
}
