/** The app shell serving: SPA fallback, runtime configuration, assets. In-process, on a memory store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { SqliteStore } from './storage/sqlite/sqliteStore';
import { StoreUnavailable } from './storage/store';

let app: Awaited<ReturnType<typeof buildApp>>;
let base = '';
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  app = await buildApp({
    store: new SqliteStore(':memory:'),
    distDir: dist,
    apiBase: 'https://mws.example.com/api</script>',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the app', () => {
  it('answers app routes with index.html carrying the runtime configuration, escaped', async () => {
    const res = await fetch(`${base}/work-requests/abc`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<script type="application/json" id="mws-config">{"apiBase":"https://mws.example.com/api\\u003c/script>"}</script>',
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // First in the head: the early script runs as soon as it arrives (async) and reads it.
    expect(html).toMatch(/<head><script type="application\/json" id="mws-config">/);
  });

  it('serves /config.json', async () => {
    expect(await (await fetch(`${base}/config.json`)).json()).toEqual({
      apiBase: 'https://mws.example.com/api</script>',
    });
  });

  it('serves hashed assets as immutable and a missing one as 404, never as index.html', async () => {
    const ok = await fetch(`${base}/assets/app-1234.js`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${base}/assets/gone-0000.js`);
    expect(missing.status).toBe(404);
  });

  it('picks up a rebuilt index.html without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>rebuilt</title></head></html>');
    expect(await (await fetch(`${base}/`)).text()).toContain('rebuilt');
  });

  it('does not let a path climb out of the build folder', async () => {
    const res = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });
});

describe('unexpected errors', () => {
  it('answer 500 with an id and no detail of the failure', async () => {
    const store = new SqliteStore(':memory:');
    const broken = await buildApp({ store });
    broken.get('/boom', async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await broken.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(500);
      const body = res.json<{ error: { code: string; details: { id: string } } }>();
      expect(body.error.code).toBe('internal');
      expect(body.error.details.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body).not.toContain('secret');
      expect(JSON.stringify(errors)).toContain(body.error.details.id);
    } finally {
      console.error = original;
      await broken.close();
    }
  });
});

describe('the store unavailable (docs/API.md "The database unavailable")', () => {
  it('answers 503 unavailable with Retry-After while the database does not answer, 507 when it is full', async () => {
    const store = new SqliteStore(':memory:');
    const app = await buildApp({ store });
    const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    app.get('/unreachable', async () => {
      throw new StoreUnavailable('unreachable', 'the database is unavailable: x', { cause });
    });
    app.get('/full', async () => {
      throw new StoreUnavailable('full', 'the database has no space left: database or disk is full');
    });
    try {
      const down = await app.inject({ method: 'GET', url: '/unreachable' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.headers['content-type']).toMatch(/^application\/json/);
      expect(down.json()).toEqual({
        error: { code: 'unavailable', message: 'the database is unavailable; try again shortly' },
      });
      const full = await app.inject({ method: 'GET', url: '/full' });
      expect(full.statusCode).toBe(507);
      expect(full.headers['retry-after']).toBeUndefined();
      expect(full.json()).toEqual({
        error: {
          code: 'insufficient_storage',
          message: 'the server has no storage space left, so nothing was saved; tell an administrator',
        },
      });
    } finally {
      await app.close();
    }
  });
});
