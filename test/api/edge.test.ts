/**
 * The edges of HTTP (docs/API.md, "Limits and headers"): bodies bound at parsing, query strings and URLs this
 * interface does not speak, slow clients, security headers, HEAD on pages, and the public origin of `$links`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer, call, basic, DEMO, type TestServer } from '../support/server';
import { firstNotification, openNotificationStream } from '../support/stream';
import { MAX_BODY_DEPTH } from '../../server/http/jsonBody';

const REQUEST_TIMEOUT_S = 2;
const HEADERS_TIMEOUT_S = 1;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-edge-dist-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
);

let server: TestServer;
let publicServer: TestServer;
beforeAll(async () => {
  [server, publicServer] = await Promise.all([
    startServer({
      DIST_DIR: dist,
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
    }),
    startServer({
      DIST_DIR: dist,
      MWS_PUBLIC_ORIGIN: 'https://console.example.com',
      MWS_API_BASE: 'https://api.example.com/api',
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.stop(), publicServer?.stop()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

const portOf = (s: TestServer) => Number(new URL(s.url).port);
const raw = (text: string) => ({ as: DEMO.admin, raw: text, headers: { 'Content-Type': 'application/json' } });

async function territoryNames(): Promise<string[]> {
  const res = await call(server, 'GET', '/api/territories', { headers: { 'X-Range': 'resources=0-99' } });
  return res.body.map((t: { name: string }) => t.name);
}

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('bodies are bound at parsing', () => {
  it(`refuses a body nested deeper than ${MAX_BODY_DEPTH} levels, and stores nothing`, async () => {
    const deep = `{"name":"Deep One","extra":${'['.repeat(1000)}${']'.repeat(1000)}}`;
    const res = await call(server, 'PUT', '/api/territories', raw(deep));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'bad_request',
      message: `body: nested deeper than ${MAX_BODY_DEPTH} levels`,
    });
    const objects = `{"name":"Deep Two","extra":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`;
    expect((await call(server, 'PUT', '/api/territories', raw(objects))).status).toBe(400);
    expect(await territoryNames()).not.toEqual(expect.arrayContaining(['Deep One']));
    expect(await territoryNames()).not.toEqual(expect.arrayContaining(['Deep Two']));
  });

  it('keeps the limit far above the deepest record a client sends back', async () => {
    const wr = (
      await call(server, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=0-0' },
      })
    ).body[0];
    const full = await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: DEMO.admin });
    const share = (
      await call(server, 'GET', '/api/shares', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-0' } })
    ).body[0];
    const records = [full.body, share, (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body];
    const deepest = Math.max(...records.map(depthOf));
    expect(deepest).toBeGreaterThan(3);
    expect(deepest * 3).toBeLessThanOrEqual(MAX_BODY_DEPTH);
  });

  it('refuses __proto__ and constructor.prototype keys, and stores nothing', async () => {
    for (const body of [
      '{"name":"Proto One","__proto__":{"admin":true}}',
      '{"name":"Proto Two","x":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const res = await call(server, 'PUT', '/api/territories', raw(body));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/the key "(__proto__|prototype)" is not allowed/);
    }
    expect(await territoryNames()).not.toEqual(expect.arrayContaining(['Proto One', 'Proto Two']));
  });

  it('refuses a key given twice and numbers out of range', async () => {
    const twice = await call(server, 'PUT', '/api/territories', raw('{"name":"Twice A","name":"Twice B"}'));
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('body: the key "name" is given twice in one object');
    const huge = await call(server, 'PUT', '/api/territories', raw('{"name":"Huge","size":1e400}'));
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toBe('body at size: the number 1e400 is out of range');
    expect(await territoryNames()).not.toEqual(expect.arrayContaining(['Twice A', 'Twice B', 'Huge']));
  });

  it('refuses a body that is not a JSON object on every route', async () => {
    for (const body of ['[{"name":"Listed"}]', '"Listed"', '42', 'null']) {
      const res = await call(server, 'POST', '/api/notifications/markRead', raw(body));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('body: expected a JSON object');
    }
  });
});

describe('query strings, URLs and headers', () => {
  it('refuses bracketed and repeated query parameters instead of ignoring them', async () => {
    for (const [query, message] of [
      ['status[]=complete', '"status[]": brackets are not understood'],
      ['q[a]=b', '"q[a]": brackets are not understood'],
      ['status=complete&status=cancelled', '"status" is given 2 times'],
    ]) {
      const res = await call(server, 'GET', `/api/workrequests?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await call(server, 'GET', '/api/workrequests?status=complete,cancelled')).status).toBe(200);
  });

  it('answers a URL over 8 KiB with 414 and one over the header limit with 431, both JSON', async () => {
    const long = await call(server, 'GET', `/api/workrequests?q=${'a'.repeat(9000)}`);
    expect(long.status).toBe(414);
    expect(long.body.error.code).toBe('uri_too_long');
    const huge = await rawExchange(
      server,
      `GET /api/workrequests?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(huge.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.text.split('\r\n\r\n')[1]!).error.code).toBe('headers_too_large');
  });

  it('answers URLs the router cannot take in the error shape', async () => {
    const encoding = await call(server, 'GET', '/api/users/%E0%A4%A');
    expect(encoding.status).toBe(400);
    expect(encoding.body.error).toMatchObject({
      code: 'bad_request',
      message: 'the URL path is not valid percent-encoding',
    });
    const segment = await call(server, 'GET', `/api/users/${'a'.repeat(200)}`);
    expect(segment.status).toBe(414);
    expect(segment.body.error.code).toBe('uri_too_long');
    expect(segment.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses an X-Range beyond its numbers', async () => {
    const res = await call(server, 'GET', '/api/workrequests', {
      headers: { 'X-Range': 'resources=0-99999999999999999999' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('X-Range');
  });

  it('refuses a Host header that is not a host, and builds links from a valid one', async () => {
    const bad = await getWithHost(server, '/api/users/me', 'evil.example/x?');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.message).toContain('Host');
    const good = await getWithHost(server, '/api/users/me', 'console.test:8443');
    expect(JSON.parse(good.body).$links.self).toMatch(/^\/\/console\.test:8443\/api\/Users\/[0-9a-f]{24}$/);
    for (const host of ['mws_app:8080', '[::1]:8080', '10.0.0.7'])
      expect((await getWithHost(server, '/api/users/me', host)).status, host).toBe(200);
  });
});

describe('slow clients', () => {
  it(`closes a connection whose body trickles in after ${REQUEST_TIMEOUT_S} s, with a 408, and stores nothing`, async () => {
    const head =
      `PUT /api/territories HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${basic(DEMO.admin)}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":"Trickled"';
    const result = await trickle(server, head, ' ', 8_000);
    expect(result.closedAfterMs).toBeLessThan((REQUEST_TIMEOUT_S + 3) * 1000);
    expect(result.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(result.text.split('\r\n\r\n')[1]!).error.code).toBe('request_timeout');
    expect(await territoryNames()).not.toContain('Trickled');
  });

  it(`closes a connection whose headers trickle in after ${HEADERS_TIMEOUT_S} s`, async () => {
    const result = await trickle(server, 'GET /api/healthz HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n', 8_000);
    expect(result.closedAfterMs).toBeLessThan((HEADERS_TIMEOUT_S + 3) * 1000);
    expect(result.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps the live stream open well past the request timeout, with the security and CORS headers', async () => {
    const stream = await openNotificationStream(server.url, DEMO.coordinator);
    try {
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.response.headers.get('access-control-expose-headers')).toContain('Content-Range');
      await new Promise((r) => setTimeout(r, (REQUEST_TIMEOUT_S + 2) * 1000));
      const wr = (
        await call(server, 'GET', '/api/workrequests?status=in-progress', {
          as: DEMO.admin,
          headers: { 'X-Range': 'resources=0-0' },
        })
      ).body[0];
      await call(server, 'POST', '/api/comments', {
        as: DEMO.admin,
        body: { workRequest: wr._id, body: 'Still there?' },
      });
      expect(firstNotification(await stream.readUntil('event: notification', 5000))).toMatchObject({
        type: 'wr-comment',
      });
    } finally {
      stream.close();
    }
  });
});

describe('security headers and pages', () => {
  it('sends API answers with nosniff, no framing and a CSP that loads nothing', async () => {
    const res = await call(server, 'GET', '/api/workrequests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const error = await call(server, 'GET', '/api/nowhere');
    expect(error.status).toBe(404);
    expect(error.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends pages with a strict CSP that no inline script of the page needs', async () => {
    const res = await fetch(`${server.url}/work-requests`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    // every script either loads a file or is data (the runtime configuration)
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src=| type="application\/json"/);
    expect(html).toContain('<script type="application/json" id="mws-config">{"apiBase":"/api"}</script>');
  });

  it('lets the pages call the configured API origin', async () => {
    const res = await fetch(`${publicServer.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.example.com");
  });

  it('answers HEAD on pages like GET, without a body', async () => {
    for (const page of ['/', '/work-requests']) {
      const get = await fetch(`${server.url}${page}`);
      const head = await fetch(`${server.url}${page}`, { method: 'HEAD' });
      expect(head.status, page).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'));
      expect(await head.text()).toBe('');
    }
  });
});

describe('MWS_PUBLIC_ORIGIN', () => {
  it('builds $links and app URLs from the configured origin, whatever the Host', async () => {
    const list = await call(publicServer, 'GET', '/api/workrequests', { headers: { 'X-Range': 'resources=0-0' } });
    const res = await getWithHost(publicServer, `/api/workrequests/${list.body[0]._id}`, 'attacker.example');
    const wr = JSON.parse(res.body);
    expect(wr.$links.self).toBe(`https://console.example.com/api/Workrequests/${wr._id}`);
    expect(wr.$links.project).toMatch(/^https:\/\/console\.example\.com\/api\/Projects\//);
    expect(wr.urls.view).toBe('https://console.example.com/work-requests/:workRequest');
    expect(res.body).not.toContain('attacker.example');
  });

  it('must be an origin: a path in it stops the server at start', async () => {
    await expect(startServer({ MWS_PUBLIC_ORIGIN: 'https://console.example.com/app' })).rejects.toThrow(
      /MWS_PUBLIC_ORIGIN: expected an origin only/,
    );
  });
});

/** A GET with a Host header of our choosing (fetch sets its own). */
function getWithHost(s: TestServer, pathname: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: portOf(s),
        path: pathname,
        headers: { Host: host, Authorization: basic(DEMO.admin), 'X-Requested-With': 'XMLHttpRequest' },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Sends `text` on a raw socket and collects the answer until the server closes the connection. */
function rawExchange(s: TestServer, text: string): Promise<{ text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(portOf(s), '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString()));
    socket.on('error', () => undefined); // the server may reset after answering
    socket.on('close', () => resolve({ text: received }));
    setTimeout(() => reject(new Error(`no close; got ${received.slice(0, 200)}`)), 10_000).unref();
  });
}

/** Sends `head`, then `drip` every 300 ms until the server closes the connection or `giveUpMs` passes. */
function trickle(
  s: TestServer,
  head: string,
  drip: string,
  giveUpMs: number,
): Promise<{ closedAfterMs: number; text: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    const socket = net.connect(portOf(s), '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, 300);
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ closedAfterMs: Date.now() - started, text });
    };
    socket.on('data', (c: Buffer) => (text += c.toString()));
    socket.on('error', () => undefined);
    socket.on('close', done);
    setTimeout(done, giveUpMs).unref();
  });
}
