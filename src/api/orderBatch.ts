/** Extension `POST /workrequests/batch`: the order queue, placed all or none (docs/API.md, "Orders"). */
import { requestRecord } from './client';
import { orderBatchResult, orderDuplicate, type OrderBatchInput, type OrderDuplicate } from './schema/orderBatch';
import * as z from 'zod/mini';

/** Places the batch (201), or with `dryRun` checks it and lists its duplicates (200, nothing stored). */
export async function placeOrderBatch(body: OrderBatchInput) {
  return (await requestRecord(orderBatchResult, 'POST', '/workrequests/batch', { body })).data;
}

const conflictDetails = z.object({ duplicates: z.array(orderDuplicate) });

/** The duplicates a 409 of the batch names (none when its details are not the batch's). */
export function duplicatesOfConflict(details: unknown): OrderDuplicate[] {
  const parsed = conflictDetails.safeParse(details);
  return parsed.success ? parsed.data.duplicates : [];
}
