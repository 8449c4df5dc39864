/**
 * Bytes on the wire (docs/API.md, "Compression and validators"): API JSON compressed by negotiation above a threshold,
 * the live stream and media ranges left as they are, the built app's precompressed files, and ETags with 304s that
 * never tell one caller that another's view is current.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, DEMO, startServer, type Account, type TestServer } from '../support/server';
import { precompressFile } from '../../scripts/vite/precompress';
import { COMPRESSION_THRESHOLD } from '../../server/http/compression';
import { decode, raw, type Raw } from '../support/raw';

const as = (account: Account, more: Record<string, string> = {}): Record<string, string> => ({
  Authorization: basic(account),
  'X-Requested-With': 'XMLHttpRequest',
  ...more,
});

const PAGE = '/api/workrequests';
const FIFTY = { 'X-Range': 'resources=0-49' };

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-compression-dist-'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;
const style = 'a{color:red}\n'; // under the threshold: the build writes no encoded forms of it
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets', 'small-abc123.css'), style);
const indexHtml = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<!-- padding -->'.repeat(40)}</body></html>`;
fs.writeFileSync(path.join(dist, 'index.html'), indexHtml('MWS'));

let server: TestServer;

beforeAll(async () => {
  for (const f of ['assets/app-abc123.js', 'assets/small-abc123.css', 'index.html']) {
    await precompressFile(path.join(dist, f));
  }
  server = await startServer({ DIST_DIR: dist });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('API JSON', () => {
  it('is compressed with brotli or gzip as asked, and decodes to the same JSON as the plain answer', async () => {
    const plain = await raw(server.url + PAGE, as(DEMO.admin, { ...FIFTY, 'Accept-Encoding': 'identity' }));
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    for (const [header, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const res = await raw(server.url + PAGE, as(DEMO.admin, { ...FIFTY, 'Accept-Encoding': header }));
      expect(res.headers['content-encoding'], header).toBe(expected);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 3);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-range']).toBe(plain.headers['content-range']);
      expect(JSON.parse(decode(res).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
  });

  it('goes plain without Accept-Encoding, for identity, and when every encoding is refused (q=0)', async () => {
    for (const header of [undefined, 'identity', 'gzip;q=0, br;q=0', '*;q=0', 'deflate', 'br;q=0.5, identity']) {
      const headers = as(DEMO.admin, FIFTY);
      if (header !== undefined) headers['Accept-Encoding'] = header;
      const res = await raw(server.url + PAGE, headers);
      expect(res.status, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(Array.isArray(JSON.parse(res.body.toString('utf8')))).toBe(true);
      expect(res.headers.vary).toContain('Accept-Encoding');
    }
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const get = await raw(server.url + PAGE, as(DEMO.admin, { ...FIFTY, 'Accept-Encoding': 'br' }));
    const head = await raw(server.url + PAGE, as(DEMO.admin, { ...FIFTY, 'Accept-Encoding': 'br' }), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);
  });

  it('leaves answers under the threshold plain', async () => {
    const small = { 'X-Range': 'resources=0-0' };
    const plain = await raw(server.url + '/api/languages', as(DEMO.translator, small));
    expect(plain.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
    const res = await raw(
      server.url + '/api/languages',
      as(DEMO.translator, { ...small, 'Accept-Encoding': 'gzip, br' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.equals(plain.body)).toBe(true);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('compresses a repeated (cached) answer to the same bytes', async () => {
    const headers = as(DEMO.coordinator, { ...FIFTY, 'Accept-Encoding': 'br' });
    const first = await raw(server.url + PAGE, headers);
    const second = await raw(server.url + PAGE, headers);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.body.equals(first.body)).toBe(true);
    const gzip = await raw(server.url + PAGE, { ...headers, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(decode(gzip).equals(decode(first))).toBe(true);
  });
});

describe('what stays as it is', () => {
  it('streams live notifications uncompressed, event by event', async () => {
    const url = new URL(server.url + '/api/notifications/stream');
    const req = http.request(url, { headers: as(DEMO.coordinator, { 'Accept-Encoding': 'gzip, br' }) });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve).on('error', reject).end();
    });
    try {
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      await expect.poll(() => text, { timeout: 5000 }).toContain(': connected');
      const wr = (
        await call(server, 'GET', '/api/workrequests?status=in-progress', {
          as: DEMO.admin,
          headers: { 'X-Range': 'resources=0-0' },
        })
      ).body[0];
      await call(server, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest: wr._id, body: 'Bytes?' } });
      // The event arrives while the answer is still open: nothing holds it back to compress a block.
      await expect.poll(() => text, { timeout: 5000 }).toContain('event: notification');
      expect(res.complete).toBe(false);
    } finally {
      req.destroy();
    }
  });

  it('serves media byte ranges exactly as before: 206, the bytes asked for, no encoding', async () => {
    // The demo's trailer with a clip (as test/api/media.test.ts finds it).
    const projects = await call(server, 'GET', '/api/projects', { headers: { 'X-Range': 'resources=0-99' } });
    const project = projects.body.find((p: { filePrefix: string }) => p.filePrefix === 'KOS');
    const assets = await call(server, 'GET', `/api/assets/countByProject?project=${project._id}`, {
      headers: { 'X-Range': 'resources=0-99' },
    });
    const asset = assets.body.find((a: { name: string }) => a.name === 'Main Trailer 2');
    const previews = await call(server, 'GET', `/api/previews?asset=${asset._id}`);
    const clip = previews.body.find((p: { media?: unknown }) => p.media) as { path: string };
    const whole = await raw(server.url + clip.path, { 'Accept-Encoding': 'identity' });
    const part = await raw(server.url + clip.path, { Range: 'bytes=100-1123', 'Accept-Encoding': 'gzip, br' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(100, 1124))).toBe(true);
  });
});

describe('the built app', () => {
  const file = (name: string) => fs.readFileSync(path.join(dist, name));

  it('sends a hashed asset precompressed as negotiated, immutable, with its type and length; HEAD too', async () => {
    const url = server.url + '/assets/app-abc123.js';
    for (const [header, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['br;q=0, gzip', 'gzip', '.gz'],
      ['identity', undefined, ''],
    ] as const) {
      const res = await raw(url, { 'Accept-Encoding': header });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.equals(file(`assets/app-abc123.js${suffix}`))).toBe(true);
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(decode(res).toString('utf8')).toBe(script);
      const head = await raw(url, { 'Accept-Encoding': header }, 'HEAD');
      expect(head.headers['content-length']).toBe(res.headers['content-length']);
      expect(head.headers['content-encoding']).toBe(encoding);
      expect(head.body.length).toBe(0);
    }
    // The encoded files are not addresses of their own.
    expect((await raw(url + '.br')).status).toBe(404);
  });

  it('sends a file without encoded forms plain', async () => {
    const res = await raw(server.url + '/assets/small-abc123.css', { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body.toString('utf8')).toBe(style);
  });

  it('sends index.html with the configuration, compressed, revalidated: a reload is a 304 until it is rebuilt', async () => {
    const first = await raw(server.url + '/work-requests', { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-length']).toBe(String(first.body.length));
    expect(decode(first).toString('utf8')).toContain('<script type="application/json" id="mws-config">');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+\.br"$/);

    const reload = await raw(server.url + '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(reload.status).toBe(304);
    expect(reload.body.length).toBe(0);
    expect(reload.headers.etag).toBe(etag);
    const gzip = await raw(server.url + '/', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip).equals(decode(first))).toBe(true);

    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml('MWS rebuilt'));
    const rebuilt = await raw(server.url + '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.headers.etag).not.toBe(etag);
    expect(decode(rebuilt).toString('utf8')).toContain('MWS rebuilt');
  });
});

describe('validators', () => {
  it('answers a repeated list page with 304 and no body, and a changed one with 200 and a new ETag', async () => {
    const url = server.url + '/api/workrequests?sort=created';
    const first = await raw(url, as(DEMO.admin, { 'X-Range': 'resources=0-9' }));
    expect(first.headers.etag).toMatch(/^W\/"h[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const again = await raw(url, as(DEMO.admin, { 'X-Range': 'resources=0-9', 'If-None-Match': first.headers.etag! }));
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.vary).toBe('Authorization, Accept-Encoding');
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // Another page of the same list is another answer.
    const other = await raw(
      url,
      as(DEMO.admin, { 'X-Range': 'resources=10-19', 'If-None-Match': first.headers.etag! }),
    );
    expect(other.status).toBe(200);
  });

  it('answers 200 when only the total changed: a 304 would keep the browser copy’s old Content-Range', async () => {
    // The unread count's request (resources=0-0): marking the second-newest unread one read leaves the first item, the
    // whole body, as it was; only Content-Range's total drops. Browsers do not take Content-Range from a 304 (Chromium
    // keeps the stored one), so the navigation's badge stayed one too high
    // (docs/decisions/103-unread-counts-from-the-server.md).
    const url = server.url + '/api/notifications?read=false&summary=true';
    const zeroToZero = { 'X-Range': 'resources=0-0' };
    const unread = await call(server, 'GET', '/api/notifications?read=false&summary=true', {
      as: DEMO.coordinator,
      headers: { 'X-Range': 'resources=0-1' },
    });
    expect(unread.body.length).toBe(2);
    const first = await raw(url, as(DEMO.coordinator, zeroToZero));
    expect(first.status).toBe(200);
    const total = Number(/\/(\d+)$/.exec(first.headers['content-range'] ?? '')?.[1]);
    const marked = await call(server, 'PUT', '/api/notifications', {
      as: DEMO.coordinator,
      body: { _id: unread.body[1]._id, read: true },
    });
    expect(marked.status).toBe(200);
    const plain = await raw(url, as(DEMO.coordinator, zeroToZero));
    expect(decode(plain).toString('utf8')).toBe(decode(first).toString('utf8')); // the same first item
    const again = await raw(url, as(DEMO.coordinator, { ...zeroToZero, 'If-None-Match': first.headers.etag! }));
    expect(again.status).toBe(200);
    expect(again.headers.etag).not.toBe(first.headers.etag);
    expect(again.headers['content-range']).toBe(`resources 0-0/${total - 1}`);
    // Unchanged, it is a 304 again.
    const repeat = await raw(url, as(DEMO.coordinator, { ...zeroToZero, 'If-None-Match': again.headers.etag! }));
    expect(repeat.status).toBe(304);
  });

  it('answers a repeated record with 304, and 200 once its body changed under the same ETag', async () => {
    const wr = (await call(server, 'GET', '/api/workrequests?status=in-progress', { as: DEMO.admin })).body[0];
    const url = `${server.url}/api/workrequests/${wr._id}`;
    const first = await raw(url, as(DEMO.admin));
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-\d+"$/); // the record's own ETag, as If-Match reads it
    const again = await raw(url, as(DEMO.admin, { 'If-None-Match': etag }));
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // The same version named by another host is another body: its `$links` are absolute (`//host/api/…`).
    const otherHost = new URL(server.url).host.replace('localhost', '127.0.0.1');
    const after = await raw(url, as(DEMO.admin, { 'If-None-Match': etag, Host: otherHost }));
    expect(after.headers.etag).toBe(etag);
    expect(after.status).toBe(200);
    const links = (r: Raw) => JSON.stringify((JSON.parse(r.body.toString('utf8')) as { $links: unknown }).$links);
    expect(links(after)).not.toBe(links(first));
    // Two bodies went out under that ETag: no 304 for it any more, whichever copy the client holds.
    expect((await raw(url, as(DEMO.admin, { 'If-None-Match': etag }))).status).toBe(200);
  });

  it('never answers 304 for a view another caller was sent', async () => {
    // Lists: the admin sees every studio's orders, the translator only theirs.
    const url = server.url + '/api/workrequests';
    const admin = await raw(url, as(DEMO.admin));
    const translator = await raw(url, as(DEMO.translator, { 'If-None-Match': admin.headers.etag! }));
    expect(translator.status).toBe(200);
    expect(translator.headers.etag).not.toBe(admin.headers.etag);

    // Records: the same ETag, but the translator's view of their own user record is not the admin's copy.
    const me = await call(server, 'GET', '/api/users/me', { as: DEMO.translator });
    const userUrl = `${server.url}/api/users/${me.body._id}`;
    const byAdmin = await raw(userUrl, as(DEMO.admin));
    expect(byAdmin.status).toBe(200);
    const byTranslator = await raw(userUrl, as(DEMO.translator, { 'If-None-Match': byAdmin.headers.etag! }));
    expect(byTranslator.status).toBe(200);
    expect(byTranslator.headers.etag).toBe(byAdmin.headers.etag);
  });
});
