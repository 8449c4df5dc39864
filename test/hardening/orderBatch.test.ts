/**
 * The order queue under abuse (docs/API.md, "Orders": `POST /workrequests/batch`): a batch beyond its bound or of the
 * wrong shape is a 400 and stores nothing; a dry run is no oracle — a requester learns of no order they cannot see
 * (the duplicates are searched within the caller's scope), while the studio's coordinator is warned of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type TestServer } from '../support/server';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;
const PRIYA = ROLE_ACCOUNTS.client;

let row: Rec;

const total = async () =>
  Number(
    /\/(\d+)$/.exec(
      (await call(server, 'GET', '/api/workrequests', { headers: { 'X-Range': 'resources=0-0' } })).headers.get(
        'content-range',
      ) ?? '',
    )?.[1],
  );

beforeAll(async () => {
  server = await startServer();
  const own = (await call(server, 'GET', '/api/workrequests', { as: PRIYA, headers: { 'X-Range': 'resources=0-0' } }))
    .body[0];
  const all = (await call(server, 'GET', '/api/workrequests', { headers: { 'X-Range': 'resources=0-499' } }))
    .body as Rec[];
  const langs = (await call(server, 'GET', '/api/languages', { headers: { 'X-Range': 'resources=0-199' } }))
    .body as Rec[];
  const taken = new Set(all.filter((w) => w.asset?._id === own.asset._id).map((w) => `${w.language}|${w.territory}`));
  const language = langs.map((l) => l.code as string).find((c) => !taken.has(`${c}|${own.territory}`));
  expect(language).toBeDefined();
  row = {
    asset: own.asset._id,
    language,
    territory: own.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    due: { date: Math.floor(Date.now() / 1000) + 10 * 86_400, tz: 'UTC' },
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /workrequests/batch under abuse', () => {
  it('more rows than the bound, or rows of the wrong shape: 400 naming them, nothing stored', async () => {
    const before = await total();
    const many = await call(server, 'POST', '/api/workrequests/batch', {
      as: DEMO.coordinator,
      body: { orders: Array.from({ length: 101 }, () => row) },
    });
    expect(many.status).toBe(400);
    expect(many.body.error.details[0].path).toBe('orders');
    for (const body of [
      { orders: row },
      { orders: [null] },
      { orders: [row], dryRun: 'yes' },
      { orders: [row], x: 1 },
    ]) {
      const res = await call(server, 'POST', '/api/workrequests/batch', { as: DEMO.coordinator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await total()).toBe(before);
  });

  it('a dry run tells a requester of no order they cannot see; the coordinator is warned of it', async () => {
    const placed = await call(server, 'POST', '/api/workrequests', { as: DEMO.coordinator, body: row });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // The coordinator's order is not the requester's to see.
    expect((await call(server, 'GET', `/api/workrequests/${placed.body._id}`, { as: PRIYA })).status).toBe(404);
    const asRequester = await call(server, 'POST', '/api/workrequests/batch', {
      as: PRIYA,
      body: { orders: [row], dryRun: true },
    });
    expect(asRequester.status, JSON.stringify(asRequester.body)).toBe(200);
    expect(asRequester.body.duplicates).toEqual([]);
    const asCoordinator = await call(server, 'POST', '/api/workrequests/batch', {
      as: DEMO.coordinator,
      body: { orders: [row], dryRun: true },
    });
    expect(asCoordinator.body.duplicates.map((d: Rec) => d.workRequest._id)).toEqual([placed.body._id]);
  });
});
