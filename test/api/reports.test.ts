/**
 * The reports (docs/API.md "Reports"), against the demo set on either store: every figure is checked against the
 * same figure computed here, in plain code, from the stored work requests by the documented definitions (placed in
 * the range, delivered = moved to complete, on time = delivered by `due`, spend = `estimate.applied`…); who may run
 * which (the access flags and the studio scope: 403); bad input is a 400 that names the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type Account, type TestServer } from '../support/server';
import { openDatabaseReader } from '../support/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const DAY = 86_400;
const CLOSED = ['approved', 'rejected', 'complete', 'cancelled'];
let server: TestServer;
let orders: Rec[] = [];
let from = '';
let to = '';
let range = '';
let harborStudio = '';
let samId = '';

const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function report(name: string, query = '', as: Account = DEMO.admin): Promise<Rec> {
  const res = await call(server, 'GET', `/api/reports/${name}?${range}${query}`, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Rec;
}

// ---------------------------------------------------------------------------------------------- the definitions

const last = (w: Rec) => (w.history as Rec[] | undefined)?.at(-1);
const delivered = (w: Rec): number | undefined => (w.status === 'complete' ? last(w)?.date : undefined);
const groupOf = (w: Rec) => w.from?.groups?.[0]?._id ?? null;
const vendorOf = (w: Rec) => w.translationSummary?.translator?.groups?.[0]?._id ?? null;
const spendOf = (w: Rec) => {
  const text = w.estimate?.applied ?? w.estimate?.base;
  return typeof text === 'string' && /^[0-9]/.test(text) ? parseFloat(text) : undefined;
};

/** The delivery figures of a set of orders as the report defines them. */
function expectedDelivery(set: Rec[]) {
  const done = set.filter((w) => delivered(w) !== undefined);
  const dueKnown = done.filter((w) => typeof w.due?.date === 'number');
  const onTime = dueKnown.filter((w) => delivered(w)! <= w.due.date).length;
  const turnaround = done.reduce((n, w) => n + (delivered(w)! - w.created), 0);
  return {
    placed: set.length,
    completed: done.length,
    onTime,
    late: dueKnown.length - onTime,
    onTimeRate: dueKnown.length ? round(onTime / dueKnown.length, 4) : null,
    averageTurnaroundDays: done.length ? round(turnaround / done.length / DAY) : null,
  };
}

function countBy<T>(set: Rec[], keyOf: (w: Rec) => T): Map<T, Rec[]> {
  const out = new Map<T, Rec[]>();
  for (const w of set) out.set(keyOf(w), [...(out.get(keyOf(w)) ?? []), w]);
  return out;
}

beforeAll(async () => {
  server = await startServer();
  const reader = await openDatabaseReader(server);
  const all = await reader.documents('Workrequests');
  await reader.close();
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  // The range holds every demo order but one day's: the first day of the data is left out, to see the range applied.
  const first = Math.min(...all.map((w) => Number(w.created)));
  const start = Math.floor(first / DAY) * DAY + DAY;
  from = dayOf(start);
  to = dayOf(today + 30 * DAY);
  range = `from=${from}&to=${to}`;
  orders = (all as Rec[]).filter((w) => w.created >= start);
  expect(orders.length).toBeGreaterThan(100);
  expect(orders.length).toBeLessThan(all.length);
  const studios = (await call(server, 'GET', '/api/studios', { as: DEMO.admin })).body as Rec[];
  harborStudio = studios.find((s) => /harbor/i.test(s.name))!._id;
  samId = (await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.sam })).body._id;
}, 120_000);
afterAll(() => server?.stop());

describe('GET /reports/orders', () => {
  it('counts placed, completed and open orders, by status, with on-time rate and turnaround', async () => {
    const body = await report('orders');
    expect(body).toMatchObject({ report: 'orders', from, to });
    expect(body.totals).toEqual({
      ...expectedDelivery(orders),
      open: orders.filter((w) => !CLOSED.includes(w.status)).length,
    });
    const statuses = countBy(orders, (w) => w.status);
    expect(Object.fromEntries(body.byStatus.map((s: Rec) => [s.status, s.count]))).toEqual(
      Object.fromEntries([...statuses].map(([s, list]) => [s, list.length])),
    );
  });

  it('breaks the same figures down by language, territory and vendor', async () => {
    const body = await report('orders');
    for (const [field, keyOf] of [
      ['language', (w: Rec) => w.language],
      ['territory', (w: Rec) => w.territory],
      ['vendor', vendorOf],
    ] as const) {
      const list = body[`by${field[0]!.toUpperCase()}${field.slice(1)}`] as Rec[];
      const expected = countBy(orders, keyOf);
      expect(list).toHaveLength(expected.size);
      for (const row of list)
        expect(row).toEqual({ [field]: row[field], ...expectedDelivery(expected.get(row[field])!) });
    }
  });

  it('applies the filters: a language, a studio', async () => {
    const language = orders[0]!.language as string;
    const body = await report('orders', `&language=${encodeURIComponent(language)}&studio=${harborStudio}`);
    const set = orders.filter((w) => w.language === language && w.studio === harborStudio);
    expect(set.length).toBeGreaterThan(0);
    expect(body.totals.placed).toBe(set.length);
    expect(body.totals.completed).toBe(expectedDelivery(set).completed);
  });
});

