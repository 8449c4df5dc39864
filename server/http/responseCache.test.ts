/**
 * The response cache on a tiny app over a real store: hits, invalidation by what each answer read (records by
 * version, collections by generation, the caller's users and groups), size limits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { installResponseCache } from './responseCache';
import { installCompression } from './compression';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import { readsHere, trackingReads } from '../storage/readTracking';
import type { Doc } from '../storage/store';

async function appWith(options: Parameters<typeof installResponseCache>[2]) {
  const store = trackingReads(new SqliteStore(':memory:'));
  let calls = 0;
  const app = Fastify();
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    request.caller = { id: String(request.headers['x-user'] ?? 'u') } as never;
  });
  const size = installResponseCache(app, store, options);
  app.get('/api/small', async () => ({ n: ++calls }));
  app.get<{ Params: { n: string } }>('/api/page/:n', async (request) => ({
    n: ++calls,
    page: request.params.n,
    // Text that compresses little: the compressed form is about as large as the body.
    pad: Array.from({ length: 8 }, (_, i) =>
      createHash('sha512').update(`${request.params.n}-${i}`).digest('base64'),
    ).join(''),
  }));
  app.get('/api/quoted', async () => ({ n: ++calls, text: '\u2019'.repeat(600) }));
  app.get('/api/big', async () => ({ n: ++calls, pad: 'x'.repeat(2000) }));
  app.get<{ Params: { id: string } }>('/api/studios/:id', async (request) => {
    const found = await store.get<Doc>('Studios', request.params.id);
    return { n: ++calls, name: found?.doc.name };
  });
  app.get('/api/studios', async () => ({ n: ++calls, total: await store.count('Studios') }));
  app.get<{ Params: { id: string } }>('/api/studioNames/:id', async (request) => {
    const [found] = await store.getMany<Doc>('Studios', [request.params.id]);
    return { n: ++calls, name: found?.doc.name ?? null };
  });
  app.get('/api/memory', async () => ({ n: ++calls, segments: await store.memory.count() }));
  app.get('/api/live/stream', async () => ({ noted: readsHere() !== undefined }));
  app.get('/api/noted', async () => ({ noted: readsHere() !== undefined }));
  return { app, store, calls: () => calls, size };
}

const GZIP = { 'accept-encoding': 'gzip' };

describe('installResponseCache', () => {
  it('answers a repeat from the cache, per caller, until a user or group is written', async () => {
    const { app, store } = await appWith({});
    const get = async (user = 'u') => (await app.inject({ url: '/api/small', headers: { 'x-user': user } })).json().n;
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(await get('other')).toBe(2);
    await store.insert('Languages', { code: 'xx' }); // nothing the answer read
    expect(await get()).toBe(1);
    await store.insert('Groups', { name: 'g' }); // a caller is made of users and groups
    expect(await get()).toBe(3);
  });

  it('keeps a record read by id while it keeps its version, whatever else is written', async () => {
    const { app, store } = await appWith({});
    const a = await store.insert<Doc>('Studios', { name: 'A' });
    const b = await store.insert<Doc>('Studios', { name: 'B' });
    const get = async (id: string) => {
      const res = await app.inject({ url: `/api/studios/${id}` });
      return { ...res.json(), cache: res.headers['x-cache'] };
    };
    const first = await get(a.doc._id);
    expect(first.cache).toBe('miss');
    await store.replace('Studios', { ...b.doc, name: 'B2' });
    await store.insert('Studios', { name: 'C' });
    expect(await get(a.doc._id)).toEqual({ ...first, cache: 'hit' });
    await store.replace('Studios', { ...a.doc, name: 'A2' });
    expect(await get(a.doc._id)).toMatchObject({ name: 'A2', cache: 'miss' });
    expect(await get(a.doc._id)).toMatchObject({ name: 'A2', cache: 'hit' });
  });

  it('voids an answer that listed or counted a collection at any write to it, and only to it', async () => {
    const { app, store } = await appWith({});
    const count = async () => {
      const res = await app.inject({ url: '/api/studios' });
      return { total: res.json().total, cache: res.headers['x-cache'] };
    };
    expect(await count()).toEqual({ total: 0, cache: 'miss' });
    await store.insert('Languages', { code: 'xx' });
    expect(await count()).toEqual({ total: 0, cache: 'hit' });
    await store.insert('Studios', { name: 'A' });
    expect(await count()).toEqual({ total: 1, cache: 'miss' });
  });

  it('voids an answer that looked for a record and found none when the collection is written', async () => {
    const { app, store } = await appWith({});
    const id = '0123456789abcdef01234567';
    const get = async () => {
      const res = await app.inject({ url: `/api/studioNames/${id}` });
      return { name: res.json().name, cache: res.headers['x-cache'] };
    };
    expect(await get()).toEqual({ name: null, cache: 'miss' });
    expect(await get()).toEqual({ name: null, cache: 'hit' });
    await store.insert('Studios', { _id: id, name: 'New' });
    expect(await get()).toEqual({ name: 'New', cache: 'miss' });
  });

  it('keeps no answer that read what cannot be checked (the translation memory)', async () => {
    const { app } = await appWith({});
    const get = async () => (await app.inject({ url: '/api/memory' })).headers['x-cache'];
    expect(await get()).toBe('miss');
    expect(await get()).toBe('miss');
  });

  it('notes the reads of what it may keep only (never of a skipped path: a live stream)', async () => {
    const { app } = await appWith({ skip: (p) => p.endsWith('/stream') });
    expect((await app.inject({ url: '/api/noted' })).json()).toEqual({ noted: true });
    const stream = await app.inject({ url: '/api/live/stream' });
    expect(stream.json()).toEqual({ noted: false });
    expect(stream.headers['x-cache']).toBeUndefined();
  });

  it('keeps no body over the size limit and stays under the total', async () => {
    const { app } = await appWith({ maxBodyBytes: 1000, maxTotalBytes: 10 });
    const big = async () => (await app.inject({ url: '/api/big' })).json().n;
    expect(await big()).toBe(1);
    expect(await big()).toBe(2);
    const small = async (user: string) =>
      (await app.inject({ url: '/api/small', headers: { 'x-user': user } })).json().n;
    const first = await small('a');
    await small('b'); // a total of 10 bytes holds one small body ({"n":1}): a is evicted
    expect(await small('a')).not.toBe(first);
  });
  it('stays under its byte bound after many distinct URLs, compressed forms included', async () => {
    const { app, size } = await appWith({ maxTotalBytes: 10_100 });
    installCompression(app, 100);
    for (let n = 0; n < 200; n++) {
      await app.inject({ url: `/api/page/${n}`, headers: GZIP });
      await app.inject({ url: `/api/page/${n}`, headers: GZIP }); // a hit: its compressed form is kept beside it
      expect(size().bytes).toBeLessThanOrEqual(10_100);
    }
    expect(size().entries).toBeGreaterThan(0);
  });

  it('counts a body with a character above U+00FF at two bytes a character, as V8 holds it', async () => {
    const { app, size } = await appWith({});
    await app.inject({ url: '/api/quoted' });
    expect(size().bytes).toBeGreaterThanOrEqual(1200);
  });

  it('evicts the least recently used entry, not the one answered last', async () => {
    const { app } = await appWith({ maxEntries: 2 });
    const page = async (n: number) => (await app.inject({ url: `/api/page/${n}` })).headers['x-cache'];
    await page(1);
    await page(2);
    expect(await page(1)).toBe('hit'); // 1 used last: 2 is the least recently used
    await page(3);
    expect(await page(1)).toBe('hit');
    expect(await page(2)).toBe('miss');
  });

  describe('with a clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('drops expired entries when nobody asks for them again: an idle server gives the memory back', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      const { app, size } = await appWith({ ttlMs: 1000, now: () => Date.now() });
      for (let n = 0; n < 20; n++) await app.inject({ url: `/api/page/${n}` });
      expect(size().entries).toBe(20);
      vi.advanceTimersByTime(2000);
      expect(size()).toEqual({ entries: 0, bytes: 0 });
      await app.close();
    });
  });
});
