/**
 * The signed links of media (docs/API.md, "Media"): what the presenters put in records and the routes verify. The
 * signature is the credential (app.ts: SIGNED_FILE_PATH), so a link is made only for a record the caller may read.
 */
import type { LinkSigner } from '../domain/signing';
import { RECORD_ID } from '../storage/store';

export type PreviewPart = 'view' | 'peaks' | 'poster';

export const previewPath = (id: string, part: PreviewPart) => `/api/previews/${id}/${part}`;
export const contentPath = (fileId: string) => `/api/files/${fileId}/content`;

/**
 * What a preview link's signature covers: its path, and the viewer it is bound to when that viewer must get a
 * watermark (docs/API.md, "Watermarks"), so the viewer cannot be changed without breaking the signature.
 */
export const previewSubject = (id: string, part: PreviewPart, viewer?: string) =>
  viewer === undefined ? previewPath(id, part) : `${previewPath(id, part)}?viewer=${encodeURIComponent(viewer)}`;

export function previewLink(signer: LinkSigner, id: string, part: PreviewPart, viewer?: string): string {
  const subject = previewSubject(id, part, viewer);
  const signed = signer.signStable(subject); // `${subject}?expires=…&sig=…`
  return viewer === undefined ? signed : `${subject}&${signed.slice(subject.length + 1)}`;
}
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
