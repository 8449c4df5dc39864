/**
 * A download or view record (extension, docs/API.md "Downloads and views"): who used a signed link to what, when,
 * from where and how many bytes went out.
 */
import * as z from 'zod/mini';
import { doc, id, ts } from './common';

export const download = doc({
  _id: id,
  kind: z.enum(['download', 'view']),
  /** The person the link was made for. */
  user: doc({ _id: id, name: z.string() }),
  file: id,
  preview: id,
  offline: id,
  asset: id,
  project: id,
  studio: id,
  workRequest: id,
  /** The link's issue id. */
  link: z.string(),
  address: z.string(),
  userAgent: z.string(),
  bytes: z.int(),
  requests: z.int(),
  created: ts,
  last: ts,
});
export type Download = z.infer<typeof download>;
