/** Preview (collection `Previews`). `path` is a time-limited signed URL. */
import { z } from 'zod';
import { doc, id, ts, links } from './common';

export const preview = doc({
  _id: id,
  asset: id,
  project: id,
  studio: id,
  revision: z.string().max(100),
  label: z.string().max(200),
  created: ts,
  path: z.string(),
  $links: links('asset', 'project', 'studio'),
});
export type Preview = z.infer<typeof preview>;
