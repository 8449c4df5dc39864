/** One cache entry per user: a save puts the answer in the entry and in every cached list of users at once. */
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../api/client';
import type { AdminUser } from '../api/schema/user';
import { userRecordFrom, userSaved, type UserRecord } from './userRecords';
import { userRecordKeys } from './userRecordKeys';

const page = (users: AdminUser[]): ListPage<AdminUser> => ({
  items: users.map((data) => ({ ok: true, data, problems: [] })),
  offset: 0,
  total: users.length,
  nextOffset: undefined,
});

function clientWith() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const me = { _id: 'u1', name: 'Ann Before', emailNormal: 'ann@example.com' };
  const other = { _id: 'u2', name: 'Bo' };
  client.setQueryData(userRecordKeys.user('u1'), {
    ...userRecordFrom(me),
    etag: '"v1"',
    rawPreferences: { mail: { x: 1 } },
    fromRead: true,
  });
  const listKey = [...userRecordKeys.lists(), 'catalog', ''];
  client.setQueryData<InfiniteData<ListPage<AdminUser>, number>>(listKey, {
    pages: [page([other, { ...me, inviteCode: 'kept' }])],
    pageParams: [0],
  });
  const pageKey = [...listKey, 'page', 3];
  client.setQueryData(pageKey, page([{ ...me }]));
  return { client, listKey, pageKey };
}

describe('userSaved', () => {
  it("puts the saved record in the user's entry and in every cached list's rows, keeping what a list read more", async () => {
    const { client, listKey, pageKey } = clientWith();
    await userSaved(client, { data: { _id: 'u1', name: 'Ann After' }, problems: [], etag: '"v2"' });
    const entry = client.getQueryData<UserRecord>(userRecordKeys.user('u1'));
    expect(entry).toMatchObject({
      data: { _id: 'u1', name: 'Ann After', emailNormal: 'ann@example.com' },
      etag: '"v2"',
      rawPreferences: { mail: { x: 1 } },
      // A copy from the save's answer, not a read: the settings form reads it again before editing it.
      fromRead: false,
    });
    const list = client.getQueryData<InfiniteData<ListPage<AdminUser>, number>>(listKey);
    expect(list?.pages[0]?.items.map((i) => (i.ok ? i.data.name : undefined))).toEqual(['Bo', 'Ann After']);
    expect(list?.pages[0]?.items[1]).toMatchObject({ data: { inviteCode: 'kept' } });
    expect(client.getQueryData<ListPage<AdminUser>>(pageKey)?.items[0]).toMatchObject({ data: { name: 'Ann After' } });
    // Marked stale, to be read again where they are shown.
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(userRecordKeys.user('u1'))?.isInvalidated).toBe(true);
  });

  it('a save that sent the whole preferences with an ETag is as good as a read', async () => {
    const { client } = clientWith();
    const rawPreferences = { mail: { x: 2 } };
    await userSaved(client, { data: { _id: 'u1', name: 'Ann' }, problems: [], etag: '"v3"', rawPreferences });
    expect(client.getQueryData<UserRecord>(userRecordKeys.user('u1'))).toMatchObject({
      rawPreferences,
      fromRead: true,
    });
  });

  it("leaves other users' rows and entries as they were", async () => {
    const { client, listKey } = clientWith();
    const before = client.getQueryData<InfiniteData<ListPage<AdminUser>, number>>(listKey)?.pages[0]?.items[0];
    await userSaved(client, { data: { _id: 'u1', name: 'Ann After' }, problems: [] });
    expect(client.getQueryData<InfiniteData<ListPage<AdminUser>, number>>(listKey)?.pages[0]?.items[0]).toBe(before);
    expect(client.getQueryData(userRecordKeys.user('u2'))).toBeUndefined();
  });
});
