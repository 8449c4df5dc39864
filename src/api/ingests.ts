/** Extension: ingests (docs/API.md "Ingest"): the caller's (or their studios') uploads and a retry. */
import { file } from './schema/file';
import { requestList, requestRecord, seg, type ListOptions } from './client';

export type IngestScope = 'me' | 'studio';

/** `GET /ingests?who=`: uploads newest first, with `$ingest`. */
export function listIngests(who: IngestScope, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(file, '/ingests', { ...options, query: { who } });
}

/** `POST /files/{id}/ingest`: processes the file again (202); 409 while under way, 503 without ffmpeg. */
export function retryIngest(id: string) {
  return requestRecord(file, 'POST', `/files/${seg(id)}/ingest`);
}
