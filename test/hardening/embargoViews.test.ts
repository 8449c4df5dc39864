/**
 * Attack: reading an embargoed picture, or a stale unlocked view, through the records around it (docs/API.md
 * "Embargoes"). A work request embeds its asset's thumbnail as a File-like snapshot and a share lists its assets with
 * their thumbnails: both follow the embargo of the file now, like the file record. A preview's (or an asset's)
 * validator changes when the embargo or the caller's grants change, so a conditional GET never keeps an old view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantDownload, permissionOf } from '../support/catalog';
import { stripComputed } from '../../src/api/schema/computed';
import { call, DEMO, startServer, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

const fx = {} as { wr: Rec; asset: Rec; thumb: string; preview: string; me: Rec };

beforeAll(async () => {
  server = await startServer();
  // A work request of the translator's whose asset has a thumbnail and a preview.
  const mine = await call(server, 'GET', '/api/workrequests', {
    as: DEMO.translator,
    headers: { 'X-Range': 'resources=0-99' },
  });
  for (const wr of mine.body as Rec[]) {
    if (typeof wr.asset?.thumbnail?._id !== 'string') continue;
    const previews = await call(server, 'GET', `/api/previews?asset=${wr.asset._id}`, { as: DEMO.translator });
    if (!(previews.body as Rec[]).length) continue;
    fx.wr = wr;
    fx.thumb = wr.asset.thumbnail._id;
    fx.preview = previews.body[0]._id;
    break;
  }
  expect(fx.wr, "a translator's work request with a thumbnail and a preview").toBeDefined();
  fx.asset = (await call(server, 'GET', `/api/assets/${fx.wr.asset._id}`, { as: DEMO.admin })).body;
  fx.me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
});
afterAll(async () => server?.stop());

const embargo = (body: Rec) =>
  call(server, 'PUT', `/api/files/${fx.thumb}`, { as: DEMO.admin, body: { embargo: body } });
const until = () => Math.floor(Date.now() / 1000) + 86_400;

describe('the records around an embargoed thumbnail', () => {
  it('a preview’s validator changes with the embargo: the old ETag is no longer current, the new one is', async () => {
    const path = `/api/previews/${fx.preview}`;
    const before = await call(server, 'GET', path, { as: DEMO.translator });
    expect(before.status).toBe(200);
    expect(before.body.$embargo).toBeUndefined();
    const etag = before.headers.get('etag')!;
    const set = await embargo({ event: false, end: until() });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const after = await call(server, 'GET', path, { as: DEMO.translator, headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.$embargo.locked).toBe(true);
    expect(after.body.path).toBeUndefined();
    expect(after.headers.get('etag')).not.toBe(etag);
    const again = await call(server, 'GET', path, {
      as: DEMO.translator,
      headers: { 'If-None-Match': after.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    // If-Match still reads the version: an admin's edit with the new validator is not a conflict.
    const edited = await call(server, 'PUT', path, {
      as: DEMO.admin,
      body: { label: before.body.label },
      headers: { 'If-Match': after.headers.get('etag')! },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });

  it('a work request’s embedded thumbnail is locked for a reader the embargo holds, with the file’s embargo', async () => {
    const held = await call(server, 'GET', `/api/workrequests/${fx.wr._id}`, { as: DEMO.translator });
    expect(held.status).toBe(200);
    expect(held.body.asset.thumbnail._id).toBe(fx.thumb);
    expect(held.body.asset.thumbnail.path).toBeUndefined();
    expect(held.body.asset.thumbnail.$embargo).toMatchObject({ locked: true, event: false });
    expect(held.body.asset.thumbnail.embargo.end).toBeGreaterThan(Date.now() / 1000);
    const listed = await call(server, 'GET', `/api/workrequests?q=${encodeURIComponent(fx.wr._id)}`, {
      as: DEMO.translator,
    });
    for (const row of listed.body as Rec[]) if (row._id === fx.wr._id) expect(row.asset.thumbnail.path).toBeUndefined();
    const staff = await call(server, 'GET', `/api/workrequests/${fx.wr._id}`, { as: DEMO.admin });
    expect(staff.body.asset.thumbnail.path).toEqual(expect.any(String));
    expect(staff.body.asset.thumbnail.$embargo).toMatchObject({ locked: false });
  });

  it('a share’s asset has no thumbnail link for a recipient the embargo holds', async () => {
    const a = fx.asset;
    await grantDownload(server, DEMO.admin, { _id: fx.me._id, name: fx.me.name, emailNormal: fx.me.emailNormal }, [
      { _id: a._id, project: a.project, studio: a.studio, name: a.name, slug: a.slug, type: a.type },
    ]);
    // The share lists the asset as the app adds it: with its thumbnail's id.
    const mine = await call(server, 'GET', '/api/shares', { as: DEMO.translator });
    const share = (mine.body as Rec[]).find((s) => (s.assets as Rec[]).some((x) => x._id === a._id))!;
    const listed = await call(server, 'PUT', `/api/shares/${share._id}`, {
      as: DEMO.admin,
      body: {
        assets: (share.assets as Rec[]).map((x) => ({
          ...stripComputed(x),
          ...(x._id === a._id ? { thumbnail: fx.thumb } : {}),
        })),
      },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const shares = await call(server, 'GET', '/api/shares', { as: DEMO.translator });
    const shared = (shares.body as Rec[]).flatMap((s) => s.assets as Rec[]).filter((x) => x._id === a._id);
    expect(shared.length).toBeGreaterThan(0);
    for (const x of shared) expect(x.$thumbnail).toBeUndefined();
    const lifted = await embargo({ event: false });
    expect(lifted.status).toBe(200);
    const open = await call(server, 'GET', '/api/shares', { as: DEMO.translator });
    const again = (open.body as Rec[]).flatMap((s) => s.assets as Rec[]).filter((x) => x._id === a._id);
    for (const x of again) expect(x.$thumbnail.path).toEqual(expect.any(String));
  });

  it('an asset’s validator changes when the caller’s grants do, though the asset did not', async () => {
    const path = `/api/assets/${fx.asset._id}`;
    const before = await call(server, 'GET', path, { as: DEMO.translator });
    expect(before.status).toBe(200);
    const shares = await call(server, 'GET', '/api/shares', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    });
    const share = shares.body[0] as Rec;
    const granted = await call(server, 'PUT', `/api/shares/${share._id}`, {
      as: DEMO.admin,
      body: {
        permissions: [
          ...share.permissions,
          permissionOf({
            user: fx.me._id,
            assets: [fx.asset._id],
            project: fx.asset.project,
            previews: 'clean',
            download: false,
            flags: ['sharing'],
          }),
        ],
      },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const after = await call(server, 'GET', path, {
      as: DEMO.translator,
      headers: { 'If-None-Match': before.headers.get('etag')! },
    });
    expect(after.status).toBe(200);
    expect(after.body.$permissions.access).toContain('share');
    expect(before.body.$permissions.access).not.toContain('share');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});
