/**
 * The bytes of a File made by an upload (its stored `content` is `upload:<id>`), as a source the signed content
 * link sends (http/mediaResponse.ts): its size and MD5 from the record (the MD5, checked at completion, is the strong
 * validator: no hashing at download), its type the stored `mime` (the server's, from the extension: uploadRules.ts).
 */
import type { Doc } from '../storage/store';
import type { MediaSource } from '../http/mediaResponse';
import type { BlobStore } from './blobStore';

const UPLOADED = /^upload:([0-9a-f]{24})$/;

export function uploadedContent(blobs: BlobStore, file: Doc): (MediaSource & { type: string }) | undefined {
  const id = typeof file.content === 'string' ? UPLOADED.exec(file.content)?.[1] : undefined;
  if (id === undefined) return undefined;
  const size = typeof file.length === 'number' ? file.length : 0;
  const md5 = typeof file.md5 === 'string' ? file.md5 : id;
  const uploaded = typeof file.uploadDate === 'number' ? file.uploadDate * 1000 : 0;
  return {
    size,
    mtimeMs: uploaded,
    etag: `"${md5}"`,
    type: typeof file.mime === 'string' ? file.mime : 'application/octet-stream',
    ...(typeof file.name === 'string' ? { filename: file.name } : {}),
    open: (start, end) => blobs.read(id, start, end),
  };
}
