/** Assets: spec operations 8 and 9. */
import { asset, type Asset } from './schema/asset';
import { requestList, requestRecord, seg, type ListOptions } from './client';

/** Operation 8 `PUT /assets/{id}`. */
export function putAsset(id: string, record: Asset) {
  return requestRecord(asset, 'PUT', `/assets/${seg(id)}`, { body: record });
}

/** Operation 9 `GET /assets/countByProject`: the assets of a project (all when absent); the count is the total. */
export function countAssetsByProject(project: string | undefined, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(asset, '/assets/countByProject', { ...options, query: { project } });
}
