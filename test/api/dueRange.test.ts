/**
 * The list's due-date range (docs/API.md, "Dashboard"): `dueFrom` inclusive, `dueTo` exclusive, epoch seconds, on
 * the indexed `due`, with the other filters and the caller's scope; totals in Content-Range for `X-Range: 0-0`;
 * bad values are a 400 in the error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

// Far in the future, so no demo record is due in these ranges: 2090-01-01T00:00:00Z.
const T = 3_786_912_000;
const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
const list = (query: string, as: Account = DEMO.admin) =>
  call(server, 'GET', `/api/workrequests?${query}`, { as, headers: { 'X-Range': 'resources=0-99' } });
const count = async (query: string, as: Account = DEMO.admin) =>
  totalOf(await call(server, 'GET', `/api/workrequests?${query}`, { as, headers: { 'X-Range': 'resources=0-0' } }));

const placed: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  const [sample] = (
    await call(server, 'GET', '/api/workrequests', { as: DEMO.coordinator, headers: { 'X-Range': 'resources=0-0' } })
  ).body as Rec[];
  const order = (due: number, status?: string) => ({
    asset: sample!.asset._id,
    language: sample!.language,
    territory: sample!.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    due: { date: due, tz: 'Europe/Paris' },
    ...(status ? { status, reason: 'Draft for the range test' } : {}),
  });
  for (const [name, due, status] of [
    ['atStart', T, undefined],
    ['inside', T + 3600, undefined],
    ['draftInside', T + 7200, 'incomplete'],
    ['atEnd', T + 86_400, undefined],
  ] as const) {
    const res = await call(server, 'POST', '/api/workrequests', { body: order(due, status) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    placed[name] = res.body._id as string;
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /workrequests?dueFrom&dueTo', () => {
  it('dueFrom is inclusive and dueTo exclusive; the total says the same as the rows', async () => {
    const day = await list(`dueFrom=${T}&dueTo=${T + 86_400}&sort=due`);
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(day.body.map((w: Rec) => w._id)).toEqual([placed.atStart, placed.inside, placed.draftInside]);
    expect(totalOf(day)).toBe(3);
    expect(await count(`dueFrom=${T + 1}&dueTo=${T + 86_400}`)).toBe(2);
    expect(await count(`dueFrom=${T}&dueTo=${T + 86_401}`)).toBe(4);
  });

  it('either end alone is an open range', async () => {
    expect(await count(`dueFrom=${T + 3600}`)).toBe(3);
    // Every demo record is due before 2090: all but the four placed here.
    expect((await count(`dueTo=${T}`)) + 4).toBe(await count(''));
    const rows = await list(`dueTo=${T + 3600}&sort=-due`);
    expect(rows.body[0]._id).toBe(placed.atStart);
    expect(rows.body.every((w: Rec) => w.due.date < T + 3600)).toBe(true);
  });

  it('combines with status and the caller’s scope', async () => {
    const open = 'status=incomplete,submitted,awaiting-materials,in-progress,for-review';
    expect(await count(`${open}&dueFrom=${T}&dueTo=${T + 86_400}`)).toBe(3);
    expect(await count(`status=incomplete&dueFrom=${T}&dueTo=${T + 86_400}`)).toBe(1);
    expect(await count(`assignee=none&dueFrom=${T}`)).toBe(4);
    // The orders are of a studio the demo coordinator runs; a requester sees only the orders they placed.
    expect(await count(`dueFrom=${T}`, DEMO.coordinator)).toBe(4);
    expect(await count(`dueFrom=${T}`, PRIYA)).toBe(0);
  });

  it.each([
    ['dueFrom=soon', 'dueFrom'],
    ['dueFrom=-5', 'dueFrom'],
    ['dueFrom=1.5', 'dueFrom'],
    ['dueTo=1e9', 'dueTo'],
    ['dueTo=99999999999999999999', 'dueTo'],
    [`dueFrom=${T}&dueTo=${T}`, 'dueTo'],
    [`dueFrom=${T + 1}&dueTo=${T}`, 'dueTo'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBeTruthy();
    expect(res.body.error.message).toMatch(new RegExp(`^${field}: `));
  });
});