describe('GET /reports/volume', () => {
  it('counts orders placed per month, and per language and territory in each month', async () => {
    const body = await report('volume');
    expect(body.by).toBe('month');
    const months = countBy(orders, (w) => dayOf(w.created).slice(0, 7));
    expect(body.periods).toEqual(
      [...months].sort(([a], [b]) => a.localeCompare(b)).map(([period, list]) => ({ period, count: list.length })),
    );
    const pairs = countBy(orders, (w) => `${dayOf(w.created).slice(0, 7)} ${w.language}`);
    expect(body.byLanguage).toHaveLength(pairs.size);
    for (const row of body.byLanguage as Rec[])
      expect(row.count).toBe(pairs.get(`${row.period} ${row.language}`)!.length);
  });

  it('per week: each period is the Monday its week starts on (UTC)', async () => {
    const body = await report('volume', '&by=week');
    const mondayOf = (t: number) => dayOf(Math.floor(t / DAY) * DAY - ((new Date(t * 1000).getUTCDay() + 6) % 7) * DAY);
    const weeks = countBy(orders, (w) => mondayOf(w.created));
    expect(body.periods).toEqual(
      [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([period, list]) => ({ period, count: list.length })),
    );
  });
});

describe('GET /reports/exceptions', () => {
  it('counts overdue, rejected, sent-back and cancelled orders and lists them with how late and why', async () => {
    const now = Date.now() / 1000;
    const body = await report('exceptions');
    const overdue = orders.filter(
      (w) => !CLOSED.includes(w.status) && typeof w.due?.date === 'number' && w.due.date < now,
    );
    const sentBack = orders.filter((w) => w.status === 'in-progress' && w.history?.at(-2)?.status === 'for-review');
    expect(body.counts).toEqual({
      overdue: overdue.length,
      rejected: orders.filter((w) => w.status === 'rejected').length,
      sentBack: sentBack.length,
      cancelled: orders.filter((w) => w.status === 'cancelled').length,
    });
    const byId = new Map(orders.map((w) => [w._id, w]));
    const listedOverdue = (body.items as Rec[]).filter((i) => i.kind === 'overdue');
    expect(listedOverdue).toHaveLength(Math.min(100, overdue.length));
    // Most late first, each with its days late and the reason of its last move.
    const lates = listedOverdue.map((i) => i.daysLate as number);
    expect(lates).toEqual([...lates].sort((a, b) => b - a));
    for (const item of body.items as Rec[]) {
      const w = byId.get(item.workRequest)!;
      expect(item.reason).toBe(w.reason);
      if (item.kind === 'overdue') expect(Math.abs(item.daysLate - (now - w.due.date) / DAY)).toBeLessThan(0.2);
      else expect(item.kind).toBe(w.status === 'in-progress' ? 'sent-back' : w.status);
    }
  });
});

