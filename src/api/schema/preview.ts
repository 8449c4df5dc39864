/** Preview (collection `Previews`). `path` is a time-limited signed URL. */
import * as z from 'zod/mini';
import { doc, id, ts, links } from './common';
import { embargoState } from './embargo';

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
  /**
   * The media this server holds for the preview (extension, docs/API.md "Media"): `path` serves its bytes; `peaks`
   * and `poster` are signed links. Absent when the server has none.
   */
  media: doc({
    mime: z.string(),
    duration: z.number(),
    width: z.int(),
    height: z.int(),
    frameRate: z.number(),
    peaks: z.string(),
    poster: z.string(),
    /** Seconds: the shot changes the server found in a picture it made (docs/decisions/218). */
    shotChanges: z.array(z.number()),
    /**
     * A picture is on its way for media served as sound now (the server is making it, or this viewer's watermarked
     * copy of it: docs/API.md "Media"); absent otherwise.
     */
    picturePending: z.boolean(),
  }),
  $links: links('asset', 'project', 'studio'),
  $embargo: embargoState,
});
export type Preview = z.infer<typeof preview>;
