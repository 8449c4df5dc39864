/**
 * The signed links of media (docs/API.md, "Media"): what the presenters put in records and the routes verify. The
 * signature is the credential (app.ts: SIGNED_FILE_PATH); a link is made only for a record the caller may read, and
 * for the caller (domain/signing.ts): its use is checked against that person's access then (http/linkAccess.ts).
 */
import type { LinkSigner } from '../domain/signing';
import { RECORD_ID } from '../storage/store';

export type PreviewPart = 'view' | 'peaks' | 'poster';

/** Who links are made for, and with which signer: a PresentContext is one. */
export interface LinkIssuer {
  signer: LinkSigner;
  caller: { id: string };
}

export const previewPath = (id: string, part: PreviewPart) => `/api/previews/${id}/${part}`;
export const contentPath = (fileId: string) => `/api/files/${fileId}/content`;
export const offlinePath = (id: string) => `/api/offlines/${id}/download`;
/** A delivered file of an order (docs/API.md "Deliveries"). */
export const deliveryPath = (workRequest: string, fileId: string) =>
  `/api/workrequests/${workRequest}/deliveries/${fileId}/download`;
export type RenditionPart = 'thumbnail' | 'proxy';
/** What ingest made of an uploaded file (docs/API.md "Ingest"). */
export const renditionPath = (fileId: string, part: RenditionPart) => `/api/files/${fileId}/ingest/${part}`;

/** `variant`: what the link serves when that changes (a synthesised film's sound, then its picture). */
export const previewLink = (issuer: LinkIssuer, id: string, part: PreviewPart, variant?: string) =>
  issuer.signer.signStable(previewPath(id, part), { user: issuer.caller.id }, undefined, variant);
export const contentLink = (issuer: LinkIssuer, fileId: string) =>
  issuer.signer.signStable(contentPath(fileId), { user: issuer.caller.id });
export const renditionLink = (issuer: LinkIssuer, fileId: string, part: RenditionPart) =>
  issuer.signer.signStable(renditionPath(fileId, part), { user: issuer.caller.id });
/** An offline's download: a fresh issue each time it is asked for (not a media link a page shows again). */
export const offlineLink = (issuer: LinkIssuer, id: string) =>
  issuer.signer.sign(offlinePath(id), { user: issuer.caller.id });

/** A delivered file's download: a fresh issue each time the list is read, like an offline's. */
export const deliveryLink = (issuer: LinkIssuer, workRequest: string, fileId: string) =>
  issuer.signer.sign(deliveryPath(workRequest, fileId), { user: issuer.caller.id });

/**
 * A link to a file's content as an asset's thumbnail (its use `thumbnail`: not recorded as a download), only for a
 * thumbnail that names a file by a record id (anything else has none).
 */
export function thumbnailLink(issuer: LinkIssuer, fileId: unknown): string | undefined {
  return typeof fileId === 'string' && RECORD_ID.test(fileId)
    ? issuer.signer.signStable(contentPath(fileId), { user: issuer.caller.id, use: 'thumbnail' })
    : undefined;
}

/**
 * `$thumbnail` (extension) of an asset or a share's asset: the thumbnail file's id and the signed link to its image,
 * so a page can show it without reading the file record. Nothing when the asset names no file (by a record id).
 */
export function thumbnailRef(issuer: LinkIssuer, thumbnail: unknown): { $thumbnail?: { _id: string; path: string } } {
  const path = thumbnailLink(issuer, thumbnail);
  if (path === undefined || typeof thumbnail !== 'string') return {};
  return { $thumbnail: { _id: thumbnail, path } };
}
