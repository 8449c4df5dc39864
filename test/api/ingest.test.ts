/**
 * Ingest (docs/API.md "Ingest"): a completed upload's File is processed by a durable job: a real clip (made here
 * with ffmpeg) gets its probe facts, a thumbnail and a web preview proxy; a file that is no media fails with a
 * warning, at once; queued jobs survive a restart; another user neither sees nor retries someone's ingest; without
 * ffmpeg the upload works and the File says "not processed"; a video's shot changes are found and served with it.
 * On both stores (the vitest projects).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type TestServer } from '../support/server';
import { waitFor } from '../support/balancer';
import { editableAsset, testBytes } from '../support/uploads';
import { ingested, makeClip, makeCutClip, uploadWhole, type FileWithIngest } from '../support/ingest';
import { tamperSignature } from '../support/signedLinks';

let server: TestServer;
let asset: string;

beforeAll(async () => {
  server = await startServer();
  asset = await editableAsset(server);
}, 120_000);
afterAll(async () => server?.stop());

const fetchBytes = async (link: string) => {
  const res = await fetch(server.url + link);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

/** ffprobe's view of bytes the server sent (the proxy). */
function probeBytes(bytes: Buffer) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mws-proxy-')), 'proxy.mp4');
  fs.writeFileSync(file, bytes);
  const out = spawnSync('/usr/bin/ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file], {
    encoding: 'utf8',
  });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return (JSON.parse(out.stdout) as { streams: { codec_type: string; codec_name: string; height?: number }[] }).streams;
}

describe('ingest of an uploaded clip', () => {
  let id: string;
  let file: FileWithIngest;

  beforeAll(async () => {
    id = await uploadWhole(server, makeClip(3, { size: '1280x720' }), 'Spot 30s (textless).mp4', { asset });
    file = await ingested(server, id);
  }, 90_000);

  it('probes it: type, duration, frame size and rate, audio; verified, no warnings', () => {
    expect(file.$ingest).toMatchObject({
      state: 'succeeded',
      progress: 1,
      attempts: 1,
      match: { asset, by: 'target' },
      probe: {
        type: 'video',
        width: 1280,
        height: 720,
        frameRate: 25,
        variableFrameRate: false,
        videoCodec: 'h264',
        audio: { codec: 'aac', channels: 1, sampleRate: 44100, streams: 1 },
      },
    });
    expect(file.$ingest.probe!.duration).toBeCloseTo(3, 0);
    expect(file).toMatchObject({ verified: true, warnings: [] });
    // Blob ids stay inside: the record carries signed links.
    expect(file).not.toHaveProperty('ingest');
  });

  it('makes a 320×180 JPEG thumbnail and an H.264/AAC MP4 proxy at most 360 lines, served by signed links', async () => {
    const thumb = await fetchBytes(file.$ingest.thumbnail!);
    expect(thumb.status).toBe(200);
    expect(thumb.type).toBe('image/jpeg');
    expect(thumb.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const proxy = await fetchBytes(file.$ingest.proxy!);
    expect(proxy.status).toBe(200);
    expect(proxy.type).toBe('video/mp4');
    const streams = probeBytes(proxy.bytes);
    expect(streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(streams.find((s) => s.codec_type === 'video')!.height).toBe(360);
    // A link tampered with is refused before anything is read.
    expect((await fetch(server.url + tamperSignature(file.$ingest.proxy!))).status).toBe(403);
  });

  it("lists it among the uploader's ingests, and the studio's for an admin; not for another user", async () => {
    const mine = await call(server, 'GET', '/api/ingests');
    expect(mine.status).toBe(200);
    expect((mine.body as { _id: string }[]).map((f) => f._id)).toContain(id);
    const admin = await call(server, 'GET', '/api/ingests?who=studio', { as: DEMO.admin });
    expect((admin.body as { _id: string }[]).map((f) => f._id)).toContain(id);
    const other = await call(server, 'GET', '/api/ingests', { as: ROLE_ACCOUNTS.translator });
    expect(other.status).toBe(200);
    expect((other.body as { _id: string }[]).map((f) => f._id)).not.toContain(id);
    const studio = await call(server, 'GET', '/api/ingests?who=studio', { as: ROLE_ACCOUNTS.translator });
    expect(studio.status).toBe(403);
    expect((await call(server, 'GET', '/api/ingests?state=done')).status).toBe(400);
  });

  it('is retried by its uploader (processed again), never by another user (404)', async () => {
    const before = await call(server, 'GET', `/api/files/${id}`, { as: DEMO.admin });
    const refused = await call(server, 'POST', `/api/files/${id}/ingest`, { as: ROLE_ACCOUNTS.translator });
    expect(refused.status).toBe(404);
    expect((await call(server, 'GET', `/api/files/${id}`, { as: DEMO.admin })).body).toEqual(before.body);
    const retried = await call(server, 'POST', `/api/files/${id}/ingest`);
    expect(retried.status).toBe(202);
    const again = await ingested(server, id);
    expect(again.$ingest).toMatchObject({ state: 'succeeded', attempts: 1 });
    // The renditions were made anew, and are served.
    expect((await fetchBytes(again.$ingest.thumbnail!)).status).toBe(200);
    expect(again.$ingest.finished).toBeGreaterThanOrEqual(file.$ingest.finished!);
  }, 60_000);
});

describe('ingest of what is not media', () => {
  it('fails at once, with a warning and the reason, unverified; the upload itself stands', async () => {
    const id = await uploadWhole(server, testBytes(200_000, 5), 'broken.mov', { asset });
    const file = await ingested(server, id);
    expect(file.$ingest).toMatchObject({ state: 'failed', attempts: 1 });
    expect(file.$ingest.error).toMatch(/ffprobe|no audio or video/);
    expect(file.$ingest).not.toHaveProperty('thumbnail');
    expect(file).toMatchObject({ verified: false, warnings: [{ code: 'unreadable' }] });
    expect((await call(server, 'GET', `/api/ingests?state=failed`)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: id })]),
    );
  });

  it('warns of a video without sound', async () => {
    const id = await uploadWhole(server, makeClip(2, { audio: false }), 'mute.mp4', { asset });
    const file = await ingested(server, id);
    expect(file.$ingest).toMatchObject({ state: 'succeeded', probe: { audio: null } });
    expect(file.warnings).toEqual([expect.objectContaining({ code: 'no_audio' })]);
  });
});

