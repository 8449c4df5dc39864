/** Share (collection `Shares`): assets shared with people, with permissions. */
import * as z from 'zod/mini';
import { doc, id, ts, anyList, links } from './common';
import { permissionsBlock, feedbackBlock } from './computed';
import { permission } from './permission';
import { thumbnailLink } from './file';

export const shareUser = doc({
  _id: id,
  name: z.string(),
  emailNormal: z.string(),
  $links: links(),
  /** Extension: a newcomer this share invited who has not joined yet (its sender and admins read it). */
  $invitation: doc({ expires: ts, expired: z.boolean() }),
});

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

/**
 * A question a share asks its recipients about each asset (extension: the spec's `questions` list shows no element
 * shape; docs/API.md "Share feedback"): yes / no, one of `choices`, or free text.
 */
export const QUESTION_TYPES = ['yesno', 'choice', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const shareQuestion = z.looseObject({
  _id: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  type: z.enum(QUESTION_TYPES),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  choices: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
});
export type ShareQuestion = z.infer<typeof shareQuestion>;

/** A recipient's vote on a shared asset: likes it, does not, or would order a localized version. */
export const VOTES = ['up', 'down', 'order'] as const;
export type Vote = (typeof VOTES)[number];

/**
 * A recipient's feedback on one shared asset (`PUT /shares/{id}/feedback/{asset}`): each field given replaces theirs;
 * `null` clears it.
 */
export const shareFeedbackInput = z.object({
  vote: z.optional(z.nullable(z.enum(VOTES))),
  answers: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(40)), z.string().check(z.maxLength(2000)))),
  comment: z.optional(z.nullable(z.string().check(z.maxLength(5000)))),
});
export type ShareFeedbackInput = z.infer<typeof shareFeedbackInput>;

/** One recipient's stored feedback on one asset, as `GET /shares/{id}/feedback` lists it. */
export const shareFeedback = doc({
  _id: id,
  share: id,
  asset: id,
  user: id,
  userName: z.string(),
  territory: z.string(),
  territoryName: z.string(),
  studio: z.string(),
  project: z.string(),
  vote: z.enum(VOTES),
  answers: z.record(z.string(), z.string()),
  comment: z.string(),
  created: ts,
  updated: ts,
});
export type ShareFeedback = z.infer<typeof shareFeedback>;

export const share = doc({
  _id: id,
  from: shareUser,
  to: z.array(shareUser),
  groups: anyList,
  questions: z.array(shareQuestion).check(z.maxLength(20)),
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
  /** Extension: when the share ends (epoch seconds): afterwards it grants nothing and takes no feedback. */
  expires: ts,
  /** Extension: `active`, `expired`, `pending` or `feedback-closed` (docs/API.md "Share states"). */
  $state: z.string(),
  created: ts,
  $links: links('from'),
  permissions: z.array(permission),
});
export type Share = z.infer<typeof share>;
