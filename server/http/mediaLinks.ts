/**
 * The signed links of media (docs/API.md, "Media"): what the presenters put in records and the routes verify. The
 * signature is the credential (app.ts: SIGNED_FILE_PATH), so a link is made only for a record the caller may read.
 */
import type { LinkSigner } from '../domain/signing';

export type PreviewPart = 'view' | 'peaks' | 'poster';

export const previewPath = (id: string, part: PreviewPart) => `/api/previews/${id}/${part}`;
export const contentPath = (fileId: string) => `/api/files/${fileId}/content`;

export const previewLink = (signer: LinkSigner, id: string, part: PreviewPart) =>
  signer.signStable(previewPath(id, part));
export const contentLink = (signer: LinkSigner, fileId: string) => signer.signStable(contentPath(fileId));

/**
 * `$thumbnail` (extension) of an asset or a share's asset: the thumbnail file's id and the signed link to its image,
 * so a page can show it without reading the file record. Nothing when the asset names no thumbnail.
 */
export function thumbnailRef(signer: LinkSigner, thumbnail: unknown): { $thumbnail?: { _id: string; path: string } } {
  if (typeof thumbnail !== 'string' || thumbnail === '') return {};
  return { $thumbnail: { _id: thumbnail, path: contentLink(signer, thumbnail) } };
}
