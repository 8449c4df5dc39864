/** Extension `GET /assets/{id}/downloads`: an asset's download and view records (docs/API.md "Downloads and views"). */
import { download } from './schema/download';
import { requestList, seg, type ListOptions } from './client';

export function listAssetDownloads(assetId: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(download, `/assets/${seg(assetId)}/downloads`, options);
}
