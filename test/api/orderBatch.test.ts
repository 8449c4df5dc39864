/**
 * The order queue (docs/API.md, "Order queue"): `POST /workrequests/batch` places several orders in one transaction.
 * A bad row refuses the whole batch (400 naming the row's index) and stores nothing; a row that repeats an open or
 * rejected order is a duplicate (409 unless confirmed; a dry run lists them); each row is scoped as a single order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const DAY = 86_400;
const inDays = (n: number) => Math.floor(Date.now() / 1000) + n * DAY;
const PRIYA = ROLE_ACCOUNTS.client;
const SAM = ROLE_ACCOUNTS.sam;

let northAssets: string[];
let harborAsset: string;
let languages: string[];
let territory: string;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
const count = async (path: string, as: Account = DEMO.admin) =>
  totalOf(await call(server, 'GET', path, { as, headers: { 'X-Range': 'resources=0-0' } }));
const counts = async () => ({
  workRequests: await count('/api/workrequests'),
  translations: await count('/api/translations'),
  notifications: await count('/api/notifications', DEMO.coordinator),
});

const row = (asset: string, language: string, extra: Rec = {}): Rec => ({
  asset,
  language,
  territory,
  dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
  uses: { items: ['online'], details: { online: [{ value: '1080p', ship: true }] } },
  due: { date: inDays(10), tz: 'Europe/Paris' },
  instructions: 'Shared instructions of the queue.',
  ...extra,
});

const batch = (body: Rec, as: Account = DEMO.coordinator) =>
  call(server, 'POST', '/api/workrequests/batch', { as, body });

async function listed(as: Account): Promise<Rec[]> {
  return (await call(server, 'GET', '/api/workrequests', { as, headers: { 'X-Range': 'resources=0-199' } })).body;
}

beforeAll(async () => {
  server = await startServer();
  const north = await listed(PRIYA);
  const studio = north[0]!.studio as string;
  const all = await listed(DEMO.admin);
  northAssets = [...new Set(all.filter((w) => w.studio === studio).map((w) => w.asset._id as string))];
  harborAsset = (await listed(SAM)).find((w) => w.studio !== studio)!.asset._id;
  const langs = (await call(server, 'GET', '/api/languages', { headers: { 'X-Range': 'resources=0-199' } })).body;
  const terrs = (await call(server, 'GET', '/api/territories', { headers: { 'X-Range': 'resources=0-199' } })).body;
  territory = terrs[0].name;
  const taken = new Set(all.map((w) => `${w.asset._id}|${w.language}|${w.territory}`));
  // Languages in which no demo order exists yet for these assets and territory: the happy path has no duplicates.
  languages = langs
    .map((l: Rec) => l.code as string)
    .filter((c: string) => northAssets.slice(0, 2).every((a) => !taken.has(`${a}|${c}|${territory}`)));
  expect(northAssets.length).toBeGreaterThanOrEqual(2);
  expect(languages.length).toBeGreaterThanOrEqual(4);
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /workrequests/batch: the order queue', () => {
  it('places 2 assets × 2 languages in one go: 201 with the four orders in the rows’ order', async () => {
    const before = await counts();
    const rows = northAssets.slice(0, 2).flatMap((a) => languages.slice(0, 2).map((l) => row(a, l)));
    const res = await batch({ orders: rows });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.duplicates).toEqual([]);
    expect(res.body.items).toHaveLength(4);
    res.body.items.forEach((wr: Rec, i: number) =>
      expect(wr).toMatchObject({
        asset: { _id: rows[i]!.asset },
        language: rows[i]!.language,
        territory,
        status: 'submitted',
        instructions: 'Shared instructions of the queue.',
      }),
    );
    const after = await counts();
    expect(after.workRequests).toBe(before.workRequests + 4);
    expect(after.translations).toBeGreaterThanOrEqual(before.translations + 4);
    // Each is read back as a single order is.
    const one = await call(server, 'GET', `/api/workrequests/${res.body.items[3]._id}`);
    expect(one.status).toBe(200);
  });

  it('a bad row refuses the whole batch: 400 naming each bad row by index, and nothing stored', async () => {
    const before = await counts();
    const res = await batch({
      orders: [
        row(northAssets[0]!, languages[2]!),
        row(northAssets[1]!, 'xx-XX'),
        row(northAssets[1]!, languages[2]!, { due: { date: inDays(-1), tz: 'UTC' } }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('orders.1.language: no language with the code xx-XX');
    expect(res.body.error.details).toEqual([
      { path: 'orders.1.language', message: 'no language with the code xx-XX' },
      { path: 'orders.2.due.date', message: 'the due date is in the past' },
    ]);
    // A schema problem names the row too.
    const bad = await batch({
      orders: [row(northAssets[0]!, languages[2]!), { ...row(northAssets[0]!, 'fr'), dng: 5 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toMatch(/^orders\.1\.dng/);
    // The same asset, language and territory twice in one batch.
    const twice = await batch({ orders: [row(northAssets[0]!, languages[2]!), row(northAssets[0]!, languages[2]!)] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toEqual([
      { path: 'orders.1', message: 'the same asset, language and territory as orders.0' },
    ]);
    expect((await batch({ orders: [] })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('duplicates: a dry run lists them and stores nothing; placing is a 409 unless confirmed', async () => {
    const [first] = (await batch({ orders: [row(northAssets[0]!, languages[3]!)] })).body.items as Rec[];
    expect(first).toBeDefined();
    const rows = [row(northAssets[1]!, languages[3]!), row(northAssets[0]!, languages[3]!)];
    const before = await counts();
    const dry = await batch({ orders: rows, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toEqual({
      items: [],
      duplicates: [
        {
          index: 1,
          workRequest: {
            _id: first!._id,
            status: 'submitted',
            asset: first!.asset.name,
            language: languages[3],
            territory,
          },
        },
      ],
    });
    const refused = await batch({ orders: rows });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^orders\.1 repeats an open or rejected order/);
    expect(refused.body.error.details.duplicates).toEqual(dry.body.duplicates);
    expect(await counts()).toEqual(before);
    // A rejected order is a duplicate too; a cancelled one is not.
    const cancel = await call(server, 'PUT', `/api/workrequests/${first!._id}`, {
      body: { status: 'cancelled', reason: 'Placed by mistake' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await batch({ orders: rows, dryRun: true })).body.duplicates).toEqual([]);
    const confirmed = await batch({ orders: [row(northAssets[0]!, languages[3]!)] });
    const again = await batch({ orders: rows, allowDuplicates: true });
    expect(again.status).toBe(201);
    expect(again.body.duplicates.map((d: Rec) => d.workRequest._id)).toEqual([confirmed.body.items[0]._id]);
    expect(await count('/api/workrequests')).toBe(before.workRequests + 3);
  });

  it('scope per row: a requester cannot place for another studio (404 as for one order), a translator not at all (nothing stored)', async () => {
    const before = await counts();
    const res = await batch({ orders: [row(northAssets[0]!, languages[2]!), row(harborAsset, languages[2]!)] }, PRIYA);
    // As for a single order, an asset outside the requester's grants is not found (its existence is not told).
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/^orders\.1: /);
    // A translator is refused as a single order refuses them (an asset outside their grants is not found).
    const one = row(northAssets[0]!, languages[2]!);
    const single = await call(server, 'POST', '/api/workrequests', { as: DEMO.translator, body: one });
    expect([403, 404]).toContain(single.status);
    const byTranslator = await batch({ orders: [one] }, DEMO.translator);
    expect(byTranslator.status).toBe(single.status);
    expect(byTranslator.body.error.message).toBe(`orders.0: ${single.body.error.message}`);
    // A coordinator of another studio neither; the dry run is scoped the same.
    expect((await batch({ orders: [row(northAssets[0]!, languages[2]!)], dryRun: true }, SAM)).status).toBe(403);
    expect(await counts()).toEqual(before);
    // Their own studio's rows the requester places.
    const own = await batch({ orders: [row(northAssets[0]!, languages[2]!)] }, PRIYA);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });
});
