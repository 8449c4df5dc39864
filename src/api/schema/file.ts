/** File (collection `Files`). */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';

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
  created: ts,
  $flags: anyList,
  $links: links('project', 'asset'),
  $transfer: doc({ downloaded: z.boolean() }),
});
export type File = z.infer<typeof file>;
