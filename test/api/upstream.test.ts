/** `MWS_UPSTREAM`: the server proxies /api to another deployment of the interface instead of its own database. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import http from 'node:http';
import zlib from 'node:zlib';
import { startServer, call, basic, DEMO, type TestServer } from '../support/server';
import { notificationsIn, openNotificationStream } from '../support/stream';
import { raw } from '../support/raw';

let upstream: TestServer;
let proxy: TestServer;
beforeAll(async () => {
  upstream = await startServer();
  proxy = await startServer({ MWS_UPSTREAM: `${upstream.url}/api` });
});
afterAll(async () => {
  await proxy?.stop();
  await upstream?.stop();
});

it('forwards reads with their range and answers with the upstream records and Content-Range', async () => {
  const direct = await call(upstream, 'GET', '/api/workrequests/automateJob', {
    headers: { 'X-Range': 'resources=0-4' },
  });
  const proxied = await call(proxy, 'GET', '/api/workrequests/automateJob', {
    headers: { 'X-Range': 'resources=0-4' },
  });
  expect(proxied.status).toBe(200);
  expect(proxied.headers.get('content-range')).toBe(direct.headers.get('content-range'));
  expect(proxied.body.map((w: { _id: string }) => w._id)).toEqual(direct.body.map((w: { _id: string }) => w._id));
});

it('forwards writes and the upstream errors as they are', async () => {
  const wrong = await call(proxy, 'GET', '/api/users/me', { as: { username: 'admin@mws.test', password: 'wrong' } });
  expect(wrong.status).toBe(401);
  expect(wrong.body.error.code).toBe('unauthorized');
  const created = await call(proxy, 'PUT', '/api/territories', { as: DEMO.admin, body: { name: 'Via Proxy' } });
  expect(created.status).toBe(200);
  const seen = await call(upstream, 'GET', '/api/territories', { headers: { 'X-Range': 'resources=0-99' } });
  expect(seen.body.some((t: { name: string }) => t.name === 'Via Proxy')).toBe(true);
});

it('says so when the upstream is unreachable', async () => {
  const lost = await startServer({ MWS_UPSTREAM: 'http://127.0.0.1:9/api' });
  try {
    const res = await call(lost, 'GET', '/api/workrequests');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('bad_gateway');
    expect(res.body.error.message).toContain('did not answer');
  } finally {
    await lost.stop();
  }
  // It starts a server of its own: as long as a hook may take (on PostgreSQL that is a database made and migrated).
}, 60_000);

it('passes ETag and a stale If-Match as the upstream answers them: 409 with the current record', async () => {
  const list = await call(proxy, 'GET', '/api/territories', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-0' },
  });
  const id = list.body[0]._id;
  const read = await call(proxy, 'GET', `/api/territories/${id}`, { as: DEMO.admin });
  const etag = read.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"[0-9a-f]{24}-\d+"$/);
  const saved = await call(proxy, 'PUT', '/api/territories', {
    as: DEMO.admin,
    headers: { 'If-Match': etag },
    body: { _id: id, displayName: 'First' },
  });
  expect(saved.status).toBe(200);
  const stale = await call(proxy, 'PUT', '/api/territories', {
    as: DEMO.admin,
    headers: { 'If-Match': etag },
    body: { _id: id, displayName: 'Second' },
  });
  expect(stale.status).toBe(409);
  expect(stale.body.error.details.current.displayName).toBe('First');
});

it('answers 401 without the browser prompt when asked with X-Requested-With, with it otherwise', async () => {
  const wrong = { username: 'admin@mws.test', password: 'wrong' };
  const quiet = await call(proxy, 'GET', '/api/users/me', { as: wrong });
  expect(quiet.status).toBe(401);
  expect(quiet.headers.get('www-authenticate')).toBeNull();
  const res = await fetch(`${proxy.url}/api/users/me`, { headers: { Authorization: basic(wrong) } });
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toContain('Basic');
});

it('forwards POST bodies, and the upstream refuses a bad one', async () => {
  const wr = (
    await call(proxy, 'GET', '/api/workrequests?status=in-progress', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    })
  ).body[0];
  const posted = await call(proxy, 'POST', '/api/comments', {
    as: DEMO.admin,
    body: { workRequest: wr._id, body: 'Through the proxy' },
  });
  expect(posted.status).toBe(200);
  expect(posted.body.body).toBe('Through the proxy');
  const deep = await call(proxy, 'POST', '/api/comments', {
    as: DEMO.admin,
    raw: `{"workRequest":"${wr._id}","body":${'['.repeat(100)}${']'.repeat(100)}}`,
    headers: { 'Content-Type': 'application/json' },
  });
  expect(deep.status).toBe(400);
});

it('streams the live notifications through, including one caused by a write through the proxy', async () => {
  // Accept-Encoding goes upstream too: the live stream is still not compressed (nor held back to fill a block).
  const stream = await openNotificationStream(proxy.url, DEMO.coordinator, { 'Accept-Encoding': 'br, gzip' });
  try {
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(await stream.readUntil(': connected', 5000)).toContain(': connected');
    const wr = (
      await call(proxy, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=1-1' },
      })
    ).body[0];
    await call(proxy, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: wr._id, body: 'Ping through the proxy' },
    });
    // A notification of an earlier test's write may still be on its way (PostgreSQL's NOTIFY): look for this one.
    const text = await stream.readUntil(`"_id":"${wr._id}"`, 5000);
    const events = notificationsIn(text) as { type: string; event: { workRequest: { _id: string } } }[];
    const event = events.find((n) => n.event.workRequest._id === wr._id);
    expect(event?.type).toBe('wr-comment');
  } finally {
    stream.close();
  }
});

it('sends only the headers the interface uses, both ways', async () => {
  const seen: http.IncomingHttpHeaders[] = [];
  const paths: string[] = [];
  const echo = http.createServer((req, res) => {
    seen.push(req.headers);
    paths.push(req.url ?? '');
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Range': 'resources 0-0/1',
      'Set-Cookie': 'session=upstream',
      'Access-Control-Allow-Origin': '*',
      'X-Powered-By': 'upstream',
      'Keep-Alive': 'timeout=99',
    });
    res.end('[]');
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const port = (echo.address() as { port: number }).port;
  const viaEcho = await startServer({ MWS_UPSTREAM: `http://127.0.0.1:${port}/base/api` });
  try {
    const res = await call(viaEcho, 'GET', '/api/workrequests?status=complete', {
      headers: { 'X-Range': 'resources=0-0', Cookie: 'secret=1', 'X-Custom': 'no' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('resources 0-0/1');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('keep-alive') ?? '').not.toContain('99'); // the proxy's own connection, not the upstream's
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(paths.at(-1)).toBe('/base/api/workrequests?status=complete');
    expect(seen.at(-1)!.host).toBe(`127.0.0.1:${port}`);
    expect(
      Object.keys(seen.at(-1)!)
        .filter((h) => h !== 'host' && h !== 'connection')
        .sort(),
    ).toEqual(['accept', 'accept-encoding', 'authorization', 'x-range', 'x-requested-with']);
    // A header the client names in Connection is hop-by-hop: it stops at the proxy.
    await new Promise<void>((resolve, reject) => {
      const headers = {
        Authorization: basic(DEMO.admin),
        'X-Range': 'resources=0-0',
        Connection: 'keep-alive, X-Range',
      };
      http
        .get(`${viaEcho.url}/api/workrequests`, { headers }, (r) => r.resume().on('end', resolve))
        .on('error', reject);
    });
    expect(seen.at(-1)!['x-range']).toBeUndefined();
  } finally {
    await viaEcho.stop();
    await new Promise((resolve) => echo.close(resolve));
  }
});

const admin = { Authorization: basic(DEMO.admin), 'X-Requested-With': 'XMLHttpRequest' };

it('passes If-None-Match up and the upstream 304 back unchanged, with no body', async () => {
  const headers = { ...admin, 'X-Range': 'resources=0-49', 'Accept-Encoding': 'br' };
  const first = await raw(`${proxy.url}/api/workrequests`, headers);
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toBe('private, no-cache');
  const etag = first.headers.etag!;
  expect(etag).toMatch(/^W\/"h/);
  const again = await raw(`${proxy.url}/api/workrequests`, { ...headers, 'If-None-Match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  expect(again.headers.etag).toBe(etag);
  expect(again.headers['content-encoding']).toBeUndefined();
});

it('answers 200 through the proxy when only a list’s total changed since the ETag sent', async () => {
  // As in compression.test.ts, through the proxy: the unread count's request keeps its first item when the
  // second-newest unread notification is read; only the total drops, so the old ETag must not be a 304.
  const coordinator = { Authorization: basic(DEMO.coordinator), 'X-Requested-With': 'XMLHttpRequest' };
  const url = `${proxy.url}/api/notifications?read=false&summary=true`;
  const unread = await raw(url, { ...coordinator, 'X-Range': 'resources=0-1' });
  const listed = JSON.parse(unread.body.toString('utf8')) as { _id: string }[];
  expect(listed.length).toBe(2);
  const second = listed[1]!;
  const first = await raw(url, { ...coordinator, 'X-Range': 'resources=0-0' });
  expect(first.status).toBe(200);
  const total = Number(/\/(\d+)$/.exec(first.headers['content-range'] ?? '')?.[1]);
  const marked = await call(proxy, 'PUT', '/api/notifications', {
    as: DEMO.coordinator,
    body: { _id: second._id, read: true },
  });
  expect(marked.status).toBe(200);
  const again = await raw(url, { ...coordinator, 'X-Range': 'resources=0-0', 'If-None-Match': first.headers.etag! });
  expect(again.status).toBe(200);
  expect(again.headers['content-range']).toBe(`resources 0-0/${total - 1}`);
  expect(again.headers.etag).not.toBe(first.headers.etag);
});

it('passes If-Modified-Since up and Last-Modified back (a signed media link)', async () => {
  // The demo's clip with media (test/api/media.test.ts reads it the same way).
  const range = { headers: { 'X-Range': 'resources=0-99' } };
  const projects = await call(proxy, 'GET', '/api/projects', range);
  const project = projects.body.find((p: { filePrefix: string }) => p.filePrefix === 'KOS');
  const assets = await call(proxy, 'GET', `/api/assets/countByProject?project=${project._id}`, range);
  const asset = assets.body.find((a: { name: string }) => a.name === 'Main Trailer 2');
  const previews = await call(proxy, 'GET', `/api/previews?asset=${asset._id}`);
  const peaks = (previews.body as { media?: { peaks: string } }[]).find((p) => p.media)!.media!.peaks;
  const first = await raw(proxy.url + peaks, { 'Accept-Encoding': 'identity' });
  expect(first.status).toBe(200);
  const lastModified = first.headers['last-modified']!;
  expect(Date.parse(lastModified)).toBeGreaterThan(0);
  const again = await raw(proxy.url + peaks, { 'Accept-Encoding': 'identity', 'If-Modified-Since': lastModified });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

it('sends the upstream’s compressed bytes as they are: decoded once, the same JSON', async () => {
  const plain = await call(upstream, 'GET', '/api/workrequests', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-49', 'Accept-Encoding': 'identity' },
  });
  const origin = 'https://console.example.com';
  for (const [encoding, decode] of [
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const) {
    const res = await raw(`${proxy.url}/api/workrequests`, {
      ...admin,
      'X-Range': 'resources=0-49',
      'Accept-Encoding': encoding,
      Origin: origin,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    // The upstream's own length: the bytes were not encoded again on the way (that would be sent chunked).
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(decode(res.body).toString('utf8'))).toEqual(plain.body);
    expect(res.headers.vary).toBe('Origin, Authorization, Accept-Encoding');
    expect(res.headers['access-control-allow-origin']).toBe(origin);
  }
});

it('compresses JSON an upstream sends plain, for a client that accepts it, as this server’s own answers', async () => {
  const big = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ _id: `id${i}`, name: `Record number ${i}` })));
  const echo = http.createServer((req, res) => {
    const body = req.url?.endsWith('/small') ? '[]' : big;
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const port = (echo.address() as { port: number }).port;
  const viaEcho = await startServer({ MWS_UPSTREAM: `http://127.0.0.1:${port}/api` });
  try {
    const br = await raw(`${viaEcho.url}/api/big`, { 'Accept-Encoding': 'gzip;q=0.5, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(big);
    const gzip = await raw(`${viaEcho.url}/api/big`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(big);
    const plain = await raw(`${viaEcho.url}/api/big`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(big);
    const small = await raw(`${viaEcho.url}/api/small`, { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
    const head = await raw(`${viaEcho.url}/api/big`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(big));
  } finally {
    await viaEcho.stop();
    await new Promise((resolve) => echo.close(resolve));
  }
}, 60_000);
