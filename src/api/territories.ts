/** Territories: spec operation 17, and the list / get extensions. */
import { territory, type Territory } from './schema/territory';
import { requestList, requestRecord, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 17 `PUT /territories`: with `_id` updates that territory, without creates one. */
export function putTerritories(record: Territory) {
  return requestRecord(territory, 'PUT', '/territories', { body: record });
}

/** Operation 17 with `If-Match` (an update of a territory read with its ETag). */
export function putTerritoriesIfMatch(record: Territory, etag: string | undefined) {
  return requestVersioned(territory, 'PUT', '/territories', { body: record, ifMatch: etag });
}

/** Extension `GET /territories`. */
export function listTerritories(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(territory, '/territories', options);
}

/** Extension `GET /territories/{id}`: one territory and its ETag. */
export function getTerritory(id: string, signal?: AbortSignal) {
  return requestVersioned(territory, 'GET', `/territories/${seg(id)}`, { signal });
}
