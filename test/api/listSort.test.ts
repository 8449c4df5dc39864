/**
 * The orders of the work-request lists (docs/API.md, "Extensions"): `sort` is one of `due`, `-due`, `created`,
 * `-created` on `GET /workrequests` and on the automation queue (operation 1, soonest due first by default); any
 * other key, even one every JavaScript object has (`constructor`, `__proto__`…), is a 400 naming the keys there are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the records are read as JSON and only the fields the tests name are looked at
type Rec = Record<string, any>;

const ORDERS = { due: ['due', 1], '-due': ['due', -1], created: ['created', 1], '-created': ['created', -1] } as const;
const keyOf = (wr: Rec, field: 'due' | 'created') =>
  field === 'due' ? (wr.due?.date as number) : (wr.created as number);

async function page(path: string): Promise<Rec[]> {
  const res = await call(server, 'GET', path, { as: DEMO.admin, headers: { 'X-Range': 'resources=0-99' } });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
  return res.body as Rec[];
}

function expectSorted(rows: Rec[], field: 'due' | 'created', dir: 1 | -1, label: string) {
  const keys = rows.map((wr) => keyOf(wr, field));
  expect(keys.length, label).toBeGreaterThan(5);
  expect(keys, label).toEqual([...keys].sort((a, b) => dir * (a - b)));
}

describe('GET /workrequests/automateJob?sort=', () => {
  it('is soonest due first by default, and follows sort as the list does', async () => {
    const byDefault = await page('/api/workrequests/automateJob');
    expectSorted(byDefault, 'due', 1, 'default');
    for (const [key, [field, dir]] of Object.entries(ORDERS)) {
      const rows = await page(`/api/workrequests/automateJob?sort=${encodeURIComponent(key)}`);
      expectSorted(rows, field, dir, key);
      // The same queue, in another order: the first page of the other direction starts at the other end.
      expect(
        rows.every((wr) => wr.auto === true || wr.autosubs === true),
        key,
      ).toBe(true);
    }
    // The same queue in the other direction: its first page starts at the other end.
    const newest = await page('/api/workrequests/automateJob?sort=-created');
    const oldest = await page('/api/workrequests/automateJob?sort=created');
    expect(newest[0]!._id).not.toBe(oldest[0]!._id);
  });
});

describe.each(['/api/workrequests', '/api/workrequests/automateJob'])('%s with an unknown sort', (path) => {
  it.each(['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'title', 'DUE'])(
    '?sort=%s is a 400 naming the keys there are',
    async (key) => {
      const res = await call(server, 'GET', `${path}?sort=${encodeURIComponent(key)}`, { as: DEMO.admin });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'bad_request',
        message: 'sort: expected one of due, -due, created, -created',
      });
    },
  );
});
