/** Preview (collection `Previews`). `path` is a time-limited signed URL. */
import * as z from 'zod/mini';
import { doc, id, ts, links } from './common';

export const preview = doc({
  _id: id,
  asset: id,
  project: id,
  studio: id,
  revision: z.string().check(z.maxLength(100)),
  label: z.string().check(z.maxLength(200)),
  created: ts,
  path: z.string(),
  /** As the asset's summary of the preview shows them; `cdn` is an extension (docs/API.md). */
  language: z.string(),
  type: z.string(),
  cdn: doc({ domain: z.string(), path: z.string(), key: z.string() }),
  /** Extension (docs/API.md, "Media"): what `path` plays, and the signed link of its waveform peaks. */
  media: doc({
    mime: z.string(),
    duration: z.number(),
    width: z.number(),
    height: z.number(),
    frameRate: z.number(),
    peaks: z.string(),
  }),
  $links: links('asset', 'project', 'studio'),
});
export type Preview = z.infer<typeof preview>;
