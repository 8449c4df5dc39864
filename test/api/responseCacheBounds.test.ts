/**
 * The response cache's bounds as the server is configured (RESPONSE_CACHE_MAX_ENTRIES; docs/decisions/050-memory-bounds.md):
 * with room for two answers, a third evicts the least recently used one, not the one read again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RESPONSE_CACHE_MAX_ENTRIES: '2' });
});
afterAll(async () => server?.stop());

async function cache(path: string): Promise<string | null> {
  const res = await call(server, 'GET', path);
  expect(res.status).toBe(200);
  return res.headers.get('x-cache');
}

describe('response cache bounds', () => {
  it('keeps RESPONSE_CACHE_MAX_ENTRIES answers, evicting the least recently used', async () => {
    const list = await call(server, 'GET', '/api/workrequests?sort=created', {
      headers: { 'X-Range': 'resources=0-2' },
    });
    const [a, b, c] = (list.body as { _id: string }[]).map((wr) => `/api/workrequests/${wr._id}`);
    expect(await cache(a!)).toBe('miss');
    expect(await cache(b!)).toBe('miss'); // the list was evicted: two answers fit
    expect(await cache(a!)).toBe('hit'); // a used last: b is now the least recently used
    expect(await cache(c!)).toBe('miss');
    expect(await cache(a!)).toBe('hit');
    expect(await cache(b!)).toBe('miss');
  });
});
