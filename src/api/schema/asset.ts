/** Asset (collection `Assets`) and its embedded previews. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';
import { assetUsage } from './usage';
import { permissionsBlock, feedbackBlock } from './computed';
import { thumbnailLink } from './file';

export const assetPreview = doc({
  _id: id,
  asset: id,
  created: ts,
  label: z.string(),
  language: z.string(),
  project: id,
  revision: z.string(),
  studio: id,
  type: z.string(),
  cdn: doc({ domain: z.string(), path: z.string(), key: z.string() }),
});

export const asset = doc({
  _id: id,
  studio: id,
  project: id,
  name: z.string().check(z.maxLength(500)),
  usage: assetUsage,
  importName: z.string(),
  slug: z.string(),
  type: z.string(),
  thumbnail: id,
  verified: z.boolean(),
  previews: z.array(assetPreview),
  created: ts,
  mediaType: z.string(),
  creative: z.boolean(),
  /** The asset's transcriptions by track (docs/API.md, "Translations"): as the work request's embedded asset shows. */
  transcription: doc({ graphics: id, dialogue: id }),
  $links: links('thumbnail', 'project', 'studio', 'type'),
  $thumbnail: thumbnailLink,
  $flags: anyList,
  $permissions: permissionsBlock,
  $embargo: z.boolean(),
  /** Extension (docs/API.md "Embargoes"): when the last of its files under embargo lifts; absent when one waits for an admin. */
  $embargoUntil: ts,
  $feedback: feedbackBlock,
});
export type Asset = z.infer<typeof asset>;
