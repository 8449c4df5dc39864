/**
 * Signed links bound to a person (docs/API.md "Signed links") and the download and view records they leave
 * ("Downloads and views"): a link works only as far as its person's access does, checked on each use; a forged
 * person is refused; each download or view is one record (a video's range requests too), with the person, bytes
 * and address; `$transfer.downloaded` is the caller's own; `GET /assets/{id}/downloads` is for admins and the
 * asset's studio coordinators, paged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type Account, type TestServer } from '../support/server';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON records under test

let server: TestServer;
const ids: Record<string, string> = {};
/** A Harbor Lane asset (Sam's studio) with a file holding bytes, and a Northlight one (not Sam's). */
let harbor: { asset: Rec; fileId: string };
let north: { asset: Rec };
let clip: Rec;

async function assetsAs(account: Account): Promise<Rec[]> {
  const res = await call(server, 'GET', '/api/assets/countByProject', {
    as: account,
    headers: { 'X-Range': 'resources=0-199' },
  });
  expect(res.status).toBe(200);
  return res.body as Rec[];
}

/** A signed link used as a browser would: no credentials. */
async function useLink(link: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + link, { headers: { 'User-Agent': 'links-test/1', ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, json: () => JSON.parse(bytes.toString()) as Rec };
}

/** The records of an asset as admin, polled until `done` holds (records are written in batches after the answer). */
async function downloadsUntil(assetId: string, done: (rows: Rec[]) => boolean): Promise<Rec[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await call(server, 'GET', `/api/assets/${assetId}/downloads`, {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(res.status).toBe(200);
    if (done(res.body as Rec[])) return res.body as Rec[];
    if (Date.now() > deadline) throw new Error(`records not as expected: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const issueOf = (link: string) => new URL(link, 'http://x').searchParams.get('link');

beforeAll(async () => {
  server = await startServer();
  for (const [role, account] of Object.entries(ROLE_ACCOUNTS)) {
    ids[role] = (await call(server, 'GET', '/api/users/me', { as: account })).body._id;
  }
  const samAssets = await assetsAs(ROLE_ACCOUNTS.sam);
  const withFile = samAssets.find((a) => a.$thumbnail);
  expect(withFile).toBeDefined();
  harbor = { asset: withFile!, fileId: withFile!.$thumbnail._id };
  const samIds = new Set(samAssets.map((a) => a._id));
  north = { asset: (await assetsAs(DEMO.admin)).find((a) => !samIds.has(a._id) && a.studio)! };
  for (const a of await assetsAs(DEMO.admin)) {
    const previews = await call(server, 'GET', `/api/previews?asset=${a._id}`, { as: DEMO.admin });
    clip = previews.body.find((p: Rec) => p.media);
    if (clip) break;
  }
  expect(clip).toBeDefined();
}, 120_000);
afterAll(() => server?.stop());

describe('a download through a signed link', () => {
  it('writes one record: the link’s person, the file, its asset, the bytes, the address and the link issue', async () => {
    const file = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: ROLE_ACCOUNTS.sam });
    expect(file.status).toBe(200);
    expect(file.body.$transfer).toEqual({ downloaded: false });
    const got = await useLink(file.body.path);
    expect(got.status).toBe(200);
    const rows = await downloadsUntil(harbor.asset._id, (r) => r.some((d) => d.file === harbor.fileId));
    const mine = rows.filter((d) => d.file === harbor.fileId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'download',
      user: { _id: ids.sam },
      asset: harbor.asset._id,
      studio: harbor.asset.studio,
      bytes: got.bytes.length,
      requests: 1,
      link: issueOf(file.body.path),
      userAgent: 'links-test/1',
    });
    expect(mine[0]!.address).toMatch(/127\.0\.0\.1|::1/);
  });

  it('turns $transfer.downloaded true for the downloader only', async () => {
    const asSam = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: ROLE_ACCOUNTS.sam });
    expect(asSam.body.$transfer).toEqual({ downloaded: true });
    const list = await call(server, 'GET', `/api/files?asset=${harbor.asset._id}`, { as: ROLE_ACCOUNTS.sam });
    expect(list.body.find((f: Rec) => f._id === harbor.fileId).$transfer).toEqual({ downloaded: true });
    const asAdmin = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: DEMO.admin });
    expect(asAdmin.body.$transfer).toEqual({ downloaded: false });
  });

  it('a thumbnail’s link is not a download', async () => {
    const before = await downloadsUntil(harbor.asset._id, () => true);
    expect((await useLink(harbor.asset.$thumbnail.path)).status).toBe(200);
    // A download made after it is recorded; the thumbnail's use never is.
    const admin = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: DEMO.admin });
    expect((await useLink(admin.body.path)).status).toBe(200);
    const after = await downloadsUntil(harbor.asset._id, (r) => r.length === before.length + 1);
    expect(after.filter((d) => d.link === issueOf(harbor.asset.$thumbnail.path))).toEqual([]);
  });
});

describe('an offline’s download', () => {
  it('is a download record of the offline, its work request and asset, for the person who asked for it', async () => {
    const [wr] = (
      await call(server, 'GET', '/api/workrequests', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-0' } })
    ).body as Rec[];
    const offline = await call(server, 'POST', '/api/offlines', { as: DEMO.admin, body: { workRequest: wr!._id } });
    expect(offline.status).toBe(200);
    const got = await useLink(offline.body.path);
    expect(got.status).toBe(200);
    const rows = await downloadsUntil(wr!.asset._id, (r) => r.some((d) => d.offline === offline.body._id));
    expect(rows.find((d) => d.offline === offline.body._id)).toMatchObject({
      kind: 'download',
      user: { _id: ids.admin },
      workRequest: wr!._id,
      studio: wr!.studio,
      bytes: got.bytes.length,
      link: issueOf(offline.body.path),
    });
  });
});

describe('a video viewed with range requests', () => {
  it('is one view record whatever the number of ranges, with their bytes summed', async () => {
    const ranges = ['bytes=0-', 'bytes=1000-1999', 'bytes=5000-', 'bytes=-100'];
    let total = 0;
    for (const range of ranges) {
      const got = await useLink(clip.path, { Range: range });
      expect(got.status).toBe(206);
      total += got.bytes.length;
    }
    const rows = await downloadsUntil(clip.asset, (r) =>
      r.some((d) => d.preview === clip._id && d.requests === ranges.length),
    );
    const views = rows.filter((d) => d.preview === clip._id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ kind: 'view', user: { _id: ids.admin }, bytes: total, link: issueOf(clip.path) });
  });
});

describe('a link works only as far as its person’s access', () => {
  it('a link forged for another person (the user id changed) is refused 403', async () => {
    const file = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: ROLE_ACCOUNTS.sam });
    const forged = file.body.path.replace(`user=${ids.sam}`, `user=${ids.admin}`);
    expect(forged).not.toBe(file.body.path);
    const got = await useLink(forged);
    expect(got.status).toBe(403);
    expect(got.json().error.code).toBe('forbidden');
  });

  it('a coordinator moved out of the studio’s group: their links are refused at once (403 link_revoked)', async () => {
    const file = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: ROLE_ACCOUNTS.sam });
    expect((await useLink(file.body.path)).status).toBe(200);
    const preview = (await call(server, 'GET', `/api/previews?asset=${harbor.asset._id}`, { as: ROLE_ACCOUNTS.sam }))
      .body[0] as Rec | undefined;
    const sam = (await call(server, 'GET', `/api/users/${ids.sam}`, { as: DEMO.admin })).body;
    const groups = (
      await call(server, 'GET', '/api/groups', { as: DEMO.admin, headers: { 'X-Range': 'resources=0-99' } })
    ).body as Rec[];
    const northGroup = groups.find((g) => g.name === 'Northlight Localization')!;
    const moved = await call(server, 'PUT', `/api/users/${ids.sam}`, {
      as: DEMO.admin,
      body: { groups: [{ _id: northGroup._id }] },
    });
    expect(moved.status).toBe(200);
    try {
      const refused = await useLink(file.body.path);
      expect(refused.status).toBe(403);
      expect(refused.json().error.code).toBe('link_revoked');
      if (preview) expect((await useLink(preview.path)).status).toBe(403);
      // The records page follows the same access: Sam no longer sees the asset.
      expect(
        (await call(server, 'GET', `/api/assets/${harbor.asset._id}/downloads`, { as: ROLE_ACCOUNTS.sam })).status,
      ).toBe(404);
    } finally {
      await call(server, 'PUT', `/api/users/${ids.sam}`, {
        as: DEMO.admin,
        body: { groups: sam.groups.map((g: Rec) => ({ _id: g._id })) },
      });
    }
    expect((await useLink(file.body.path)).status).toBe(200);
  });

  it('a person disabled: their links are refused (403 link_revoked); enabled again, they work', async () => {
    const file = await call(server, 'GET', `/api/files/${harbor.fileId}`, { as: ROLE_ACCOUNTS.sam });
    const sam = (await call(server, 'GET', `/api/users/${ids.sam}`, { as: DEMO.admin })).body;
    const disable = await call(server, 'PUT', `/api/users/${ids.sam}`, {
      as: DEMO.admin,
      body: { status: { ...sam.status, approved: false } },
    });
    expect(disable.status).toBe(200);
    try {
      const refused = await useLink(file.body.path);
      expect(refused.status).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'link_revoked' });
    } finally {
      await call(server, 'PUT', `/api/users/${ids.sam}`, { as: DEMO.admin, body: { status: sam.status } });
    }
    expect((await useLink(file.body.path)).status).toBe(200);
  });
});

describe('GET /assets/{id}/downloads', () => {
  it('is for admins and the asset’s studio coordinators: 403 for others who see the asset, 404 for who does not', async () => {
    expect(
      (await call(server, 'GET', `/api/assets/${harbor.asset._id}/downloads`, { as: ROLE_ACCOUNTS.sam })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', `/api/assets/${north.asset._id}/downloads`, { as: ROLE_ACCOUNTS.sam })).status,
    ).toBe(404);
    expect((await call(server, 'GET', `/api/assets/${'f'.repeat(24)}/downloads`, { as: DEMO.admin })).status).toBe(404);
    for (const account of [ROLE_ACCOUNTS.translator, ROLE_ACCOUNTS.client]) {
      const seen = await call(server, 'GET', `/api/assets/${harbor.asset._id}`, { as: account });
      const res = await call(server, 'GET', `/api/assets/${harbor.asset._id}/downloads`, { as: account });
      expect(res.status).toBe(seen.status === 200 ? 403 : 404);
      expect(res.body.error.code).toBe(seen.status === 200 ? 'forbidden' : 'not_found');
    }
    expect((await call(server, 'GET', `/api/assets/${harbor.asset._id}/downloads`, { as: null })).status).toBe(401);
  });

  it('is paged with X-Range, newest first', async () => {
    const all = await downloadsUntil(harbor.asset._id, (r) => r.length >= 2);
    const first = await call(server, 'GET', `/api/assets/${harbor.asset._id}/downloads`, {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    expect(first.headers.get('content-range')).toBe(`resources 0-0/${all.length}`);
    const second = await call(server, 'GET', `/api/assets/${harbor.asset._id}/downloads`, {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=1-1' },
    });
    expect(second.body[0]._id).not.toBe(first.body[0]._id);
    expect(first.body[0].created).toBeGreaterThanOrEqual(second.body[0].created);
  });
});
