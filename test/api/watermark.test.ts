/**
 * Watermarked previews (docs/API.md, "Watermarks"): a viewer who is not staff gets the clip and poster with their
 * name burnt in (other bytes than the original, another picture where the mark is, the same copy again on the next
 * view), staff get the original bytes, and a server without ffmpeg refuses rather than serving the clean clip.
 * Swapped viewers and hostile names: test/hardening/watermark.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';
import {
  changedPixels,
  clipAs,
  fetchLink,
  frame,
  original,
  originalPoster,
  type ClipPreview,
} from '../support/watermark';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(() => server?.stop());

describe('a viewer who is not staff', () => {
  let clip: ClipPreview;
  beforeAll(async () => {
    clip = await clipAs(server, ROLE_ACCOUNTS.translator);
  }, 30_000);

  it('gets links bound to them: view and poster name them inside the signature (docs/API.md, "Signed links")', async () => {
    const me = await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.translator });
    const id = me.body._id as string;
    for (const link of [clip.path, clip.media.poster]) {
      expect(new URL(link, server.url).searchParams.get('user')).toBe(id);
      expect(new URL(link, server.url).searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('is served a marked copy: other bytes, a changed picture, a still playable WebM, the same copy next time', async () => {
    const first = await fetchLink(server, clip.path);
    expect(first.res.status, first.bytes.toString().slice(0, 300)).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('video/webm');
    expect(first.bytes.equals(original)).toBe(false);
    for (const at of [2, 14, 27])
      expect(changedPixels(frame(first.bytes, at), frame(original, at)), `at ${at} s`).toBeGreaterThan(40);
    const again = await fetchLink(server, clip.path);
    expect(again.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // Byte ranges of the copy, as the player asks them.
    const range = await fetch(server.url + clip.path, { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(first.bytes.subarray(0, 100))).toBe(true);
    const kept = fs.readdirSync(path.join(server.dataDir, 'media', 'watermarked'));
    expect(kept.filter((n) => n.endsWith('.webm'))).toHaveLength(1);
  }, 180_000);

  it('gets a marked poster', async () => {
    const poster = await fetchLink(server, clip.media.poster);
    expect(poster.res.status).toBe(200);
    expect(poster.res.headers.get('content-type')).toBe('image/jpeg');
    expect(changedPixels(frame(poster.bytes, 0), frame(originalPoster, 0))).toBeGreaterThan(40);
  }, 60_000);
});

describe('staff', () => {
  it('admins and the studio’s coordinators get the original bytes', async () => {
    for (const as of [DEMO.admin, DEMO.coordinator]) {
      const clip = await clipAs(server, as);
      const { res, bytes } = await fetchLink(server, clip.path);
      expect(res.status).toBe(200);
      expect(bytes.equals(original)).toBe(true);
    }
  }, 30_000);
});

describe('a server without ffmpeg', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
  }, 90_000);
  afterAll(() => bare?.stop());

  it('says so at start, refuses marked previews with a clear error and still serves staff', async () => {
    const clip = await clipAs(bare, ROLE_ACCOUNTS.translator);
    const refused = await fetchLink(bare, clip.path);
    expect(refused.res.status).toBe(503);
    expect(JSON.parse(refused.bytes.toString())).toMatchObject({
      error: { code: 'watermark_unavailable', message: expect.stringMatching(/only with a watermark/) },
    });
    const poster = await fetchLink(bare, clip.media.poster);
    expect(poster.res.status).toBe(503);
    const staff = await clipAs(bare, DEMO.admin);
    const clean = await fetchLink(bare, staff.path);
    expect(clean.res.status).toBe(200);
    expect(clean.bytes.equals(original)).toBe(true);
    const { output } = await bare.terminate();
    expect(output).toMatch(/Watermarks: \/nonexistent\/ffmpeg cannot be run .*refused \(503 watermark_unavailable\)/s);
  }, 60_000);
});
