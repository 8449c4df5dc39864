/**
 * #15's order endpoints probed as an attacker and a careless client would (docs/API.md, "Orders: what the server
 * holds"): the estimate the server sets, size bounds of the open-shaped parts, assignment through a translation,
 * concurrent changes of one order, and who hears of an order. Each case failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';
import { openDatabaseReader } from '../support/database';
import { orderEstimate } from '../../src/api/schema/estimate';

let server: TestServer;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const MARGAUX: Account = { username: 'margaux.lefevre@lumen-subs.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const inDays = (n: number) => Math.floor(Date.now() / 1000) + n * 86_400;
const ids = {} as Record<'tomas' | 'margaux', string>;
let template: Rec;

async function place(body: Rec = template, as: Account = DEMO.coordinator) {
  return call(server, 'POST', '/api/workrequests', { as, body });
}

async function fingerprint(): Promise<Record<string, string>> {
  const reader = await openDatabaseReader(server);
  try {
    return await reader.fingerprint();
  } finally {
    await reader.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  const me = async (as: Account) => (await call(server, 'GET', '/api/users/me', { as })).body._id as string;
  ids.tomas = await me(DEMO.translator);
  ids.margaux = await me(MARGAUX);
  const northWr = (
    await call(server, 'GET', '/api/workrequests', { as: PRIYA, headers: { 'X-Range': 'resources=0-0' } })
  ).body[0];
  template = {
    asset: northWr.asset._id,
    language: northWr.language,
    territory: northWr.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: ['localized-graphics'] },
    due: { date: inDays(10), tz: 'Europe/Paris' },
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /workrequests: what the server sets', () => {
  it('prices the order from the lines of the translations it makes (docs/API.md "Order estimate")', async () => {
    const res = await place();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const wr = res.body;
    const lines = (wr.translation?.lines?.length ?? 0) + (wr.graphicsTranslation?.lines?.length ?? 0);
    expect(lines).toBeGreaterThan(0);
    expect(wr.estimate).toEqual(orderEstimate(lines));
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`)).body.estimate).toEqual(orderEstimate(lines));
  });

  it('refuses an order whose open-shaped parts are huge (every notification embeds them): 400, nothing stored', async () => {
    const big = 'x'.repeat(200);
    const cases: [string, Rec][] = [
      ['recipients', { recipients: { Online: Array.from({ length: 500 }, () => ({ name: big, email: 'a@b.c' })) } }],
      ['materials', { materials: [{ name: 'Textless', files: Array.from({ length: 200 }, () => ({ note: big })) }] }],
      ['dcp', { dcp: { items: Array.from({ length: 200 }, () => big), details: [] } }],
      ['uses', { uses: { items: Array.from({ length: 200 }, () => big), details: {} } }],
      ['dng', { dng: { dialogue: Array.from({ length: 200 }, () => big) } }],
    ];
    const before = await fingerprint();
    for (const [field, extra] of cases) {
      const res = await place({ ...template, ...extra }, PRIYA);
      expect(res.status, field).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${field}: too large: at most 20,000 characters as JSON`));
    }
    const placed = await place(template);
    const id = placed.body._id as string;
    const after = await fingerprint();
    const change = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { materials: [{ name: 'Textless', files: Array.from({ length: 200 }, () => ({ note: big })) }] },
    });
    expect(change.status).toBe(400);
    expect(change.body.error.message).toMatch(/^materials: too large/);
    expect(await fingerprint()).toEqual(after);
    expect(after).not.toEqual(before); // the fingerprint does see a placed order
  });
});
