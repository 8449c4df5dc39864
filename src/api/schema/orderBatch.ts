/**
 * The order queue's body and answer (docs/API.md, "Order queue"): `POST /workrequests/batch` places several orders in
 * one transaction (all or none), each row the body of `POST /workrequests`. A row that repeats an open or rejected
 * order for the same asset, language and territory is a duplicate: refused (409) unless `allowDuplicates`.
 */
import * as z from 'zod/mini';
import { orderInput } from './order';
import { DUPLICATE_STATUSES } from './workRequestStatuses';

export { DUPLICATE_STATUSES };

/** The most rows one batch places (a queue of 10 assets × 10 languages). */
export const ORDER_BATCH_MAX = 100;

export const orderBatchInput = z.object({
  orders: z.array(orderInput).check(z.minLength(1, 'expected at least one order'), z.maxLength(ORDER_BATCH_MAX)),
  /** Place the rows that repeat an existing order too (the person saw the warning and confirmed). */
  allowDuplicates: z.optional(z.boolean()),
  /** Run every check and find the duplicates, store nothing: 200 with the duplicates. */
  dryRun: z.optional(z.boolean()),
});
export type OrderBatchInput = z.infer<typeof orderBatchInput>;

/** An existing order a row repeats: the row's index and what names the order. */
export const orderDuplicate = z.object({
  index: z.int(),
  workRequest: z.object({
    _id: z.string(),
    status: z.string(),
    asset: z.string(),
    language: z.string(),
    territory: z.string(),
  }),
});
export type OrderDuplicate = z.infer<typeof orderDuplicate>;

/**
 * The answer: the placed work requests (none on a dry run; the app reads their ids), in the rows' order, and the
 * duplicates found. A 409's `details` carry `duplicates` the same way.
 */
export const orderBatchResult = z.object({
  items: z.array(z.object({ _id: z.string() })),
  duplicates: z.array(orderDuplicate),
});
export type OrderBatchResult = z.infer<typeof orderBatchResult>;
