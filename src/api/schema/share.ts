/** Share (collection `Shares`): assets shared with people, with permissions. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';
import { permissionsBlock, feedbackBlock } from './computed';
import { permission } from './permission';
import { thumbnailLink } from './file';

export const shareUser = doc({ _id: id, name: z.string(), emailNormal: z.string(), $links: links() });

export const shareAsset = doc({
  _id: id,
  project: id,
  studio: id,
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  length: z.int(),
  thumbnail: id,
  created: ts,
  mediaType: z.string(),
  creative: z.boolean(),
  $links: links('project', 'studio', 'type', 'thumbnail'),
  $thumbnail: thumbnailLink,
  $permissions: permissionsBlock,
  $feedback: feedbackBlock,
});
export type ShareAsset = z.infer<typeof shareAsset>;

export const share = doc({
  _id: id,
  from: shareUser,
  to: z.array(shareUser),
  groups: anyList,
  questions: anyList,
  assets: z.array(shareAsset),
  assetsCount: z.int(),
  assetCategory: z.string(),
  projectNames: z.array(z.string()),
  tags: z.array(z.array(z.string())),
  /** `playlist`, `invite`, plus one URL per shared asset id. */
  urls: z.record(z.string(), z.string()),
  approved: z.boolean(),
  notes: z.string().check(z.maxLength(20000)),
  feedback: doc({ enabled: z.boolean() }),
  created: ts,
  $links: links('from'),
  permissions: z.array(permission),
});
export type Share = z.infer<typeof share>;
