/**
 * Watermarked previews (docs/API.md, "Watermarks"): a viewer who is not staff gets the clip and poster with their
 * name burnt in (other bytes than the original, another picture where the mark is, the same copy again on the next
 * view), staff get the original bytes, the viewer in a link cannot be swapped, a hostile name neither breaks nor
 * injects into ffmpeg's filter graph, and a server without ffmpeg refuses rather than serving the clean clip.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';
import { DEMO_MEDIA_ROOT } from '../../server/domain/media';

let server: TestServer;
const original = fs.readFileSync(path.join(DEMO_MEDIA_ROOT, 'glo-tv-spot-30s.webm'));
const originalPoster = fs.readFileSync(path.join(DEMO_MEDIA_ROOT, 'glo-tv-spot-30s.jpg'));

interface ClipPreview {
  _id: string;
  path: string;
  media: { poster: string; peaks: string };
}

async function fetchLink(s: TestServer, link: string) {
  const res = await fetch(s.url + link);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The GLO "TV Spot 30s" clip's preview as `as` reads it. */
async function clipAs(s: TestServer, as: (typeof ROLE_ACCOUNTS)[keyof typeof ROLE_ACCOUNTS]): Promise<ClipPreview> {
  const projects = await call(s, 'GET', '/api/projects', { headers: { 'X-Range': 'resources=0-99' } });
  const project = projects.body.find((p: { filePrefix: string }) => p.filePrefix === 'GLO');
  const assets = await call(s, 'GET', `/api/assets/countByProject?project=${project._id}`, {
    headers: { 'X-Range': 'resources=0-99' },
  });
  const asset = assets.body.find((a: { name: string }) => a.name === 'TV Spot 30s');
  const previews = await call(s, 'GET', `/api/previews?asset=${asset._id}`, { as });
  expect(previews.status).toBe(200);
  return previews.body.find((p: { media?: unknown }) => p.media);
}

/** A grey 160×90 frame at `seconds` of a video (or the image), decoded by ffmpeg. */
function frame(bytes: Buffer, seconds: number): Buffer {
  const file = path.join(server.dataDir, `frame-input-${process.pid}`);
  fs.writeFileSync(file, bytes);
  const out = execFileSync(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
      ...['-vf', 'scale=160:90', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'],
    ],
    { maxBuffer: 1 << 20 },
  );
  fs.rmSync(file);
  expect(out.length).toBe(160 * 90);
  return out;
}

/** Pixels (of 160×90) that differ by more than a coding error between two frames. */
const changedPixels = (a: Buffer, b: Buffer) => a.reduce((n, v, i) => n + (Math.abs(v - (b[i] ?? 0)) > 40 ? 1 : 0), 0);

beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(() => server?.stop());

describe('a viewer who is not staff', () => {
  let clip: ClipPreview;
  beforeAll(async () => {
    clip = await clipAs(server, ROLE_ACCOUNTS.translator);
  }, 30_000);

  it('gets links bound to them: view and poster carry the viewer inside the signature, peaks do not', async () => {
    const me = await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.translator });
    const id = me.body._id as string;
    expect(clip.path).toMatch(new RegExp(`/view\\?viewer=${id}&expires=\\d+&sig=[0-9a-f]{64}$`));
    expect(clip.media.poster).toMatch(new RegExp(`/poster\\?viewer=${id}&expires=\\d+&sig=[0-9a-f]{64}$`));
    expect(clip.media.peaks).not.toContain('viewer=');
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

  it('cannot swap the viewer of a link: the signature covers it', async () => {
    const admin = await call(server, 'GET', '/api/users/me', { as: DEMO.admin });
    const swapped = clip.path.replace(/viewer=[0-9a-f]+/, `viewer=${admin.body._id as string}`);
    expect((await fetchLink(server, swapped)).res.status).toBe(403);
    const dropped = clip.path.replace(/viewer=[0-9a-f]+&/, '');
    expect((await fetchLink(server, dropped)).res.status).toBe(403);
  });
});

describe('staff', () => {
  it('admins and the studio’s coordinators get the original bytes through an unbound link', async () => {
    for (const as of [DEMO.admin, DEMO.coordinator]) {
      const clip = await clipAs(server, as);
      expect(clip.path).not.toContain('viewer=');
      const { res, bytes } = await fetchLink(server, clip.path);
      expect(res.status).toBe(200);
      expect(bytes.equals(original)).toBe(true);
    }
  }, 30_000);
});

describe('a hostile name', () => {
  it('is drawn as text: quotes, colons, backslashes, %{…}, brackets and newlines neither break nor add filters', async () => {
    const me = await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.client });
    const hostile = "O'Brien: \\'a\\:b %{pts} %{eif\\:1\\:d} [x];drawbox=c=red:t=fill,\nnull:fontfile=/etc/passwd";
    const put = await call(server, 'PUT', `/api/users/${me.body._id as string}`, {
      as: DEMO.admin,
      body: { name: hostile },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const clip = await clipAs(server, ROLE_ACCOUNTS.client);
    const poster = await fetchLink(server, clip.media.poster);
    expect(poster.res.status, poster.bytes.toString().slice(0, 300)).toBe(200);
    const marked = frame(poster.bytes, 0);
    // An injected `drawbox ... t=fill` would paint the whole picture: most pixels stay as they were.
    expect(changedPixels(marked, frame(originalPoster, 0))).toBeLessThan(160 * 90 * 0.3);
    expect(changedPixels(marked, frame(originalPoster, 0))).toBeGreaterThan(40);
  }, 60_000);
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
