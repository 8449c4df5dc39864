/**
 * The order queue's model (docs/API.md, "Order queue" in the app): several assets × several language/territory
 * pairs sharing one draft of the wizard's fields (what to localize, uses, due date, instructions…), each row with an
 * optional due date of its own, and rows taken out. `expandQueue` lays out the rows; `queueBatch` checks them with the
 * wizard's own checks (draft.ts) and builds the body of `POST /workrequests/batch`; `rowErrorsFromServer` puts a
 * 400's `orders.<index>.<field>` problems back on their rows.
 */
import type { OrderInput } from '../../../api/schema/order';
import {
  checkStep,
  fieldErrorsFromServer,
  toOrderInput,
  type CheckContext,
  type FieldErrors,
  type OrderDraft,
  type ServerProblem,
  type Step,
} from './draft';

/** An asset in the queue, with its name for the rows. */
export interface QueueAsset {
  id: string;
  name: string;
}

/** A language (code) and a territory (name) every queued asset is ordered in. */
export interface QueuePair {
  language: string;
  territory: string;
  /** The territory's own time zone, when one is known (docs/API.md "Order queue": local due times). */
  zone?: string | undefined;
}

/** A row's own due date, when it differs from the shared one. */
export interface DueOverride {
  dueDate: string;
  dueTime: string;
}

export interface OrderQueue {
  project: string;
  assets: QueueAsset[];
  pairs: QueuePair[];
  /** The fields every row shares (its asset, language and territory are the row's). */
  shared: OrderDraft;
  /** Per row key: its own due date. */
  overrides: Record<string, DueOverride>;
  /** The row keys taken out of the product. */
  removed: string[];
  /**
   * Whether each row is due at the shared date and time in its territory's own zone (a pair without one: the shared
   * zone), or every row at the same instant in the shared zone. Absent (a queue kept before): true.
   */
  localTimes?: boolean;
}

export interface QueueRow {
  key: string;
  asset: QueueAsset;
  language: string;
  territory: string;
  /** The due date this row is placed with (its own, else the shared one). */
  dueDate: string;
  dueTime: string;
  /** The zone its due date and deadline are in. */
  zone: string;
  overridden: boolean;
}

/** The steps of the wizard whose fields the queue shares. */
export const SHARED_STEPS: readonly Step[] = ['localize', 'uses', 'due', 'instructions'];

export const rowKey = (asset: string, pair: QueuePair) => `${asset}|${pair.language}|${pair.territory}`;

/** Whether a pair is in the list already (the same language and territory). */
export const hasPair = (pairs: readonly QueuePair[], pair: QueuePair) =>
  pairs.some((p) => p.language === pair.language && p.territory === pair.territory);

/** The rows: every asset × every pair, asset by asset, the removed left out; each with its due date. */
export function expandQueue(queue: OrderQueue): QueueRow[] {
  const removed = new Set(queue.removed);
  const local = queue.localTimes !== false;
  return queue.assets.flatMap((asset) =>
    queue.pairs.flatMap((pair) => {
      const key = rowKey(asset.id, pair);
      if (removed.has(key)) return [];
      const own = queue.overrides[key];
      return [
        {
          key,
          asset,
          language: pair.language,
          territory: pair.territory,
          dueDate: own?.dueDate ?? queue.shared.dueDate,
          dueTime: own?.dueTime ?? queue.shared.dueTime,
          zone: local && pair.zone ? pair.zone : queue.shared.zone,
          overridden: own !== undefined,
        },
      ];
    }),
  );
}

/** The draft one row is placed from: the shared fields with the row's asset, language, territory and due date. */
export function rowDraft(queue: OrderQueue, row: QueueRow): OrderDraft {
  return {
    ...queue.shared,
    asset: row.asset.id,
    language: row.language,
    territory: row.territory,
    dueDate: row.dueDate,
    dueTime: row.dueTime,
    zone: row.zone,
  };
}

export interface QueueCheck {
  rows: QueueRow[];
  /** The bodies, in the rows' order, when every row passes; else undefined. */
  orders: OrderInput[] | undefined;
  /** The shared fields' messages (at the shared fields). */
  shared: FieldErrors;
  /** Per row key: that row's messages (its due date). */
  byRow: Record<string, FieldErrors>;
  /** What keeps the queue from being placed as a whole (no asset, no pair, every row removed). */
  empty: string | undefined;
}

/** Checks the queue with the wizard's checks and builds the batch's orders. */
export function queueBatch(queue: OrderQueue, ctx: CheckContext): QueueCheck {
  const rows = expandQueue(queue);
  const shared: FieldErrors = Object.assign(
    {},
    ...SHARED_STEPS.filter((s) => s !== 'due').map((s) => checkStep(s, queue.shared, ctx)),
  ) as FieldErrors;
  const empty = !queue.assets.length
    ? 'Choose at least one asset.'
    : !queue.pairs.length
      ? 'Add at least one language and territory.'
      : !rows.length
        ? 'Every row is taken out: add one back or choose other assets or languages.'
        : undefined;
  const byRow: Record<string, FieldErrors> = {};
  const orders: OrderInput[] = [];
  for (const row of rows) {
    const draft = rowDraft(queue, row);
    const due = checkStep('due', draft, ctx);
    if (Object.keys(due).length) {
      // A due date wrong for every row is the shared field's; one a row overrides is that row's.
      if (row.overridden) byRow[row.key] = due;
      else Object.assign(shared, due);
      continue;
    }
    const body = toOrderInput(draft, ctx);
    if (body) orders.push(body);
  }
  const ok = !empty && !Object.keys(shared).length && !Object.keys(byRow).length && orders.length === rows.length;
  return { rows, orders: ok ? orders : undefined, shared, byRow, empty };
}

/**
 * A 400 of the batch at the rows: `orders.<i>.<path>` on row i (in the wizard's words for its field); a problem
 * without an index is the queue's.
 */
export function rowErrorsFromServer(
  rows: readonly QueueRow[],
  problems: readonly ServerProblem[],
): { byRow: Record<string, FieldErrors>; other: string[] } {
  const byRow: Record<string, FieldErrors> = {};
  const other: string[] = [];
  for (const p of problems) {
    const m = /^orders\.(\d+)(?:\.(.*))?$/.exec(p.path);
    const row = m ? rows[Number(m[1])] : undefined;
    if (!row) {
      other.push(p.message);
      continue;
    }
    const errors = fieldErrorsFromServer([{ path: m![2] ?? '', message: p.message }], true);
    byRow[row.key] = { ...byRow[row.key], ...errors };
  }
  return { byRow, other };
}
