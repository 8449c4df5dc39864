/**
 * What a coordinator weighs when choosing whom to assign (docs/API.md "Assignable people"): for one person, the
 * orders assigned to them that the caller may see — open now, due within the week, on the order's project — and the
 * languages of their most recent ones. Counted in the store (indexed on the assignee), never by reading every order.
 */
import { OPEN_STATUSES } from '../../src/api/schema/workRequestStatuses';
import type { Filter, StoreOps } from '../storage/store';
import type { Caller } from './types';
import { visibilityFilters } from './workRequests';

/** How many recent orders name a person's languages. */
const RECENT_ORDERS = 50;
const WEEK_SECONDS = 7 * 86_400;

export interface AssigneeWork {
  /** Open orders assigned to them. */
  open: number;
  /** Of those, due before a week from now (overdue ones too). */
  dueThisWeek: number;
  /** Orders of `project` they have had (any status); absent when no project was asked about. */
  onProject?: number;
  /** The languages of their recent orders, most orders first. */
  languages: { code: string; orders: number }[];
}

export async function assigneeWork(
  store: StoreOps,
  caller: Caller,
  person: string,
  options: { project?: string | undefined; nowSeconds: number },
): Promise<AssigneeWork> {
  const theirs: Filter[] = [...visibilityFilters(caller), { field: 'assignee', op: 'eq', value: person }];
  const open: Filter[] = [...theirs, { field: 'status', op: 'in', value: [...OPEN_STATUSES] }];
  const [openCount, dueThisWeek, onProject, recent] = await Promise.all([
    store.count('Workrequests', open),
    store.count('Workrequests', [...open, { field: 'due', op: 'lt', value: options.nowSeconds + WEEK_SECONDS }]),
    options.project
      ? store.count('Workrequests', [...theirs, { field: 'project', op: 'eq', value: options.project }])
      : undefined,
    store.list<{ _id: string; created: number; language?: string }>('Workrequests', {
      filters: theirs,
      sort: { field: 'created', dir: 'desc' },
      offset: 0,
      limit: RECENT_ORDERS,
      // Only `language` is read: the long parts of an order stay in the database.
      omit: ['history', 'instructions', 'materials', 'uses', 'files', 'shippingAddresses', 'estimate'],
    }),
  ]);
  const tally = new Map<string, number>();
  for (const wr of recent.items) if (wr.language) tally.set(wr.language, (tally.get(wr.language) ?? 0) + 1);
  const languages = [...tally]
    .map(([code, orders]) => ({ code, orders }))
    .sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code));
  return { open: openCount, dueThisWeek, ...(onProject === undefined ? {} : { onProject }), languages };
}
