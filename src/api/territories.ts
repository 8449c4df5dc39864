/** Territories: spec operation 17, and the list extension. */
import { territory, type Territory } from './schema/territory';
import { requestList, requestRecord, type ListOptions } from './client';

/** Operation 17 `PUT /territories`: with `_id` updates that territory, without creates one. */
export function putTerritories(record: Territory) {
  return requestRecord(territory, 'PUT', '/territories', { body: record });
}

/** Extension `GET /territories`. */
export function listTerritories(options: Omit<ListOptions, 'query'> = {}) {
  return requestList(territory, '/territories', options);
}
