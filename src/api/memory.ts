/** Translation memory: extension `POST /translations/{id}/memory` (docs/API.md, "Translation memory"). */
import { memoryAnswer, type MemoryLookup } from './schema/memory';
import { requestRecord, seg } from './client';

/**
 * The memory's matches for original texts of a translation: exact ones for many texts, or with `fuzzy` similar ones
 * too for a few. A deployment without the extension answers 404, 405 or 501 (`isUnavailable`).
 */
export async function lookUpMemory(translationId: string, body: MemoryLookup, signal?: AbortSignal) {
  return (await requestRecord(memoryAnswer, 'POST', `/translations/${seg(translationId)}/memory`, { body, signal }))
    .data;
}