describe('ingest across a restart', () => {
  it('jobs waiting and under way when the server stops are all done after it starts again', async () => {
    const clip = makeClip(8, { size: '1280x720' });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await uploadWhole(server, clip, `reel ${n}.mp4`, { asset }));
    await waitFor(
      'a job under way',
      async () => {
        const got = await call(server, 'GET', `/api/files/${ids[0]}`);
        return (got.body as FileWithIngest).$ingest.state === 'processing' ? true : undefined;
      },
      30_000,
    );
    await server.restart();
    for (const id of ids) {
      const file = await ingested(server, id, DEMO.coordinator, 120_000);
      expect(file.$ingest.state).toBe('succeeded');
      expect((await fetchBytes(file.$ingest.proxy!)).status).toBe(200);
    }
  }, 240_000);
});

describe('ingest without ffmpeg', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
  }, 120_000);
  afterAll(async () => bare?.stop());

  it('keeps the upload and says "not processed"; a retry is 503 with the reason', async () => {
    const target = await editableAsset(bare);
    const id = await uploadWhole(bare, makeClip(1), 'clip.mp4', { asset: target });
    const file = (await call(bare, 'GET', `/api/files/${id}`)).body as FileWithIngest;
    expect(file.$ingest).toMatchObject({ state: 'not-processed' });
    expect(file.$ingest.error).toMatch(/ffmpeg/);
    expect(file.verified).toBe(false);
    const retry = await call(bare, 'POST', `/api/files/${id}/ingest`);
    expect(retry.status).toBe(503);
    expect(retry.body.error.message).toMatch(/not processed.*ffmpeg/);
  });
});

describe('shot changes of an ingested video', () => {
  let id: string;
  let file: FileWithIngest;

  beforeAll(async () => {
    id = await uploadWhole(server, makeCutClip(), 'Cuts (textless).mp4', { asset });
    file = await ingested(server, id);
  }, 90_000);

  it('are found by ffmpeg at ingest: the two cuts, in seconds', () => {
    expect(file.$ingest.state).toBe('succeeded');
    expect(file.$ingest.shotChanges).toEqual([2, 4]);
  });

  it('are served with the asset’s files to whoever may read them', async () => {
    const listed = await call(server, 'GET', `/api/files?asset=${asset}`, { as: DEMO.coordinator });
    expect(listed.status).toBe(200);
    const mine = (listed.body as FileWithIngest[]).find((f) => f._id === id);
    expect(mine?.$ingest.shotChanges).toEqual([2, 4]);
  });

  it('are not served to a user who may not read the asset', async () => {
    const one = await call(server, 'GET', `/api/files/${id}`, { as: ROLE_ACCOUNTS.translator });
    expect(one.status).toBe(404);
    const listed = await call(server, 'GET', `/api/files?asset=${asset}`, { as: ROLE_ACCOUNTS.translator });
    expect(JSON.stringify(listed.body)).not.toContain(id);
  });

  it('a single shot has none', async () => {
    const still = await ingested(server, await uploadWhole(server, makeClip(2), 'One shot.mp4', { asset }));
    expect(still.$ingest.shotChanges).toEqual([]);
  }, 90_000);
});
