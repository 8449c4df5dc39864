/** `/readyz` in process: ready on SQLite (no credentials needed), 503 with the reason when the store is not. */
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Store } from '../storage/store';

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A SQLite store whose `ready()` is replaced. */
function storeWith(ready: () => Promise<void>): Store {
  const store = new SqliteStore(':memory:');
  store.ready = ready;
  return store;
}

describe('/readyz', () => {
  it('answers 200 {ok:true} without credentials when the store is ready, at /readyz and /api/readyz', async () => {
    app = await buildApp({ store: new SqliteStore(':memory:') });
    for (const url of ['/readyz', '/api/readyz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
  });

  it('answers 503 JSON naming the reason when the store is not ready', async () => {
    app = await buildApp({ store: storeWith(() => Promise.reject(new Error('connection refused'))) });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      ok: false,
      error: { code: 'not_ready', details: { reason: 'connection refused' } },
    });
    // The process is up all the same.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer in time', async () => {
    app = await buildApp({ store: storeWith(() => new Promise(() => undefined)) });
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.details.reason).toMatch(/did not answer within/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
