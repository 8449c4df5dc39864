/** Assets: spec operations 8 and 9, and the get and counts extensions. */
import { asset, type Asset } from './schema/asset';
import { assetCountsAnswer } from './schema/counts';
import { ApiError, requestList, requestRecord, send, seg, type ListOptions } from './client';
import { requestVersioned } from './versioned';

/** Operation 8 `PUT /assets/{id}`. */
export function putAsset(id: string, record: Asset) {
  return requestRecord(asset, 'PUT', `/assets/${seg(id)}`, { body: record });
}

/** Operation 8 with `If-Match`: answers the record and its new ETag; a stale ETag is a 409. */
export function putAssetIfMatch(id: string, record: Asset, etag: string | undefined) {
  return requestVersioned(asset, 'PUT', `/assets/${seg(id)}`, { body: record, ifMatch: etag });
}

/** What an asset list asks: a project, words of the name, slug or type (`q`), an asset type (docs/API.md, operation 9). */
export interface AssetFilter {
  project?: string | undefined;
  q?: string | undefined;
  type?: string | undefined;
}

/** Operation 9 `GET /assets/countByProject` with its search extensions: the assets the caller sees; the count is the total. */
export function listAssets(filter: AssetFilter, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(asset, '/assets/countByProject', {
    ...options,
    query: { project: filter.project, q: filter.q || undefined, type: filter.type || undefined },
  });
}

/** Operation 9 `GET /assets/countByProject`: the assets of a project (all when absent); the count is the total. */
export function countAssetsByProject(project: string | undefined, options: Omit<ListOptions, 'query'> = {}) {
  return listAssets({ project }, options);
}

/** Extension `GET /assets/{id}`: one asset and its ETag. */
export function getAsset(id: string, signal?: AbortSignal) {
  return requestVersioned(asset, 'GET', `/assets/${seg(id)}`, { signal });
}

/** Extension: the asset counts of several projects in one request (docs/API.md, "Counts in one request"). */
export const ASSET_COUNTS_PATH = '/assets/counts';

/** Extension `GET /assets/counts`: each project's asset count (what countByProject totals), by project id. */
export async function countAssetsOfProjects(
  projects: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const { json, response } = await send('GET', ASSET_COUNTS_PATH, { query: { project: projects }, signal });
  const parsed = assetCountsAnswer.safeParse(json);
  if (!parsed.success)
    throw new ApiError(
      response.status,
      'invalid_response',
      `The server's answer to GET ${ASSET_COUNTS_PATH} is not a count by project.`,
    );
  return parsed.data.counts;
}

/**
 * Operation 9 asked for one item: its Content-Range total is the project's asset count (a short last page counts
 * itself when the deployment sends no total; undefined when it cannot be told).
 */
export async function countAssetsOfProject(project: string, signal?: AbortSignal): Promise<number | undefined> {
  const page = await countAssetsByProject(project, { offset: 0, size: 1, signal });
  return page.total ?? (page.nextOffset === undefined ? page.items.length : undefined);
}
