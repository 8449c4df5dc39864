/** `MWS_UPSTREAM`: the server proxies /api to another deployment of the interface instead of its own database. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';

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
  const direct = await call(upstream, 'GET', '/api/workrequests/automateJob', { headers: { 'X-Range': 'resources=0-4' } });
  const proxied = await call(proxy, 'GET', '/api/workrequests/automateJob', { headers: { 'X-Range': 'resources=0-4' } });
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
    expect(res.body.error.message).toContain('did not answer');
  } finally {
    await lost.stop();
  }
});
