/** The response cache on a tiny app: hits, invalidation by the store's generation, size limits. */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { installResponseCache } from './responseCache';
import type { Store } from '../storage/store';

function appWith(options: Parameters<typeof installResponseCache>[2]) {
  let generation = 0;
  let calls = 0;
  const store = { generation: () => generation } as unknown as Store;
  const app = Fastify();
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    request.caller = { id: String(request.headers['x-user'] ?? 'u') } as never;
  });
  installResponseCache(app, store, options);
  app.get('/api/small', async () => ({ n: ++calls }));
  app.get('/api/big', async () => ({ n: ++calls, pad: 'x'.repeat(2000) }));
  return { app, write: () => generation++, calls: () => calls };
}

describe('installResponseCache', () => {
  it('answers a repeat from the cache until the next write, per caller', async () => {
    const { app, write } = appWith({});
    const get = async (user = 'u') => (await app.inject({ url: '/api/small', headers: { 'x-user': user } })).json().n;
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(await get('other')).toBe(2);
    write();
    expect(await get()).toBe(3);
  });

  it('keeps no body over the size limit and stays under the total', async () => {
    const { app } = appWith({ maxBodyBytes: 1000, maxTotalBytes: 10 });
    const big = async () => (await app.inject({ url: '/api/big' })).json().n;
    expect(await big()).toBe(1);
    expect(await big()).toBe(2);
    const small = async (user: string) =>
      (await app.inject({ url: '/api/small', headers: { 'x-user': user } })).json().n;
    const first = await small('a');
    await small('b'); // a total of 10 bytes holds one small body ({"n":1}): a is evicted
    expect(await small('a')).not.toBe(first);
  });
});
