/**
 * The count extensions (docs/API.md, "Counts in one request"): `GET /workrequests/dueCounts` answers a calendar's
 * day counts in one request, `GET /assets/counts` the asset counts of a page of projects. Each count is what the
 * list it stands for totals (the same filters, the same scope: nobody counts what they cannot see); bad input is a
 * 400 in the error shape that names the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type Account, type Role, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const ACCOUNTS: Record<Role, Account> = ROLE_ACCOUNTS;
const ROLES = Object.keys(ACCOUNTS) as Role[];
const OPEN = 'status=incomplete,submitted,awaiting-materials,in-progress,for-review';
const DAY = 86_400;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
const listTotal = async (path: string, as: Account) =>
  totalOf(await call(server, 'GET', path, { as, headers: { 'X-Range': 'resources=0-0' } }));

/** 42 days of UTC midnights around the demo's due dates (from 3 weeks ago), as the calendar sends them. */
let bounds: number[] = [];
let projects: Rec[] = [];

beforeAll(async () => {
  server = await startServer();
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  bounds = Array.from({ length: 43 }, (_, i) => today - 21 * DAY + i * DAY);
  projects = (await call(server, 'GET', '/api/projects', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-99' } }))
    .body as Rec[];
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /workrequests/dueCounts', () => {
  it.each(ROLES)('answers each day what the list totals for that day, as %s', async (who) => {
    const as = ACCOUNTS[who];
    const res = await call(server, 'GET', `/api/workrequests/dueCounts?${OPEN}&bounds=${bounds.join(',')}`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counts).toHaveLength(42);
    const perDay = await Promise.all(
      bounds.slice(1).map((to, i) => listTotal(`/api/workrequests?${OPEN}&dueFrom=${bounds[i]}&dueTo=${to}`, as)),
    );
    expect(res.body.counts).toEqual(perDay);
  });

  it('counts something in the demo for the coordinator, and nothing the client may not see', async () => {
    const counts = async (as: Account) =>
      (await call(server, 'GET', `/api/workrequests/dueCounts?bounds=${bounds.join(',')}`, { as })).body
        .counts as number[];
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const all = sum(await counts(DEMO.admin));
    expect(all).toBeGreaterThan(0);
    expect(sum(await counts(ACCOUNTS.client))).toBeLessThan(all);
  });

  it('combines with the list’s other filters', async () => {
    const q = `status=in-progress&assignee=none&bounds=${bounds.join(',')}`;
    const res = await call(server, 'GET', `/api/workrequests/dueCounts?${q}`, { as: DEMO.admin });
    const perDay = await Promise.all(
      bounds
        .slice(1)
        .map((to, i) =>
          listTotal(`/api/workrequests?status=in-progress&assignee=none&dueFrom=${bounds[i]}&dueTo=${to}`, DEMO.admin),
        ),
    );
    expect(res.body.counts).toEqual(perDay);
  });

  it('counts an order placed since (a cached answer is voided by the write)', async () => {
    const T = 3_786_912_000; // 2090-01-01T00:00:00Z: nothing of the demo is due then
    const ask = async () =>
      (await call(server, 'GET', `/api/workrequests/dueCounts?bounds=${T},${T + DAY},${T + 2 * DAY}`)).body.counts;
    expect(await ask()).toEqual([0, 0]);
    const [sample] = (
      await call(server, 'GET', '/api/workrequests', { as: DEMO.coordinator, headers: { 'X-Range': 'resources=0-0' } })
    ).body as Rec[];
    const placed = await call(server, 'POST', '/api/workrequests', {
      body: {
        asset: sample!.asset._id,
        language: sample!.language,
        territory: sample!.territory,
        dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
        due: { date: T + DAY + 60, tz: 'Europe/Paris' },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await ask()).toEqual([0, 1]);
  });

  it('asks for credentials like the list', async () => {
    const res = await call(server, 'GET', `/api/workrequests/dueCounts?bounds=1,2`, { as: null });
    expect(res.status).toBe(401);
  });

  it.each([
    ['no bounds', ''],
    ['one boundary', 'bounds=1767225600'],
    ['too many days', `bounds=${Array.from({ length: 44 }, (_, i) => 1767225600 + i * DAY).join(',')}`],
    ['unordered boundaries', 'bounds=1767312000,1767225600'],
    ['a repeated boundary', 'bounds=1767225600,1767225600'],
    ['a non-date', 'bounds=1767225600,tomorrow'],
    ['a fraction', 'bounds=1767225600,1767312000.5'],
    ['a negative', 'bounds=-5,1767312000'],
  ])('refuses %s with a 400 naming bounds', async (_what, query) => {
    const res = await call(server, 'GET', `/api/workrequests/dueCounts?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toMatch(/^bounds: /);
    expect(res.body.error.details[0].path).toBe('bounds');
  });

  it('refuses a bad filter as the list does', async () => {
    const res = await call(server, 'GET', `/api/workrequests/dueCounts?status=soon&bounds=1,2`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^status: /);
  });
});

describe('GET /assets/counts', () => {
  it.each(ROLES)('answers each project what countByProject totals, as %s', async (who) => {
    const as = ACCOUNTS[who];
    const ids = projects.map((p) => p._id as string);
    const res = await call(server, 'GET', `/api/assets/counts?project=${ids.join(',')}`, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = Object.fromEntries(
      await Promise.all(ids.map(async (id) => [id, await listTotal(`/api/assets/countByProject?project=${id}`, as)])),
    );
    expect(res.body.counts).toEqual(expected);
  });

  it('counts the demo’s assets for the admin, and a project out of a coordinator’s studios as 0', async () => {
    const ids = projects.map((p) => p._id as string);
    const admin = (await call(server, 'GET', `/api/assets/counts?project=${ids.join(',')}`, { as: DEMO.admin })).body
      .counts as Record<string, number>;
    expect(Object.values(admin).some((n) => n > 0)).toBe(true);
    const sam = (await call(server, 'GET', `/api/assets/counts?project=${ids.join(',')}`, { as: ACCOUNTS.sam })).body
      .counts as Record<string, number>;
    const outside = projects.find((p) => sam[p._id] === 0 && admin[p._id]! > 0);
    expect(outside, 'a project of Northlight with assets, counted 0 for Sam').toBeDefined();
  });

  it('answers an unknown project 0, as countByProject does', async () => {
    const res = await call(server, 'GET', `/api/assets/counts?project=${'0'.repeat(24)}`);
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ ['0'.repeat(24)]: 0 });
  });

  it.each([
    ['no project', ''],
    ['an id of another shape', 'project=not-an-id'],
    [
      'over 100 projects',
      `project=${Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',')}`,
    ],
  ])('refuses %s with a 400 naming project', async (_what, query) => {
    const res = await call(server, 'GET', `/api/assets/counts?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^project: /);
    expect(res.body.error.details[0].path).toBe('project');
  });
});
