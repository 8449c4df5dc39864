/**
 * `X-Range` on every list of the interface (docs/API.md, "Paging"): a malformed range is a 400 JSON error naming the
 * header, whatever the list, and the list is the same afterwards; a range over 100 items is clamped; a range past the
 * end answers an empty page with the total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Every list endpoint (each pages through `X-Range`), as the admin reads it; `{…}` is the id of a demo record. */
const LISTS = [
  '/api/workrequests',
  '/api/workrequests/automateJob',
  '/api/translations',
  '/api/comments?workRequest={workRequest}',
  '/api/files?asset={asset}',
  '/api/previews?asset={asset}',
  '/api/offlines?workRequest={workRequest}',
  '/api/shares',
  '/api/notifications',
  '/api/users',
  '/api/groups',
  '/api/glossary',
  '/api/projects',
  '/api/studios',
  '/api/languages',
  '/api/territories',
  '/api/assets/countByProject',
];

const MALFORMED: [string, string][] = [
  ['negative', 'resources=-1-5'],
  ['reversed', 'resources=5-2'],
  ['huge (10 digits)', 'resources=0-9999999999'],
  ['non-numeric', 'resources=a-b'],
  ['a fraction', 'resources=0-9.5'],
  ['another unit', 'items=0-9'],
  ['no last', 'resources=0-'],
  ['several ranges', 'resources=0-1,3-4'],
];

const range = (value: string) => ({ as: DEMO.admin, headers: { 'X-Range': value } });

/** The path with its `{workRequest}` / `{asset}` made the id of the first demo record of that kind. */
async function resolved(path: string): Promise<string> {
  const first = async (list: string) =>
    ((await call(server, 'GET', list, range('resources=0-0'))).body as Rec[])[0]!._id;
  if (path.includes('{workRequest}')) path = path.replace('{workRequest}', await first('/api/workrequests'));
  if (path.includes('{asset}')) path = path.replace('{asset}', await first('/api/assets/countByProject'));
  return path;
}
type Rec = { _id: string };

describe.each(LISTS)('X-Range on GET %s', (listed) => {
  it('answers each malformed range 400 with a JSON error naming X-Range, and the list is unchanged', async () => {
    const path = await resolved(listed);
    const before = await call(server, 'GET', path, range('resources=0-99'));
    expect(before.status).toBe(200);
    expect(before.headers.get('content-range')).toMatch(/^resources (\d+-\d+|\*)\/\d+$/);
    for (const [what, value] of MALFORMED) {
      const res = await call(server, 'GET', path, range(value));
      expect(res.status, `${what}: ${value}`).toBe(400);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
      expect(res.body.error.code, what).toBe('bad_request');
      expect(res.body.error.message, what).toMatch(/^X-Range: /);
      expect(res.headers.get('content-range'), what).toBeNull();
    }
    const after = await call(server, 'GET', path, range('resources=0-99'));
    // The same records (ids: signed links in some answers may turn over with their time window).
    const ids = (body: unknown) => (body as Rec[]).map((r) => r._id);
    expect(ids(after.body)).toEqual(ids(before.body));
    expect(after.headers.get('content-range')).toBe(before.headers.get('content-range'));
  });

  it('clamps a range over 100 items to 100, and answers a range past the end empty, with the total', async () => {
    const path = await resolved(listed);
    const wide = await call(server, 'GET', path, range('resources=0-499'));
    expect(wide.status).toBe(200);
    expect(wide.body.length).toBeLessThanOrEqual(100);
    const total = Number(/\/(\d+)$/.exec(wide.headers.get('content-range') ?? '')?.[1]);
    expect(wide.body.length).toBe(Math.min(total, 100));
    const past = await call(server, 'GET', path, range('resources=999999999-999999999'));
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('content-range')).toBe(`resources */${total}`);
  });
});
