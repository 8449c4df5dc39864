/**
 * Offline (collection `Offlines`): a work request's offline — the localized video a vendor uploads for review —
 * with its time-limited download. Beyond the spec's fields (extension, docs/API.md "Offlines: files and review"):
 * the uploaded `file` it is, its `kind` (the dialogue or the graphics version), and the coordinator's verdict
 * (`review`, `approval`, `rejections`).
 */
import * as z from 'zod/mini';
import { doc, id, ts, selfLinks } from './common';

/** Which version of the localized video an offline is: its dialogue (the default) or its graphics. */
export const OFFLINE_KINDS = ['dialogue', 'graphics'] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

/** Where an offline's review stands: waiting for the coordinator, approved, or rejected (with a reason). */
export const OFFLINE_REVIEWS = ['pending', 'approved', 'rejected'] as const;
export type OfflineReview = (typeof OFFLINE_REVIEWS)[number];

const verdictBy = doc({ date: ts, user: doc({ _id: id, name: z.string() }), reason: z.string() });

export const offline = doc({
  _id: id,
  workRequest: id,
  from: id,
  project: id,
  asset: id,
  path: z.string(),
  created: ts,
  file: id,
  name: z.string(),
  kind: z.enum(OFFLINE_KINDS),
  review: z.enum(OFFLINE_REVIEWS),
  approval: z.nullable(verdictBy),
  rejections: z.array(verdictBy),
  $links: selfLinks,
});
export type Offline = z.infer<typeof offline>;

/** The coordinator's verdict on an offline (POST /offlines/{id}/review): a rejection says why. */
export const offlineVerdict = z
  .object({
    verdict: z.enum(['approved', 'rejected']),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  })
  .check(
    z.refine((v) => v.verdict === 'approved' || (v.reason ?? '') !== '', {
      message: 'reason: required when rejecting: say what to fix',
      path: ['reason'],
    }),
  );
export type OfflineVerdict = z.infer<typeof offlineVerdict>;
