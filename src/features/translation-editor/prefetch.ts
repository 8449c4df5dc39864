/**
 * Route prefetch of the editor (see work-requests/prefetch.ts): the work request with its embedded translation
 * forms, then at once the transcription whose lines are the original text, without waiting for the editor to render.
 */
import type { QueryClient } from '@tanstack/react-query';
import { editorWorkRequestOptions, transcriptionIdOf, transcriptionOptions } from './queries';

export async function prefetchEditor(
  client: QueryClient,
  url: URL,
  params: Record<string, string | undefined>,
): Promise<void> {
  if (!params.id) return;
  const options = editorWorkRequestOptions(params.id);
  await client.prefetchQuery(options);
  const kind = url.pathname.endsWith('/graphics-translation') ? 'graphics' : 'dialogue';
  const transcriptionId = transcriptionIdOf(client.getQueryData(options.queryKey)?.data, kind);
  if (transcriptionId) await client.prefetchQuery(transcriptionOptions(transcriptionId));
}
