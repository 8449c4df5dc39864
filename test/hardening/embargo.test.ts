/**
 * The attack suite's embargo probes (docs/API.md "Embargoes"): a person held by an embargo tries to reach the bytes
 * anyway — adding marks to an old link or putting another person in it, lifting or pre-telling the embargo through a
 * PUT, asking for access to what they cannot see, without credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';
import { assetNamed, grantDownload } from '../support/catalog';

let server: TestServer;
let fileId: string;
let assetId: string;
let oldLink: string;
let oldClip: string;
const nowS = () => Math.floor(Date.now() / 1000);

const status = async (link: string) => (await fetch(server.url + link)).status;

beforeAll(async () => {
  server = await startServer();
  const asset = await assetNamed(server, 'KOS', 'Main Trailer 2');
  assetId = asset._id;
  fileId = asset.$thumbnail._id;
  const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
  await grantDownload(server, DEMO.admin, { _id: me._id, name: me.name, emailNormal: me.emailNormal }, [asset]);
  oldLink = (await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator })).body.path;
  const previews = await call(server, 'GET', `/api/previews?asset=${assetId}`, { as: DEMO.translator });
  oldClip = previews.body.find((p: { media?: unknown }) => p.media).path;
  const put = await call(server, 'PUT', `/api/files/${fileId}`, {
    as: DEMO.admin,
    body: { embargo: { event: false, end: nowS() + 3600 } },
  });
  expect(put.status).toBe(200);
}, 90_000);
afterAll(() => server?.stop());

describe('a person held by an embargo', () => {
  it('cannot get through by adding marks to an old link, or by putting a staff member in it', async () => {
    for (const suffix of ['&embargo=bypass', '&embargo=bypass&embargo=bypass', '&embargo=', '&embargo=BYPASS']) {
      // 403 (not valid), or 400 for a repeated parameter: never the bytes.
      expect([400, 403], suffix).toContain(await status(oldLink + suffix));
      expect([400, 403], suffix).toContain(await status(oldClip + suffix));
    }
    expect(await status(oldLink)).toBe(403);
    const admin = (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body._id as string;
    expect(await status(oldLink.replace(/user=[0-9a-f]+/, `user=${admin}`))).toBe(403);
  });

  it('cannot lift it, nor mark its lift told, nor add requesters, through PUT /files/{id}', async () => {
    for (const body of [
      { embargo: { event: false } },
      { embargoLiftNotified: nowS() + 3600 },
      { embargoRequests: [] },
      { embargoSetBy: 'x' },
    ]) {
      const res = await call(server, 'PUT', `/api/files/${fileId}`, { as: ROLE_ACCOUNTS.translator, body });
      expect([400, 403]).toContain(res.status);
      expect(res.body.error.code).toBeTruthy();
    }
    // Not even an admin sets the server's own fields: they are refused or ignored, never stored.
    const res = await call(server, 'PUT', `/api/files/${fileId}`, {
      as: DEMO.admin,
      body: { embargoLiftNotified: nowS() + 3600, embargoRequests: ['000000000000000000000000'] },
    });
    expect(res.status).toBe(400);
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.translator });
    expect(file.body.$embargo.locked).toBe(true);
    expect(file.body.path).toBeUndefined();
  });

  it('cannot ask without credentials, for an unknown file, or for a malformed id', async () => {
    const anonymous = await call(server, 'POST', `/api/files/${fileId}/accessRequests`, { as: null });
    expect(anonymous.status).toBe(401);
    const unknown = await call(server, 'POST', '/api/files/0123456789abcdef01234567/accessRequests', {
      as: DEMO.translator,
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(server, 'POST', '/api/files/..%2F..%2Fetc/accessRequests', { as: DEMO.translator });
    expect(malformed.status).toBe(404);
  });
});

describe('a person the embargo does not hold', () => {
  it('gets a link of their own, which works under the embargo', async () => {
    const admin = (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body._id as string;
    const file = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.admin });
    expect(new URL(file.body.path, server.url).searchParams.get('user')).toBe(admin);
    expect(await status(file.body.path)).toBe(200);
  });
});
