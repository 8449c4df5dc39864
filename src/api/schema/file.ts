/** File (collection `Files`). */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';
import { embargoState } from './embargo';

export const file = doc({
  _id: id,
  studio: id,
  project: id,
  asset: id,
  name: z.string(),
  language: z.string(),
  country: z.string(),
  tags: z.array(z.string()),
  path: z.string(),
  verified: z.boolean(),
  embargo: doc({ event: z.boolean(), end: ts }),
  warnings: anyList,
  transfer: doc({ username: z.string() }),
  /** The stored content's own fields, as the spec's file-like thumbnail shows them (server-owned). */
  mime: z.string(),
  bucket: z.string(),
  chunkSize: z.int(),
  length: z.int(),
  md5: z.string(),
  uploadDate: ts,
  created: ts,
  $flags: anyList,
  $links: links('project', 'asset'),
  $transfer: doc({ downloaded: z.boolean() }),
  $embargo: embargoState,
});
export type File = z.infer<typeof file>;

/**
 * `$thumbnail` (extension, docs/API.md "Media") of an asset or a share's asset: its thumbnail file's id and a signed
 * link to the image.
 */
export const thumbnailLink = doc({ _id: id, path: z.string() });
export type ThumbnailLink = z.infer<typeof thumbnailLink>;
