/**
 * Notifications: query keys, the list per inbox view, unread counts (navigation and tabs), and the optimistic
 * marks (read / unread, mark all read, open). Optimistic updates follow cancel -> snapshot -> set -> roll back on
 * error -> recount on settle. Lists are only marked stale on settle (not refetched at once), so a row marked
 * read in "unread only" stays where it is until the next visit instead of jumping away under the keyboard.
 * The counts are asked again through one `Recount` per client (model/recount.ts): arrivals and writes end in the
 * server's count, one request per burst.
 */
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { isUnavailable, type ListPage } from '../../api/client';
import type { Notification } from '../../api/schema/notification';
import {
  listNotifications,
  markNotificationsRead,
  setNotificationFlags,
  type NotificationFilters,
} from '../../api/notifications';
import { countIncludes, matchesFilters } from './model/inbox';
import { pageAfterArrival, pagesWithArrival } from './model/arrivals';
import { Recount } from './model/recount';
import { serialPerKey } from '../../lib/serialPerKey';
import { useSparseList } from '../../lib/useSparseList';
import { workRecordKeys } from '../../lib/workRecordKeys';
import { inboxListFilters, PAGE_SIZE } from './listRequest';

export { PAGE_SIZE };

export const notificationKeys = {
  all: workRecordKeys.notifications,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filters: NotificationFilters) => [...notificationKeys.lists(), filters] as const,
  counts: workRecordKeys.notificationCounts,
  /** Unread count of some types; `all` for every type (the navigation's count). */
  count: (types: readonly string[] | undefined) => [...notificationKeys.counts(), types ? [...types] : 'all'] as const,
};

export type Pages = InfiniteData<ListPage<Notification>, number>;
export interface UnreadCount {
  count: number;
  /** True when the server sent no total and a full page came back ("50+"). */
  more: boolean;
}

export function notificationListOptions(filters: NotificationFilters) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      listNotifications(inboxListFilters(filters), { offset: pageParam, size: PAGE_SIZE, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<Notification>) => last.nextOffset,
  });
}

/** The inbox's list: any row reachable when the server says the total (lib/useSparseList.ts). */
export function useNotifications(filters: NotificationFilters) {
  return useSparseList(notificationListOptions(filters));
}

/**
 * Unread count of `types`: the total of `read=false` from Content-Range, asking for one item (`resources=0-0`).
 * A deployment that sends no Content-Range gets a page of 100 counted ("100+" when full).
 */
export function unreadCountOptions(types: readonly string[] | undefined) {
  return queryOptions({
    queryKey: notificationKeys.count(types),
    queryFn: async ({ signal }): Promise<UnreadCount> => {
      const first = await listNotifications(
        { read: false, type: types, summary: true },
        { offset: 0, size: 1, signal },
      );
      if (first.total !== undefined) return { count: first.total, more: false };
      const page = await listNotifications(
        { read: false, type: types, summary: true },
        { offset: 0, size: 100, signal },
      );
      return { count: page.items.length, more: page.nextOffset !== undefined };
    },
    // Kept fresh by the live connection (stream or polling), not by an interval of its own.
    staleTime: 60_000,
  });
}

/** The navigation's unread count (every type). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountOptions(undefined), enabled });
}

export function useTabUnreadCount(types: readonly string[] | undefined) {
  return useQuery(unreadCountOptions(types));
}

const recounts = new WeakMap<QueryClient, Recount>();

/** The unread counts' recount of `client` (model/recount.ts says when it asks): one per query client. */
export function unreadRecount(client: QueryClient): Recount {
  let recount = recounts.get(client);
  if (!recount) {
    recount = new Recount({ recount: () => client.invalidateQueries({ queryKey: notificationKeys.counts() }) });
    recounts.set(client, recount);
  }
  return recount;
}

// ---- cache edits -------------------------------------------------------------------------------------------

type Snapshot = [QueryKey, unknown][];
type NotificationPage = ListPage<Notification>;
/**
 * What a query under `notificationKeys.lists()` holds: a list's pages (its infinite query) or one page of it (a page
 * a jump fetched: `[...list key, 'page', index]`, lib/useSparseList.ts).
 */
type ListData = Pages | NotificationPage;

const isPages = (data: ListData): data is Pages => 'pages' in data;

