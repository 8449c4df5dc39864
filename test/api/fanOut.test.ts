/**
 * A large fan-out is told in batches (docs/API.md "Notifications"): with a batch of one, an order's comment reaches
 * its requester and its studio's coordinators each once, the first in the comment's own transaction and the rest from
 * the job queue, on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type TestServer, type Account } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ FAN_OUT_BATCH: '1' });
}, 120_000);
afterAll(async () => server?.stop());

/** The wr-comment notifications `as` got about `order` since `since` (epoch seconds). */
async function toldAbout(as: Account, order: string, since: number): Promise<number> {
  const res = await call(server, 'GET', '/api/notifications?type=wr-comment', {
    as,
    headers: { 'X-Range': 'resources=0-199' },
  });
  expect(res.status).toBe(200);
  return (res.body as { added: number; event: { workRequest?: { _id: string } } }[]).filter(
    (n) => n.event.workRequest?._id === order && n.added >= since,
  ).length;
}

describe('fan-out in batches', () => {
  it("tells every recipient of a comment once, beyond the event's own batch too", async () => {
    const mine = await call(server, 'GET', '/api/workrequests?status=in-progress', {
      as: ROLE_ACCOUNTS.client,
      headers: { 'X-Range': 'resources=0-0' },
    });
    const order = (mine.body as { _id: string }[])[0]!._id;
    const since = Math.floor(Date.now() / 1000);
    const posted = await call(server, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: order, body: 'Told in batches' },
    });
    expect(posted.status).toBe(200);
    for (const who of [ROLE_ACCOUNTS.client, DEMO.coordinator]) {
      await expect.poll(() => toldAbout(who, order, since), { timeout: 15_000 }).toBe(1);
    }
    // No second notification arrives later (the queue's batches are done once).
    await expect.poll(() => toldAbout(DEMO.coordinator, order, since)).toBe(1);
  });
});
