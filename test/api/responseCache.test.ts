/**
 * The response cache between writes (docs/decisions/116-response-cache-read-tracking.md; server/http/responseCache.ts),
 * on the real server with the cache on as `npm start` runs it: after each kind of write the mixed workload makes (a
 * comment, a status change, a translation save), every read that shows what it wrote shows it, while cached answers
 * that read nothing it wrote are still answered from the cache (`X-Cache: hit`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

interface Answer {
  cache: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read back as JSON and asserted on
  body: any;
  etag: string | null;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await call(server, 'GET', path, { headers });
  expect(res.status).toBe(200);
  return { cache: res.headers.get('x-cache'), body: res.body, etag: res.headers.get('etag') };
}

/** Reads `path` until it is cached: the answer the cache now holds. */
async function cached(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  await get(path, headers);
  const again = await get(path, headers);
  expect(again.cache).toBe('hit');
  return again;
}

const FIRST_PAGE = '/api/workrequests?sort=-created';
const page = { 'X-Range': 'resources=0-49' };

/** Two work requests in a status the coordinator may move between in-progress and awaiting-materials. */
async function movable(): Promise<{ _id: string; status: string }[]> {
  const res = await call(server, 'GET', '/api/workrequests?status=in-progress,awaiting-materials', {
    headers: { 'X-Range': 'resources=0-9' },
  });
  expect(res.body.length).toBeGreaterThanOrEqual(2);
  return res.body;
}

describe('the response cache between writes', () => {
  it('a comment: the work request and its lists stay cached, its comments show the new one', async () => {
    const [wr, other] = await movable();
    const record = await cached(`/api/workrequests/${wr!._id}`);
    const list = await cached(FIRST_PAGE, page);
    const comments = await cached(`/api/comments?workRequest=${wr!._id}`);
    const posted = await call(server, 'POST', '/api/comments', { body: { workRequest: wr!._id, body: 'cache test' } });
    expect(posted.status).toBe(200);
    const after = await get(`/api/comments?workRequest=${wr!._id}`);
    expect(after.cache).toBe('miss');
    expect(after.body.map((c: { _id: string }) => c._id)).toEqual([
      ...comments.body.map((c: { _id: string }) => c._id),
      posted.body._id,
    ]);
    // Nothing they read was written: the same bytes, from the cache.
    expect(await get(`/api/workrequests/${wr!._id}`)).toEqual(record);
    expect(await get(FIRST_PAGE, page)).toEqual(list);
    expect((await get(`/api/workrequests/${other!._id}`)).body._id).toBe(other!._id);
  });

  it('a status change: that work request and the lists show it, another work request stays cached', async () => {
    const [wr, other] = await movable();
    const before = await cached(`/api/workrequests/${wr!._id}`);
    const otherBefore = await cached(`/api/workrequests/${other!._id}`);
    const filtered = `/api/workrequests?status=${before.body.status}`;
    await cached(filtered, page);
    await cached(FIRST_PAGE, page);
    const status = before.body.status === 'in-progress' ? 'awaiting-materials' : 'in-progress';
    const put = await call(server, 'PUT', `/api/workrequests/${wr!._id}`, {
      body: { status, reason: 'cache test' },
      headers: { 'If-Match': before.etag! },
    });
    expect(put.status).toBe(200);
    const after = await get(`/api/workrequests/${wr!._id}`);
    expect(after.cache).toBe('miss');
    expect(after.body.status).toBe(status);
    expect(after.etag).not.toBe(before.etag);
    const list = await get(FIRST_PAGE, page);
    expect(list.cache).toBe('miss');
    const row = list.body.find((w: { _id: string }) => w._id === wr!._id);
    if (row) expect(row.status).toBe(status);
    const left = await get(filtered, page);
    expect(left.cache).toBe('miss');
    expect(left.body.map((w: { _id: string }) => w._id)).not.toContain(wr!._id);
    expect(await get(`/api/workrequests/${other!._id}`)).toEqual(otherBefore);
  });

  it('a translation save: the translation and the work request embedding it show the new lines', async () => {
    const wrs = await call(server, 'GET', '/api/workrequests?sort=-created', { headers: page });
    const withTranslation = wrs.body.find((w: { translation?: { _id?: string } }) => w.translation?._id);
    expect(withTranslation).toBeDefined();
    const wrPath = `/api/workrequests/${withTranslation._id}`;
    const tPath = `/api/translations/${withTranslation.translation._id}`;
    const record = await cached(wrPath);
    const translation = await cached(tPath);
    const lines = translation.body.lines as { text?: string }[];
    expect(lines.length).toBeGreaterThan(0);
    const text = `saved ${Date.now()}`;
    const put = await call(server, 'PUT', tPath, {
      body: { lines: lines.map((l, i) => (i === 0 ? { ...l, text } : l)) },
      headers: { 'If-Match': translation.etag! },
    });
    expect(put.status).toBe(200);
    const tAfter = await get(tPath);
    expect(tAfter.cache).toBe('miss');
    expect(tAfter.body.lines[0].text).toBe(text);
    const wrAfter = await get(wrPath);
    expect(wrAfter.cache).toBe('miss');
    expect(wrAfter.body.translation.lines[0].text).toBe(text);
    expect(wrAfter.body.translation.$etag).not.toBe(record.body.translation.$etag);
  });

  it('a change of any user voids every cached answer (a caller is made of users and groups)', async () => {
    await cached('/api/users/me');
    const wr = (await movable())[0]!;
    await cached(`/api/workrequests/${wr._id}`);
    const translator = await call(server, 'GET', '/api/users/me', { as: DEMO.translator });
    const name = `Renamed ${Date.now()}`;
    const put = await call(server, 'PUT', `/api/users/${translator.body._id}`, { as: DEMO.admin, body: { name } });
    expect(put.status).toBe(200);
    expect((await get('/api/users/me')).cache).toBe('miss');
    expect((await get(`/api/workrequests/${wr._id}`)).cache).toBe('miss');
    const read = await get(`/api/users/${translator.body._id}`);
    expect(read.body.name).toBe(name);
  });
});
