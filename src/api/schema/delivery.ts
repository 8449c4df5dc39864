/**
 * Deliveries (docs/API.md "Deliveries"): an order's final files, by delivery format, kept in the work request's
 * `files` (the spec's list of `{name, files}`: `name` the format, "SRT", "ProRes 422 HQ"; `files` File ids). One
 * rule for the server (which enforces it) and the app (which offers only what it allows): who may attach, who may
 * download, and in which statuses files may be attached.
 */
import * as z from 'zod/mini';
import { materialFileIds } from './materials';

/** The statuses in which the order's files may be attached: while the work is done or reviewed, before "complete". */
export const DELIVERY_ATTACH_STATUSES: readonly string[] = ['in-progress', 'for-review', 'approved'];

/** The longest delivery format name, and the most files an order delivers (all formats together). */
export const DELIVERY_FORMAT_MAX = 80;
export const DELIVERY_FILES_MAX = 200;

/** POST /workrequests/{id}/deliveries: an uploaded File of the order attached as one format's file. */
export const deliveryInput = z.strictObject({
  format: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'format: required, the delivery format ("SRT", "ProRes 422 HQ")'),
      z.maxLength(DELIVERY_FORMAT_MAX, `format: at most ${DELIVERY_FORMAT_MAX} characters`),
      z.regex(/^[^\p{Cc}]*$/u, 'format: no control characters'),
    ),
  file: z.string().check(z.regex(/^[0-9a-f]{24}$/, 'file: the id of a File (24 hex digits)')),
});
export type DeliveryInput = z.infer<typeof deliveryInput>;

/** The longest reason for removing a delivered file. */
export const DELIVERY_REMOVAL_REASON_MAX = 2000;

/** DELETE /workrequests/{id}/deliveries/{file}?reason=…: why the file is taken back (kept in the history). */
export const deliveryRemovalQuery = z.object({
  reason: z
    .string({ error: 'reason: required, why the file is removed ("the wrong cut was attached")' })
    .check(
      z.trim(),
      z.minLength(1, 'reason: required, why the file is removed ("the wrong cut was attached")'),
      z.maxLength(DELIVERY_REMOVAL_REASON_MAX, `reason: at most ${DELIVERY_REMOVAL_REASON_MAX} characters`),
      z.regex(/^[^\p{Cc}]*$/u, 'reason: no control characters'),
    ),
});

/** One delivered file as GET /workrequests/{id}/deliveries lists it; `path` only for those who may download. */
export const deliveredFile = z.object({
  _id: z.string(),
  name: z.string(),
  length: z.optional(z.number()),
  md5: z.optional(z.string()),
  uploadDate: z.optional(z.number()),
  path: z.optional(z.string()),
  /** Whether the caller may remove this file from the deliveries (DELETE /workrequests/{id}/deliveries/{file}). */
  mayRemove: z.optional(z.boolean()),
});
export type DeliveredFile = z.infer<typeof deliveredFile>;

export const deliveryGroup = z.object({ name: z.string(), files: z.array(deliveredFile) });
export type DeliveryGroup = z.infer<typeof deliveryGroup>;

/**
 * The order the deliveries belong to, named for a reader who may not open the order itself (a recipient of another
 * studio): its asset's name, language, territory and status, and whether the caller may open the order's page.
 */
export const deliveryOrder = z.object({
  _id: z.string(),
  asset: z.optional(z.string()),
  language: z.optional(z.string()),
  territory: z.optional(z.string()),
  status: z.optional(z.string()),
  mayOpen: z.boolean(),
});
export type DeliveryOrder = z.infer<typeof deliveryOrder>;

/** The deliveries of an order and what the caller may do with them. */
export const deliveries = z.object({
  items: z.array(deliveryGroup),
  mayAttach: z.boolean(),
  mayDownload: z.boolean(),
  /** Whether the caller may remove delivered files (each file's own `mayRemove` says which). */
  mayRemove: z.optional(z.boolean()),
  workRequest: z.optional(deliveryOrder),
});
export type Deliveries = z.infer<typeof deliveries>;

/** What the rule reads of a work request's `files`. */
export interface DeliveryFiles {
  files?: readonly { name?: string; files?: readonly unknown[] }[] | null;
}

/** The File ids an order delivers, by format (entries stored as ids or as `{_id}`), formats without files left out. */
export function deliveredFileIds(wr: DeliveryFiles): { name: string; ids: string[] }[] {
  return (wr.files ?? []).flatMap((g) => {
    // The same entries as a material's files: ids or `{_id}`.
    const ids = materialFileIds(g);
    return typeof g.name === 'string' && ids.length ? [{ name: g.name, ids }] : [];
  });
}
