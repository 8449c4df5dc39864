/** Studios: spec operation 14, and the list / get extensions. */
import { studio, type Studio } from './schema/studio';
import { requestList, requestRecord, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 14 `PUT /studios`: with `_id` updates that studio, without creates one. */
export function putStudios(record: Studio) {
  return requestRecord(studio, 'PUT', '/studios', { body: record });
}

/** Operation 14 with `If-Match` (an update of a studio read with its ETag); answers the record and its new ETag. */
export function putStudiosIfMatch(record: Studio, etag: string | undefined) {
  return requestVersioned(studio, 'PUT', '/studios', { body: record, ifMatch: etag });
}

/** Extension `GET /studios`. */
export function listStudios(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(studio, '/studios', options);
}

/** Extension `GET /studios/{id}`: one studio and its ETag. */
export function getStudio(id: string, signal?: AbortSignal) {
  return requestVersioned(studio, 'GET', `/studios/${seg(id)}`, { signal });
}
