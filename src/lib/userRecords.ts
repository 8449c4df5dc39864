/**
 * One user record, cached under one key that every feature reads and writes (docs/decisions/160-one-cache-entry-per-user.md):
 * the signed-in user's own record (the shell's user menu, what their role allows), the settings form and the
 * catalog's user dialog share `['users', 'detail', id]` (the keys: userRecordKeys.ts). A save anywhere puts the
 * server's answer there and into every cached list of users at once, so each place showing the user says the same
 * without a reload.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getUserRecord } from '../api/users';
import type { Checked } from '../api/parse';
import type { User } from '../api/schema/user';
import { userRecordKeys, type UserRecord } from './userRecordKeys';

export { userRecordFrom, type UserRecord } from './userRecordKeys';

export function userRecordOptions(id: string) {
  return queryOptions({
    queryKey: userRecordKeys.user(id),
    queryFn: async ({ signal }): Promise<UserRecord> => ({ ...(await getUserRecord(id, signal)), fromRead: true }),
  });
}

/** A user the server has just saved: the record it answered (`etag`, and `rawPreferences` when the save sent them whole). */
export interface SavedUser extends Checked<User> {
  etag?: string | undefined;
  rawPreferences?: Record<string, unknown> | undefined;
}

/**
 * A user record the server has just saved (settings, the catalog's dialog): its entry becomes the answer and every
 * cached list of users shows it at once; then the entry is read again where it is shown (for the raw preferences and
 * what the answer's schema leaves out) and the lists are marked stale (a search may now match or not).
 */
export async function userSaved(client: QueryClient, saved: SavedUser): Promise<void> {
  const id = saved.data._id;
  if (!id) return;
  const fromRead = saved.etag !== undefined && saved.rawPreferences !== undefined;
  client.setQueryData<UserRecord>(userRecordKeys.user(id), (old) => ({
    data: { ...old?.data, ...saved.data },
    problems: saved.problems,
    etag: saved.etag,
    rawPreferences: saved.rawPreferences ?? old?.rawPreferences,
    fromRead,
  }));
  patchUserLists(client, saved.data);
  await Promise.all([
    client.invalidateQueries({ queryKey: userRecordKeys.user(id), exact: true }),
    client.invalidateQueries({ queryKey: userRecordKeys.lists() }),
  ]);
}

/** A list's copy of `user`: the saved fields over what the list read (a list may read more, e.g. invitation codes). */
function patchItems(items: unknown, user: User): unknown {
  if (!Array.isArray(items)) return items;
  let changed = false;
  const next = items.map((item: unknown) => {
    const row = item as { ok?: boolean; data?: User } | null;
    if (row?.ok !== true || row.data?._id !== user._id) return item;
    changed = true;
    return { ...row, data: { ...row.data, ...user } };
  });
  return changed ? next : items;
}

/** One cached list's data (a page `{items}` or an infinite query's `{pages}`) with `user`'s rows replaced. */
function patchListData(data: unknown, user: User): unknown {
  if (data === null || typeof data !== 'object') return data;
  if ('pages' in data && Array.isArray(data.pages)) {
    const pages = data.pages.map((page: unknown) => patchListData(page, user));
    return pages.some((page, i) => page !== (data.pages as unknown[])[i]) ? { ...data, pages } : data;
  }
  if ('items' in data) {
    const items = patchItems(data.items, user);
    return items === data.items ? data : { ...data, items };
  }
  return data;
}

/** Every cached list of users shows `user` as saved (lists of other shapes, e.g. e-mail suggestions, are left). */
export function patchUserLists(client: QueryClient, user: User): void {
  if (!user._id) return;
  client.setQueriesData({ queryKey: userRecordKeys.lists() }, (data: unknown) => patchListData(data, user));
}
