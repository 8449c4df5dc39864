/**
 * `PUT /workrequests/{id}` checks an order's dates as placing one does (docs/API.md "Orders"): a changed due date in
 * the past, or a delivery deadline before the due date (either one changed), is a 400 naming the field, and
 * nothing is stored. Found while building the order editor: the PUT stored both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, type Account, type TestServer } from '../support/server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const DAY = 86_400;
const inDays = (n: number) => Math.floor(Date.now() / 1000) + n * DAY;
let server: TestServer;
let order: Rec;

beforeAll(async () => {
  server = await startServer();
  const sample = (
    await call(server, 'GET', '/api/workrequests', { as: PRIYA, headers: { 'X-Range': 'resources=0-0' } })
  ).body[0];
  const placed = await call(server, 'POST', '/api/workrequests', {
    body: {
      asset: sample.asset._id,
      language: sample.language,
      territory: sample.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: inDays(10), tz: 'Europe/Paris' },
      deliveryDeadline: { date: inDays(12), tz: 'Europe/Paris' },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  order = placed.body;
});

afterAll(async () => {
  await server?.stop();
});

describe('PUT /workrequests/{id}: the dates of an order', () => {
  it.each([
    ['a due date in the past', { due: { date: inDays(-1), tz: 'Europe/Paris' } }, 'due.date', /in the past/],
    [
      'a due date after the deadline',
      { due: { date: inDays(13), tz: 'Europe/Paris' } },
      'deliveryDeadline.date',
      /before the due date/,
    ],
    [
      'a deadline before the due date',
      { deliveryDeadline: { date: inDays(9), tz: 'Europe/Paris' } },
      'deliveryDeadline.date',
      /before the due date/,
    ],
  ])('%s: 400 naming the field, nothing stored', async (_, body, path, message) => {
    const res = await call(server, 'PUT', `/api/workrequests/${order._id}`, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message: expect.stringMatching(message) }]);
    const after = await call(server, 'GET', `/api/workrequests/${order._id}`);
    expect(after.body.history).toHaveLength(1);
    expect(after.body.due).toEqual(order.due);
    expect(after.body.deliveryDeadline).toEqual(order.deliveryDeadline);
  });

  it('both moved together in order, and an unchanged due date sent with another change, are fine', async () => {
    const both = await call(server, 'PUT', `/api/workrequests/${order._id}`, {
      body: { due: { date: inDays(13), tz: 'Europe/Paris' }, deliveryDeadline: { date: inDays(14), tz: 'UTC' } },
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const same = await call(server, 'PUT', `/api/workrequests/${order._id}`, {
      body: { due: both.body.due, instructions: 'Only the instructions change.' },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });
});