function mapPage(page: NotificationPage, fn: (n: Notification) => Notification): NotificationPage {
  let changed = false;
  const items = page.items.map((item) => {
    if (!item.ok) return item;
    const next = fn(item.data);
    if (next === item.data) return item;
    changed = true;
    return { ...item, data: next };
  });
  return changed ? { ...page, items } : page;
}

/** `fn` applied to every notification a list query holds, in either shape; the same object when none changed. */
function mapList(data: ListData | undefined, fn: (n: Notification) => Notification): ListData | undefined {
  if (!data) return data;
  if (!isPages(data)) return mapPage(data, fn);
  const pages = data.pages.map((page) => mapPage(page, fn));
  return pages.some((page, i) => page !== data.pages[i]) ? { ...data, pages } : data;
}

/**
 * A write starts (its `settle` ends it): applies `fn` to every loaded notification of every list and adjusts the
 * unread counts by what changed. Answers the snapshot to roll back to.
 */
export async function applyOptimistic(client: QueryClient, fn: (n: Notification) => Notification): Promise<Snapshot> {
  unreadRecount(client).writeStarted();
  await client.cancelQueries({ queryKey: notificationKeys.all });
  const snapshot = client.getQueriesData({ queryKey: notificationKeys.all }) as Snapshot;
  const changes = new Map<string, { type: string | undefined; before: boolean; after: boolean }>();
  for (const [key, data] of client.getQueriesData<ListData>({ queryKey: notificationKeys.lists() })) {
    client.setQueryData<ListData>(
      key,
      mapList(data, (n) => {
        const next = fn(n);
        if (next !== n && n._id && !changes.has(n._id)) {
          changes.set(n._id, { type: n.type, before: n.read !== true, after: next.read !== true });
        }
        return next;
      }),
    );
  }
  for (const [key, data] of client.getQueriesData<UnreadCount>({ queryKey: notificationKeys.counts() })) {
    if (!data) continue;
    const scope = key[3];
    const types = Array.isArray(scope) ? (scope as string[]) : undefined;
    let delta = 0;
    for (const change of changes.values()) {
      if (countIncludes(types, change.type)) delta += Number(change.after) - Number(change.before);
    }
    if (delta !== 0) client.setQueryData<UnreadCount>(key, { ...data, count: Math.max(0, data.count + delta) });
  }
  return snapshot;
}

function rollback(client: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}

/** A write ended, done or failed: the counts are asked again (once no other write is pending). */
function settle(client: QueryClient): void {
  unreadRecount(client).writeEnded();
  void client.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: 'none' });
}

/**
 * A notification that arrived live: put it on top of every loaded list it belongs in (every row one place down:
 * model/arrivals.ts), then refresh the counts. The pages a jump fetched can no longer say their first row: they are
 * shifted at once and fetched again.
 */
export function addArrival(client: QueryClient, n: Notification): void {
  for (const [key, data] of client.getQueriesData<ListData>({ queryKey: notificationKeys.lists() })) {
    if (!data || !isPages(data) || data.pages.length === 0) continue;
    const filters = (key[2] ?? {}) as NotificationFilters;
    if (!matchesFilters(n, filters)) continue;
    if (data.pages.some((p) => p.items.some((item) => item.ok && item.data._id === n._id))) continue;
    client.setQueryData<Pages>(key, {
      ...data,
      pages: pagesWithArrival(data.pages, { ok: true, data: n, problems: [] }),
    });
    const jumped = { queryKey: [...key, 'page'] };
    for (const [pageKey, page] of client.getQueriesData<NotificationPage>(jumped)) {
      if (page) client.setQueryData<NotificationPage>(pageKey, pageAfterArrival(page));
    }
    void client.invalidateQueries(jumped);
  }
  unreadRecount(client).request();
}

/**
 * The live connection lost track of what happened (a resync after a gap, a poll that saw a change, an event it could
 * not read): every list is read again, and the counts through the recount, so never over a pending write of the
 * reader's own (its optimistic count would flash back for a moment) and once for a burst.
 */
export function refreshAfterGap(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: notificationKeys.lists() });
  unreadRecount(client).request();
}