describe('GET /reports/spending', () => {
  it('sums the estimates (applied) by group, studio, project, language and month', async () => {
    const body = await report('spending');
    const total = orders.reduce((n, w) => n + (spendOf(w) ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    expect(body.totals).toEqual({ orders: orders.length, spend: round(total, 2) });
    const check = (list: Rec[], name: string, keyOf: (w: Rec) => unknown) => {
      const expected = countBy(orders, keyOf);
      expect(list).toHaveLength(expected.size);
      for (const row of list) {
        const set = expected.get(row[name])!;
        expect(row).toEqual({
          [name]: row[name],
          orders: set.length,
          estimated: set.filter((w) => spendOf(w) !== undefined).length,
          spend: round(
            set.reduce((n, w) => n + (spendOf(w) ?? 0), 0),
            2,
          ),
        });
      }
    };
    check(body.byGroup, 'group', groupOf);
    check(body.byStudio, 'studio', (w) => w.studio);
    check(body.byProject, 'project', (w) => w.project?._id);
    check(body.byLanguage, 'language', (w) => w.language);
    check(body.periods, 'period', (w) => dayOf(w.created).slice(0, 7));
  });

  it('filters by group', async () => {
    const group = groupOf(orders[0]!) as string;
    const body = await report('spending', `&group=${group}`);
    expect(body.totals.orders).toBe(orders.filter((w) => groupOf(w) === group).length);
  });
});

describe('GET /reports/rejections', () => {
  it('counts the offline rejections and encodes the orders hold', async () => {
    const body = await report('rejections');
    const sum = (k: string) => orders.reduce((n, w) => n + ((w[k] as unknown[] | undefined)?.length ?? 0), 0);
    expect(body.totals).toEqual({ orders: orders.length, rejections: sum('rejections'), encodes: sum('encodes') });
    expect(body.totals.rejections).toBeGreaterThan(0);
  });
});

describe('GET /reports/downloads', () => {
  it('counts who downloaded what, once the record is written', async () => {
    const assets = (
      await call(server, 'GET', '/api/assets/countByProject', {
        as: ROLE_ACCOUNTS.sam,
        headers: { 'X-Range': 'resources=0-199' },
      })
    ).body as Rec[];
    const asset = assets.find((a) => a.$thumbnail)!;
    const file = await call(server, 'GET', `/api/files/${asset.$thumbnail._id}`, { as: ROLE_ACCOUNTS.sam });
    expect((await fetch(server.url + file.body.path)).status).toBe(200);
    const today = dayOf(Date.now() / 1000);
    const ask = () => call(server, 'GET', `/api/reports/downloads?from=${today}&to=${today}`, { as: DEMO.admin });
    const deadline = Date.now() + 15_000;
    let body = (await ask()).body as Rec;
    while (body.totals.downloads === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      body = (await ask()).body as Rec;
    }
    expect(body.totals).toEqual({ downloads: 1, views: 0, people: 1 });
    expect(body.byPerson).toEqual([expect.objectContaining({ user: samId, downloads: 1, views: 0 })]);
    expect(body.latest[0]).toMatchObject({ kind: 'download', user: samId, asset: asset._id });
    // Sam coordinates the studio: his own report shows it; a language filter means nothing for downloads (400).
    const own = await call(server, 'GET', `/api/reports/downloads?from=${today}&to=${today}`, {
      as: ROLE_ACCOUNTS.sam,
    });
    expect(own.body.totals.downloads).toBe(1);
    const bad = await call(server, 'GET', `/api/reports/downloads?language=fr-FR`, { as: DEMO.admin });
    expect(bad.status).toBe(400);
  });
});

describe('who may run the reports', () => {
  const NAMES = ['orders', 'volume', 'exceptions', 'rejections', 'spending', 'downloads', 'feedback'];

  it('staff are offered every report; a translator and a client without the flags none', async () => {
    const offered = async (as: Account) => (await call(server, 'GET', '/api/reports', { as })).body.reports;
    expect(await offered(DEMO.admin)).toEqual(NAMES);
    expect(await offered(ROLE_ACCOUNTS.cora)).toEqual(NAMES);
    expect(await offered(ROLE_ACCOUNTS.sam)).toEqual(NAMES);
    expect(await offered(ROLE_ACCOUNTS.translator)).toEqual([]);
    expect(await offered(ROLE_ACCOUNTS.client)).toEqual([]);
  });

  it.each(NAMES)('%s: 403 for a translator and a client without its flag', async (name) => {
    for (const as of [ROLE_ACCOUNTS.translator, ROLE_ACCOUNTS.client]) {
      const res = await call(server, 'GET', `/api/reports/${name}`, { as });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('a coordinator of one studio counts that studio only, whatever the studio filter says', async () => {
    const harbor = orders.filter((w) => w.studio === harborStudio);
    expect(harbor.length).toBeLessThan(orders.length);
    expect((await report('orders', '', ROLE_ACCOUNTS.sam)).totals.placed).toBe(harbor.length);
    const other = orders.find((w) => w.studio !== harborStudio)!.studio as string;
    expect((await report('orders', `&studio=${other}`, ROLE_ACCOUNTS.sam)).totals.placed).toBe(0);
    expect((await report('spending', '', ROLE_ACCOUNTS.cora)).totals.orders).toBe(orders.length);
  });
});

describe('bad input', () => {
  it.each([
    ['from=2026-02-30', 'from'],
    ['from=yesterday', 'from'],
    ['to=2026-1-1', 'to'],
    ['from=2026-05-02&to=2026-05-01', 'from'],
    ['from=2000-01-01&to=2026-01-01', 'from'],
    ['by=day', 'by'],
  ])('?%s is a 400 naming %s', async (query, name) => {
    const res = await call(server, 'GET', `/api/reports/volume?${query}`, { as: DEMO.admin });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(new RegExp(`^${name}: `));
  });

  it('an unknown report is a 404', async () => {
    const res = await call(server, 'GET', '/api/reports/gossip', { as: DEMO.admin });
    expect(res.status).toBe(404);
  });
});
