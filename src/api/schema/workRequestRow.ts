/**
 * What a work-request list reads of each record: the fields its columns show (model/listRow.ts in the
 * work-requests feature keeps exactly these). Lists parse with it rather than the whole record: a first page
 * of 50 full records cost about 60 ms of validation on a cold start, most of it on fields no row shows.
 *
 * Its own module so the list route loads neither the full record's schema (workflow, history, translations…)
 * nor its code. The full record (workRequest.ts) is built from the same field sets, so each field has one type.
 */
import * as z from 'zod/mini';
import { anyList, doc, id, selfLinks, ts, userSummary, zonedDate } from './common';

export { CLOSED_STATUSES, OPEN_STATUSES, WORK_REQUEST_STATUSES, type WorkRequestStatus } from './workRequestStatuses';

/** File-like thumbnail embedded in a work request's asset. */
export const thumbnail = doc({
  _id: id,
  verified: z.boolean(),
  embargo: doc({ event: z.boolean() }),
  warnings: anyList,
  mime: z.string(),
  bucket: z.string(),
  tags: anyList,
  chunkSize: z.int(),
  length: z.int(),
  md5: z.string(),
  uploadDate: ts,
  /** Signed link to the image (extension, docs/API.md "Media"). */
  path: z.string(),
  $links: selfLinks,
});
export type Thumbnail = z.infer<typeof thumbnail>;

/** The work request's own fields a row shows. */
export const rowFields = {
  _id: id,
  status: z.string(),
  language: z.string(),
  territory: z.string(),
  assetType: z.string(),
  due: zonedDate,
  /** When the localized files are to be delivered (the CSV export's column). */
  deliveryDeadline: zonedDate,
  created: ts,
  /** The studio the order is for: with the translators, what the workflow's roles are read from (bulk actions). */
  studio: id,
};
/** The embedded asset's fields a row shows. */
export const rowAssetFields = { _id: id, name: z.string(), type: z.string(), mediaType: z.string(), thumbnail };
/** The embedded project's fields a row shows. */
export const rowProjectFields = { _id: id, name: z.string() };

/** The embedded translation's fields a row shows: its translator (the assignee: docs/API.md "Orders"). */
export const rowTranslation = doc({ translator: z.pick(userSummary, { _id: true, name: true, emailNormal: true }) });

export const workRequestRow = doc({
  ...rowFields,
  asset: doc(rowAssetFields),
  project: doc(rowProjectFields),
  from: z.pick(userSummary, { _id: true, name: true, emailNormal: true, groups: true }),
  translation: rowTranslation,
  graphicsTranslation: rowTranslation,
});
export type WorkRequestRow = z.infer<typeof workRequestRow>;