/** Runs `fn` over `items` with at most `limit` at a time; answers how many failed and the first error. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  let failed = 0;
  let firstError: unknown;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failed += 1;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return { failed, firstError };
}

/** Some of several writes failed. */
export class PartialFailure extends Error {
  override readonly name = 'PartialFailure';
  constructor(
    readonly failed: number,
    readonly total: number,
    readonly firstError: unknown,
  ) {
    super(`${failed} of ${total} could not be changed${firstError instanceof Error ? `: ${firstError.message}` : '.'}`);
  }
}

// ---- mutations ---------------------------------------------------------------------------------------------

export interface SetReadInput {
  ids: readonly string[];
  read: boolean;
}

/** Marks notifications read (and viewed) or unread, one PUT each, optimistically. */
export function useSetRead() {
  return useMutation(setReadOptions(useQueryClient()));
}

/** useSetRead's mutation (tests run it with a MutationObserver). */
export function setReadOptions(client: QueryClient) {
  return mutationOptions({
    mutationFn: async ({ ids, read }: SetReadInput) => {
      const { failed, firstError } = await eachLimited(ids, 4, (id) =>
        serialPerKey(id, () => setNotificationFlags(id, read ? { read: true, viewed: true } : { read: false })),
      );
      if (failed > 0) throw new PartialFailure(failed, ids.length, firstError);
      return { count: ids.length };
    },
    onMutate: async ({ ids, read }) => {
      const set = new Set(ids);
      return applyOptimistic(client, (n) =>
        n._id && set.has(n._id) && (n.read === true) !== read ? { ...n, read, viewed: read ? true : n.viewed } : n,
      );
    },
    onError: (_error, _input, snapshot) => rollback(client, snapshot),
    onSettled: () => settle(client),
  });
}

export interface MarkAllInput {
  /** The current tab and filter (`read` is ignored: only unread ones change). */
  filters: NotificationFilters;
  /** The loaded unread ones of the view: the fallback marks these one by one when the extension is missing. */
  loadedUnreadIds: readonly string[];
}

/**
 * Marks everything of the current tab and filter read: the `POST /notifications/markRead` extension, or, where a
 * deployment lacks it (404), a PUT for each loaded unread notification of the view.
 */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ filters, loadedUnreadIds }: MarkAllInput) => {
      try {
        const { updated } = await markNotificationsRead({ q: filters.q, type: filters.type });
        return { updated, fallback: false };
      } catch (error) {
        if (!isUnavailable(error)) throw error;
      }
      const { failed, firstError } = await eachLimited(loadedUnreadIds, 4, (id) =>
        serialPerKey(id, () => setNotificationFlags(id, { read: true, viewed: true })),
      );
      if (failed > 0) throw new PartialFailure(failed, loadedUnreadIds.length, firstError);
      return { updated: loadedUnreadIds.length, fallback: true };
    },
    onMutate: async ({ filters }) => {
      const scope: NotificationFilters = { q: filters.q, type: filters.type };
      const snapshot = await applyOptimistic(client, (n) =>
        n.read !== true && matchesFilters(n, scope) ? { ...n, read: true, viewed: true } : n,
      );
      // Without a search, every count within the marked types drops to zero (not only by what is loaded).
      if (!filters.q) {
        for (const [key, data] of client.getQueriesData<UnreadCount>({ queryKey: notificationKeys.counts() })) {
          const types = Array.isArray(key[3]) ? (key[3] as string[]) : undefined;
          const within =
            filters.type === undefined || (types !== undefined && types.every((t) => filters.type!.includes(t)));
          if (data && within) client.setQueryData<UnreadCount>(key, { count: 0, more: false });
        }
      }
      return snapshot;
    },
    onError: (_error, _input, snapshot) => rollback(client, snapshot),
    onSettled: () => settle(client),
  });
}

/** Opening one: marks it read and viewed (PUT), which answers the full record. */
export function useOpenNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await serialPerKey(id, () => setNotificationFlags(id, { read: true, viewed: true }))).data,
    onMutate: async (id) =>
      applyOptimistic(client, (n) =>
        n._id === id && (n.read !== true || n.viewed !== true) ? { ...n, read: true, viewed: true } : n,
      ),
    onError: (_error, _id, snapshot) => rollback(client, snapshot),
    onSettled: () => settle(client),
  });
}
