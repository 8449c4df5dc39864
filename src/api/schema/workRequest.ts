/** Work request (collection `Workrequests`) with its embedded project, asset, thumbnail and workflow definition. */
import { z } from 'zod';
import { doc, id, ts, strings, anyList, links, selfLinks, userSummary, zonedDate } from './common';
import { workRequestUsage } from './usage';
import { embeddedTranslation } from './translation';

/** Statuses this project uses (the spec shows only `awaiting-materials` and `incomplete`; docs/API.md). */
export const WORK_REQUEST_STATUSES = [
  'incomplete', 'submitted', 'awaiting-materials', 'in-progress', 'for-review',
  'approved', 'rejected', 'complete', 'cancelled',
] as const;
export type WorkRequestStatus = (typeof WORK_REQUEST_STATUSES)[number];

export const WORKFLOW_PHASES = ['WIP', 'LOCK', 'FINAL'] as const;

/** The recipient keys a work request's `recipients` object uses. */
export const RECIPIENT_KEYS = [
  'Broadcast', 'Dcp', 'Streamingfile', 'Online', 'Theatrical', 'Cmyk', 'Rgb',
  '2D Scope', '2D Flat', '2D Combo', '3D Flat', '3D Scope', '3D Combo',
] as const;

/** File-like thumbnail embedded in a work request's asset. */
export const thumbnail = doc({
  _id: id,
  verified: z.boolean(),
  embargo: doc({ event: z.boolean() }),
  warnings: anyList,
  mime: z.string(),
  bucket: z.string(),
  tags: anyList,
  chunkSize: z.number().int(),
  length: z.number().int(),
  md5: z.string(),
  uploadDate: ts,
  $links: selfLinks,
});
export type Thumbnail = z.infer<typeof thumbnail>;

const phase = doc({
  groups: z.array(doc({ id: z.string(), dng: strings, usages: anyList })),
  users: anyList,
  terminal: z.boolean(),
});

export const workflow = doc({
  id: z.string(),
  phase: z.string(),
  definition: doc({ phases: doc({ WIP: phase, LOCK: phase, FINAL: phase }) }),
  requireGraphicsApproval: z.boolean(),
  requireOfflineApproval: z.boolean(),
});
export type Workflow = z.infer<typeof workflow>;

export const embeddedProject = doc({
  _id: id, name: z.string(), slug: z.string(), studio: id, logo: id, $links: selfLinks,
});

export const embeddedAsset = doc({
  _id: id,
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  mediaType: z.string(),
  thumbnail,
  transcription: doc({ graphics: id, dialogue: id }),
  project: id,
  studio: id,
  creative: z.boolean(),
  aspectRatio: z.string(),
  usage: workRequestUsage,
  workflow,
});
export type EmbeddedAsset = z.infer<typeof embeddedAsset>;

export const historyEntry = doc({
  date: ts,
  user: userSummary,
  status: z.string(),
  reason: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const dng = doc({ dialogue: strings, graphics: strings, narration: strings });
export const uses = doc({
  items: strings,
  details: z.record(z.string(), z.array(doc({ value: z.string(), ship: z.boolean() }))),
});
export const workRequestUrls = doc({ view: z.string(), manage: z.string(), invite: z.string(), translate: z.string() });

/** The fields shared by the full work request and the subset embedded in an event. */
const workRequestCore = {
  _id: id,
  studio: id,
  assetType: z.string(),
  assetCategory: z.string(),
  auto: z.boolean(),
  autosubs: z.boolean(),
  dualLanguages: z.boolean(),
  autoMode: z.boolean(),
  aspectRatio: z.string(),
  due: zonedDate,
  deliveryDeadline: zonedDate,
  language: z.string(),
  territory: z.string(),
  dng,
  uses,
  dcp: doc({ items: anyList, details: anyList }),
  instructions: z.string(),
  reason: z.string(),
  status: z.string(),
  history: z.array(historyEntry),
  shippingAddresses: anyList,
  estimate: doc({ base: z.string(), applied: z.string() }),
  urls: workRequestUrls,
  tags: anyList,
  rejections: anyList,
  files: z.array(doc({ name: z.string(), files: anyList })),
  materials: z.array(doc({ name: z.string(), complete: z.boolean(), approved: z.boolean(), files: anyList })),
  audioFile: z.string().nullable(),
  created: ts,
};

export const workRequest = doc({
  ...workRequestCore,
  project: embeddedProject,
  asset: embeddedAsset,
  from: userSummary,
  $statuses: strings,
  recipients: z.record(z.string(), anyList),
  translation: embeddedTranslation,
  graphicsTranslation: embeddedTranslation,
  encodes: anyList,
  offlines: anyList,
  graphicsAutomationJobs: anyList,
  $links: links('project', 'asset', 'from', 'graphicsTranslation', 'translation'),
});
export type WorkRequest = z.infer<typeof workRequest>;

/**
 * What a work-request list reads of each record: the fields its columns show (model/listRow.ts in the
 * work-requests feature keeps exactly these). Lists parse with it rather than the whole record: a first page
 * of 50 full records cost about 60 ms of validation on a cold start, most of it on fields no row shows.
 */
export const workRequestRow = workRequest.pick({
  _id: true, status: true, language: true, territory: true, assetType: true, due: true, created: true,
}).extend({
  asset: embeddedAsset.pick({ _id: true, name: true, type: true, mediaType: true, thumbnail: true }).optional(),
  project: embeddedProject.pick({ _id: true, name: true }).optional(),
  from: userSummary.pick({ _id: true, name: true, emailNormal: true, groups: true }).optional(),
});
export type WorkRequestRow = z.infer<typeof workRequestRow>;

/** The work request subset embedded in an event: related records by id, recipients as a plain list. */
export const eventWorkRequest = doc({
  ...workRequestCore,
  project: id,
  asset: id,
  from: id,
  recipients: anyList,
  translation: id,
  graphicsTranslation: id,
});
export type EventWorkRequest = z.infer<typeof eventWorkRequest>;

/** Body of the status change extension `PUT /workrequests/{id}`. */
export const statusChange = z.object({
  status: z.enum(WORK_REQUEST_STATUSES),
  reason: z.string().trim().min(1, 'a reason is required').max(2000),
});
export type StatusChange = z.infer<typeof statusChange>;
