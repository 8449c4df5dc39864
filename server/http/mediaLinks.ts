/**
 * The signed links of media (docs/API.md, "Media"): what the presenters put in records and the routes verify. The
 * signature is the credential (app.ts: SIGNED_FILE_PATH), so a link is made only for a record the caller may read.
 */
import type { LinkSigner } from '../domain/signing';
import { RECORD_ID } from '../storage/store';

export type PreviewPart = 'view' | 'peaks' | 'poster';

export const previewPath = (id: string, part: PreviewPart) => `/api/previews/${id}/${part}`;
export const contentPath = (fileId: string) => `/api/files/${fileId}/content`;

export const previewLink = (signer: LinkSigner, id: string, part: PreviewPart) =>
  signer.signStable(previewPath(id, part));
export const contentLink = (signer: LinkSigner, fileId: string) => signer.signStable(contentPath(fileId));

/** A link to a file's content, only for a thumbnail that names a file by a record id (anything else has none). */
export function thumbnailLink(signer: LinkSigner, fileId: unknown): string | undefined {
  return typeof fileId === 'string' && RECORD_ID.test(fileId) ? contentLink(signer, fileId) : undefined;
}

/**
 * `$thumbnail` (extension) of an asset or a share's asset: the thumbnail file's id and the signed link to its image,
 * so a page can show it without reading the file record. Nothing when the asset names no file (by a record id).
 */
export function thumbnailRef(signer: LinkSigner, thumbnail: unknown): { $thumbnail?: { _id: string; path: string } } {
  const path = thumbnailLink(signer, thumbnail);
  if (path === undefined || typeof thumbnail !== 'string') return {};
  return { $thumbnail: { _id: thumbnail, path } };
}
