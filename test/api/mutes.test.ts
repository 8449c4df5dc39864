/**
 * Muted projects (docs/API.md "Mail"): a user who muted an event's project gets no notification of it (and so no
 * mail); the same event on a project they did not mute still reaches them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => server?.stop());

interface Order {
  _id: string;
  project: { _id: string };
}

async function coordinatorNotificationsAbout(workRequest: string): Promise<number> {
  const res = await call(server, 'GET', '/api/notifications?type=wr-comment', {
    as: DEMO.coordinator,
    headers: { 'X-Range': 'resources=0-199' },
  });
  expect(res.status).toBe(200);
  return (res.body as { event: { workRequest: { _id: string } } }[]).filter(
    (n) => n.event.workRequest._id === workRequest,
  ).length;
}

describe('muted projects', () => {
  it('a comment on a muted project makes no notification; one on another project does', async () => {
    const orders = (
      await call(server, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=0-49' },
      })
    ).body as Order[];
    const muted = orders[0]!;
    const other = orders.find((o) => o.project._id !== muted.project._id)!;
    expect(other).toBeDefined();
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.coordinator })).body;
    const preferences = { ...me.preferences, blacklist: { projects: [muted.project._id] } };
    const put = await call(server, 'PUT', `/api/users/${me._id}`, { as: DEMO.coordinator, body: { preferences } });
    expect(put.status).toBe(200);

    const before = [await coordinatorNotificationsAbout(muted._id), await coordinatorNotificationsAbout(other._id)];
    for (const order of [muted, other]) {
      const posted = await call(server, 'POST', '/api/comments', {
        as: DEMO.admin,
        body: { workRequest: order._id, body: 'Who hears this?' },
      });
      expect(posted.status).toBe(200);
    }
    expect(await coordinatorNotificationsAbout(muted._id)).toBe(before[0]);
    expect(await coordinatorNotificationsAbout(other._id)).toBe(before[1]! + 1);
  });
});
