/** Offline (collection `Offlines`): a time-limited download of a work request's offline file. */
import * as z from 'zod/mini';
import { doc, id, ts, selfLinks } from './common';

export const offline = doc({
  _id: id,
  workRequest: id,
  from: id,
  project: id,
  asset: id,
  path: z.string(),
  created: ts,
  $links: selfLinks,
});
export type Offline = z.infer<typeof offline>;
