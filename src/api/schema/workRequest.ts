/** Work request (collection `Workrequests`) with its embedded project, asset, thumbnail and workflow definition. */
import * as z from 'zod/mini';
import { doc, id, ts, strings, anyList, links, selfLinks, userSummary } from './common';
import { workRequestUsage } from './usage';
import { embeddedTranslation } from './translation';
import { rowAssetFields, rowFields, rowProjectFields, WORK_REQUEST_STATUSES } from './workRequestRow';

export { thumbnail, WORK_REQUEST_STATUSES, workRequestRow } from './workRequestRow';
export type { Thumbnail, WorkRequestRow, WorkRequestStatus } from './workRequestRow';

export const WORKFLOW_PHASES = ['WIP', 'LOCK', 'FINAL'] as const;

/** The recipient keys a work request's `recipients` object uses. */
export const RECIPIENT_KEYS = [
  'Broadcast',
  'Dcp',
  'Streamingfile',
  'Online',
  'Theatrical',
  'Cmyk',
  'Rgb',
  '2D Scope',
  '2D Flat',
  '2D Combo',
  '3D Flat',
  '3D Scope',
  '3D Combo',
] as const;

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
  ...rowProjectFields,
  slug: z.string(),
  studio: id,
  logo: id,
  $links: selfLinks,
});

export const embeddedAsset = doc({
  ...rowAssetFields,
  slug: z.string(),
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
  /** Extension (docs/API.md "Verdicts"): the review notes a send back or rejection asks to address. */
  notes: z.array(id),
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
  ...rowFields,
  assetCategory: z.string(),
  auto: z.boolean(),
  autosubs: z.boolean(),
  dualLanguages: z.boolean(),
  autoMode: z.boolean(),
  aspectRatio: z.string(),
  dng,
  uses,
  dcp: doc({ items: anyList, details: anyList }),
  instructions: z.string(),
  /** Extension: the delivery specification the order names (docs/API.md "Delivery specifications"). */
  spec: id,
  reason: z.string(),
  history: z.array(historyEntry),
  shippingAddresses: anyList,
  estimate: doc({ base: z.string(), applied: z.string() }),
  urls: workRequestUrls,
  tags: anyList,
  rejections: anyList,
  files: z.array(doc({ name: z.string(), files: anyList })),
  materials: z.array(doc({ name: z.string(), complete: z.boolean(), approved: z.boolean(), files: anyList })),
  audioFile: z.nullable(z.string()),
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
  reason: z.string().check(z.trim(), z.minLength(1, 'a reason is required'), z.maxLength(2000)),
});
export type StatusChange = z.infer<typeof statusChange>;
