/**
 * The order queue (docs/API.md, "Order queue"): several orders placed in one transaction, all or none. Every row
 * passes the checks of a single order (orders.ts `checkOrder`), its problems named by the row's index
 * (`orders.2.language`); the same asset, language and territory twice in one batch is refused; a row that repeats
 * an open or rejected order the caller can see is a duplicate, refused (409) unless the caller confirms
 * (`allowDuplicates`). A dry run makes the checks and finds the duplicates, storing nothing.
 */
import type { Stored, Transaction } from '../storage/store';
import type { NotificationBus } from './events';
import type { Caller, WorkRequestDoc } from './types';
import type { Grants } from './grants';
import type { OrderInput } from '../../src/api/schema/order';
import { DUPLICATE_STATUSES, type OrderBatchInput, type OrderDuplicate } from '../../src/api/schema/orderBatch';
import { DomainError, conflict, invalid } from './errors';
import { checkOrder, placeOrder } from './orders';
import { visibilityFilters } from './workRequests';

type Problem = { path: string; message: string };

/** How many existing orders a row names at most (one is enough to warn; a few help pick the right one). */
const DUPLICATES_PER_ROW = 5;

const rowPath = (index: number, path: string) => (path ? `orders.${index}.${path}` : `orders.${index}`);

/** A row's refusal as the batch's: its problems' paths under `orders.<index>`, a refusal's message naming the row. */
function rowProblems(index: number, error: unknown): Problem[] {
  if (!(error instanceof DomainError)) throw error;
  if (error.kind !== 'invalid')
    throw new DomainError(error.kind, `${rowPath(index, '')}: ${error.message}`, error.details);
  const details = Array.isArray(error.details) ? (error.details as Problem[]) : [{ path: '', message: error.message }];
  return details.map((p) => ({ path: rowPath(index, p.path), message: p.message }));
}

/** Rows that ask for the same asset, language and territory as an earlier row of the batch. */
function repeatedRows(orders: readonly OrderInput[]): Problem[] {
  const first = new Map<string, number>();
  return orders.flatMap((o, i) => {
    const key = JSON.stringify([o.asset, o.language, o.territory]);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, i);
      return [];
    }
    return [{ path: rowPath(i, ''), message: `the same asset, language and territory as orders.${earlier}` }];
  });
}

/** The open or rejected orders, visible to the caller, for a row's asset, language and territory. */
async function duplicatesOf(tx: Transaction, caller: Caller, order: OrderInput, index: number) {
  const found = await tx.list<WorkRequestDoc>('Workrequests', {
    filters: [
      ...visibilityFilters(caller),
      { field: 'asset', op: 'eq', value: order.asset },
      { field: 'language', op: 'eq', value: order.language },
      { field: 'territory', op: 'eq', value: order.territory },
      { field: 'status', op: 'in', value: [...DUPLICATE_STATUSES] },
    ],
    sort: { field: 'created', dir: 'desc' },
    offset: 0,
    limit: DUPLICATES_PER_ROW,
  });
  return found.items.map((wr): OrderDuplicate => ({
    index,
    workRequest: {
      _id: wr._id,
      status: wr.status ?? '',
      asset: typeof wr.asset?.name === 'string' ? wr.asset.name : order.asset,
      language: order.language,
      territory: order.territory,
    },
  }));
}

/**
 * Places the batch's orders in the caller's transaction (`tx`): all rows checked first (every row's problems in one
 * 400), then the duplicates (a 409 `conflict` whose `details.duplicates` names them, unless allowed), then each order
 * placed as `POST /workrequests` places one. A dry run answers the duplicates and places nothing.
 */
export async function placeOrders(
  tx: Transaction,
  bus: NotificationBus,
  caller: Caller,
  batch: OrderBatchInput,
  grants: Grants,
  now = Date.now(),
): Promise<{ placed: Stored<WorkRequestDoc>[]; duplicates: OrderDuplicate[] }> {
  const problems: Problem[] = [];
  for (const [i, order] of batch.orders.entries()) {
    try {
      await checkOrder(tx, caller, order, grants, now);
    } catch (error) {
      problems.push(...rowProblems(i, error));
    }
  }
  problems.push(...repeatedRows(batch.orders));
  if (problems.length) throw invalid(`${problems[0]!.path}: ${problems[0]!.message}`, problems);

  const duplicates = (await Promise.all(batch.orders.map((order, i) => duplicatesOf(tx, caller, order, i)))).flat();
  if (batch.dryRun) return { placed: [], duplicates };
  if (duplicates.length && !batch.allowDuplicates) {
    const rows = [...new Set(duplicates.map((d) => d.index))];
    throw conflict(
      `${rows.length === 1 ? 'orders.' + rows[0] + ' repeats' : `${rows.length} orders repeat`} an open or rejected order for the same asset, language and territory: confirm with allowDuplicates`,
      { duplicates },
    );
  }
  const placed: Stored<WorkRequestDoc>[] = [];
  for (const order of batch.orders) placed.push(await placeOrder(tx, bus, caller, order, grants, now));
  return { placed, duplicates };
}
