/** Compression beside the response cache: a cached answer is compressed once, its bytes kept with the entry. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { installResponseCache, cachedVariants } from './responseCache';
import { installCompression } from './compression';
import type { Store } from '../storage/store';

function appWithCache() {
  let generation = 0;
  let calls = 0;
  // The routes here read no records: the caller's collections (users, groups) are what a write moves.
  const store = { generations: async () => ({ Users: generation, Groups: 0 }) } as unknown as Store;
  const app = Fastify();
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    request.caller = { id: 'u' } as never;
  });
  installResponseCache(app, store, {});
  installCompression(app);
  const sent: (Buffer | undefined)[] = [];
  const kept: (Buffer | undefined)[] = [];
  // What went out, and what the entry keeps: the same buffer when the hit reused it.
  app.addHook('onSend', async (request, _reply, payload) => {
    sent.push(Buffer.isBuffer(payload) ? payload : undefined);
    kept.push(cachedVariants(request)?.get('br'));
    return payload;
  });
  app.get('/api/page', async () => ({ n: ++calls, rows: Array.from({ length: 200 }, (_, i) => `row ${i}`) }));
  return { app, write: () => generation++, sent, kept };
}

describe('installCompression with the response cache', () => {
  it('sends a hit the brotli bytes kept with its entry, and makes new ones after a write', async () => {
    const { app, write, sent, kept } = appWithCache();
    const get = () => app.inject({ url: '/api/page', headers: { 'accept-encoding': 'br' } });
    const miss = await get();
    const hit = await get();
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(hit.rawPayload).toString('utf8'))).toMatchObject({ n: 1 });
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(sent[0]).toBeDefined();
    expect(kept[0]).toBe(sent[0]);
    expect(sent[1]).toBe(sent[0]); // the same buffer: not compressed again
    write();
    const after = await get();
    expect(JSON.parse(zlib.brotliDecompressSync(after.rawPayload).toString('utf8'))).toMatchObject({ n: 2 });
    expect(sent[2]).not.toBe(sent[0]);
  });
});
