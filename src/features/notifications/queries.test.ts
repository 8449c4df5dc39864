/**
 * The inbox's cache edits with a list that holds pages of a jump (lib/useSparseList.ts): those pages live under the
 * list's key as single pages, beside its infinite query's pages; marking and live arrivals must handle both.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../api/client';
import type { Notification } from '../../api/schema/notification';
import { addArrival, applyOptimistic, notificationKeys, refreshAfterGap, unreadRecount, type Pages } from './queries';

const note = (id: string, read = false): Notification => ({ _id: id, type: 'wr-status', read });
const page = (offset: number, ids: string[], total: number): ListPage<Notification> => ({
  offset,
  items: ids.map((id) => ({ ok: true, data: note(id), problems: [] })),
  total,
  nextOffset: offset + ids.length < total ? offset + ids.length : undefined,
});
const idsOf = (p: ListPage<Notification> | undefined) => p?.items.map((i) => (i.ok ? i.data._id : '?'));

function clientWithJump() {
  const client = new QueryClient();
  const list = notificationKeys.list({});
  client.setQueryData<Pages>(list, { pages: [page(0, ['a', 'b'], 10)], pageParams: [0] });
  client.setQueryData<ListPage<Notification>>([...list, 'page', 3], page(6, ['g', 'h'], 10));
  return { client, list, jumped: [...list, 'page', 3] };
}

describe('marking with a page of a jump cached', () => {
  it('marks the rows of the infinite query and of the jumped page alike', async () => {
    const { client, list, jumped } = clientWithJump();
    await applyOptimistic(client, (n) => (n._id === 'b' || n._id === 'g' ? { ...n, read: true } : n));
    const pages = client.getQueryData<Pages>(list)!;
    expect(pages.pages[0]!.items.map((i) => i.ok && i.data.read)).toEqual([false, true]);
    const jump = client.getQueryData<ListPage<Notification>>(jumped)!;
    expect(jump.items.map((i) => i.ok && i.data.read)).toEqual([true, false]);
  });
});

describe('a live arrival with a page of a jump cached', () => {
  it('goes on top, moves the jumped page one row down and fetches it again', () => {
    const { client, list, jumped } = clientWithJump();
    addArrival(client, note('new'));
    const pages = client.getQueryData<Pages>(list)!;
    expect(idsOf(pages.pages[0])).toEqual(['new', 'a']);
    expect(pages.pages[0]!.total).toBe(11);
    const jump = client.getQueryData<ListPage<Notification>>(jumped)!;
    expect(jump.offset).toBe(7);
    expect(idsOf(jump)).toEqual(['g']);
    expect(client.getQueryState(jumped)!.isInvalidated).toBe(true);
    // The infinite query itself is not fetched again: its rows moved exactly.
    expect(client.getQueryState(list)!.isInvalidated).toBe(false);
  });

  it('leaves a list the arrival does not match alone', () => {
    const { client } = clientWithJump();
    const embargoes = notificationKeys.list({ type: ['embargo'] });
    client.setQueryData<Pages>(embargoes, { pages: [page(0, ['e'], 1)], pageParams: [0] });
    addArrival(client, note('new'));
    expect(idsOf(client.getQueryData<Pages>(embargoes)!.pages[0])).toEqual(['e']);
  });
});

describe('the live connection lost track (resync, poll, unreadable event)', () => {
  it("reads the lists again, and the counts only once the reader's own pending write has ended", async () => {
    const { client, list } = clientWithJump();
    const count = notificationKeys.count(undefined);
    client.setQueryData(count, { count: 2, more: false });
    await applyOptimistic(client, (n) => (n._id === 'a' ? { ...n, read: true } : n)); // the write starts
    expect(client.getQueryData(count)).toEqual({ count: 1, more: false });

    refreshAfterGap(client);
    expect(client.getQueryState(list)!.isInvalidated).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The optimistic count stays: a count read now could be from before the write reached the server.
    expect(client.getQueryState(count)!.isInvalidated).toBe(false);
    expect(client.getQueryData(count)).toEqual({ count: 1, more: false });

    unreadRecount(client).writeEnded(); // the write's end: now the counts are asked again
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryState(count)!.isInvalidated).toBe(true);
  });
});
