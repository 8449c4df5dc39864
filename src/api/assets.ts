/** Assets: spec operations 8 and 9, and the get extension. */
import { asset, type Asset } from './schema/asset';
import { requestList, requestRecord, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 8 `PUT /assets/{id}`. */
export function putAsset(id: string, record: Asset) {
  return requestRecord(asset, 'PUT', `/assets/${seg(id)}`, { body: record });
}

/** Operation 8 with `If-Match`: answers the record and its new ETag; a stale ETag is a 409. */
export function putAssetIfMatch(id: string, record: Asset, etag: string | undefined) {
  return requestVersioned(asset, 'PUT', `/assets/${seg(id)}`, { body: record, ifMatch: etag });
}

/** Operation 9 `GET /assets/countByProject`: the assets of a project (all when absent); the count is the total. */
export function countAssetsByProject(project: string | undefined, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(asset, '/assets/countByProject', { ...options, query: { project } });
}

/** Extension `GET /assets/{id}`: one asset and its ETag. */
export function getAsset(id: string, signal?: AbortSignal) {
  return requestVersioned(asset, 'GET', `/assets/${seg(id)}`, { signal });
}
