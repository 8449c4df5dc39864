/**
 * A large fan-out (domain/events.ts): the event's own transaction tells the first batch, the job queue the rest,
 * batch by batch, each person once — also when a batch's job runs again after it was done (a crash before the queue
 * heard it finish).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import { FAN_OUT_TASK, configureFanOut, createNotificationBus, fanOutHandlers, recordEvent } from './events';
import type { Doc } from '../storage/store';

const BATCH = 2;
let store: SqliteStore;

afterEach(async () => {
  configureFanOut(500);
  await store.close();
});

async function people(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await store.insert('Users', { name: `P${i}`, preferences: {} })).doc._id);
  return ids;
}

async function notificationsOf(event: string): Promise<Doc[]> {
  const page = await store.list('Notifications', { offset: 0, limit: 100 });
  return page.items.filter((n) => (n.event as { _id?: string })._id === event);
}

describe('a large fan-out', () => {
  it('tells the first batch at once and the rest from the queue, each person once', async () => {
    store = new SqliteStore(':memory:');
    configureFanOut(BATCH);
    const bus = createNotificationBus();
    const heard: string[] = [];
    const users = await people(5);
    for (const u of users) bus.subscribe(u, (n) => heard.push(String(n.to)));
    const event = { type: 'wr-comment', from: { _id: users[0] } };
    const now = Math.floor(Date.now() / 1000);
    const first = await store.transaction((tx) => recordEvent(tx, bus, event, users, 'A comment', now));
    expect(first.map((n) => n.to)).toEqual(users.slice(0, BATCH));
    const eventId = (first[0]!.event as { _id: string })._id;
    expect((await store.get('Events', eventId))!.doc.fanOut).toEqual({ total: 5, done: BATCH });
    // The embedded event names its recipient, not the fan-out's progress.
    expect(first[0]!.event).not.toHaveProperty('fanOut');

    const runner = await store.runJobs(fanOutHandlers(store, bus), { concurrency: 1 });
    try {
      await expect.poll(async () => (await notificationsOf(eventId)).length, { timeout: 10_000 }).toBe(5);
    } finally {
      await runner.stop();
    }
    const told = (await notificationsOf(eventId)).map((n) => String(n.to)).sort();
    expect(told).toEqual([...users].sort());
    expect([...heard].sort()).toEqual([...users].sort());
    expect((await store.get('Events', eventId))!.doc.fanOut).toEqual({ total: 5, done: 5 });

    // A batch's job run again once it was done tells no one twice.
    const handler = fanOutHandlers(store, bus)[FAN_OUT_TASK];
    await handler({ event: eventId, title: 'A comment', now, offset: BATCH, users: users.slice(BATCH) });
    expect(await notificationsOf(eventId)).toHaveLength(5);
  });

  it("a fan-out within one batch is told in the event's own transaction, with no job and no progress", async () => {
    store = new SqliteStore(':memory:');
    configureFanOut(BATCH);
    const users = await people(2);
    const created = await store.transaction((tx) =>
      recordEvent(tx, createNotificationBus(), { type: 'wr-comment', from: { _id: users[0] } }, users, 'T', 1),
    );
    expect(created).toHaveLength(2);
    const eventId = (created[0]!.event as { _id: string })._id;
    expect((await store.get('Events', eventId))!.doc).not.toHaveProperty('fanOut');
    expect((await store.listJobs()).filter((j) => j.task === FAN_OUT_TASK)).toEqual([]);
  });
});
