/**
 * Media through signed links (docs/API.md, "Media"): a preview's clip with byte ranges, HEAD and validators, its
 * peaks and poster, thumbnails of assets, work requests, shares and file records; expired and tampered links.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type TestServer } from '../support/server';
import { assetNamed } from '../support/catalog';
import { LinkSigner } from '../../server/domain/signing';
import { DEMO_MEDIA_ROOT } from '../../server/domain/media';
import { FEATURE_NAME, FEATURE_SECONDS } from '../../server/seed/feature';
import { featureShotTimes } from '../../server/domain/featurePicture';

interface Preview {
  path: string;
  media: {
    mime: string;
    duration: number;
    width?: number;
    height?: number;
    shotChanges?: number[];
    picturePending?: boolean;
    peaks?: string;
  };
}

let server: TestServer;
let signer: LinkSigner;
/** The signed-in demo user: the person the test's own links are made for. */
let me: { user: string };

/** Raw GET/HEAD of a signed link, without credentials. */
async function fetchLink(link: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(server.url + link, { method, headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

let clip: { _id: string; path: string; media: { peaks: string; poster: string; duration: number; mime: string } };
let asset: { _id: string; transcription: { dialogue: string }; $thumbnail: { _id: string; path: string } };
const clipBytes = fs.readFileSync(path.join(DEMO_MEDIA_ROOT, 'kos-main-trailer-2.webm'));

beforeAll(async () => {
  server = await startServer();
  signer = new LinkSigner(Buffer.from(fs.readFileSync(path.join(server.dataDir, 'signing.key'), 'utf8').trim(), 'hex'));
  me = { user: (await call(server, 'GET', '/api/users/me')).body._id };
  asset = await assetNamed(server, 'KOS', 'Main Trailer 2');
  const previews = await call(server, 'GET', `/api/previews?asset=${asset._id}`);
  clip = previews.body.find((p: { media?: unknown }) => p.media);
}, 90_000);
afterAll(() => server?.stop());

describe('a preview with a clip', () => {
  it('carries media: type, duration, size, frame rate, signed peaks and poster links', () => {
    expect(clip.media).toMatchObject({ mime: 'video/webm', duration: 110, width: 640, height: 360, frameRate: 25 });
    for (const link of [clip.path, clip.media.peaks, clip.media.poster]) {
      expect(link).toMatch(
        /^\/api\/previews\/[0-9a-f]{24}\/(view|peaks|poster)\?expires=\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&sig=[0-9a-f]{64}$/,
      );
    }
  });

  it('serves the whole clip with its type, length, validators and private caching for the link’s life', async () => {
    const { res, bytes } = await fetchLink(clip.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(res.headers.get('content-length'))).toBe(clipBytes.length);
    expect(bytes.equals(clipBytes)).toBe(true);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(3000);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    for (const [header, start, end] of [
      ['bytes=100-1099', 100, 1099],
      ['bytes=0-0', 0, 0],
      [`bytes=${clipBytes.length - 10}-`, clipBytes.length - 10, clipBytes.length - 1],
      ['bytes=-500', clipBytes.length - 500, clipBytes.length - 1],
      [`bytes=5-${clipBytes.length * 2}`, 5, clipBytes.length - 1],
    ] as const) {
      const { res, bytes } = await fetchLink(clip.path, { Range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${clipBytes.length}`);
      expect(Number(res.headers.get('content-length')), header).toBe(end - start + 1);
      expect(bytes.equals(clipBytes.subarray(start, end + 1)), header).toBe(true);
    }
  });

  it('answers a range past the end with 416 and the size; ignores malformed and multiple ranges', async () => {
    const past = await fetchLink(clip.path, { Range: `bytes=${clipBytes.length}-` });
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe(`bytes */${clipBytes.length}`);
    expect(JSON.parse(past.bytes.toString()).error.code).toBe('range_not_satisfiable');
    for (const header of ['bytes=0-1,5-9', 'items=0-9', 'bytes=9-2']) {
      const { res, bytes } = await fetchLink(clip.path, { Range: header });
      expect(res.status, header).toBe(200);
      expect(bytes.length, header).toBe(clipBytes.length);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const { res, bytes } = await fetchLink(clip.path, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(Number(res.headers.get('content-length'))).toBe(clipBytes.length);
    expect(bytes.length).toBe(0);
    const ranged = await fetchLink(clip.path, { Range: 'bytes=0-99' }, 'HEAD');
    expect(ranged.res.status).toBe(206);
    expect(ranged.res.headers.get('content-range')).toBe(`bytes 0-99/${clipBytes.length}`);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since; If-Range with another ETag gets it all', async () => {
    const first = await fetchLink(clip.path);
    const etag = first.res.headers.get('etag')!;
    const again = await fetchLink(clip.path, { 'If-None-Match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.res.headers.get('etag')).toBe(etag);
    const since = await fetchLink(clip.path, { 'If-Modified-Since': first.res.headers.get('last-modified')! });
    expect(since.res.status).toBe(304);
    expect((await fetchLink(clip.path, { 'If-None-Match': '"other"' })).res.status).toBe(200);
    const stale = await fetchLink(clip.path, { Range: 'bytes=0-9', 'If-Range': '"other"' });
    expect(stale.res.status).toBe(200);
    expect(stale.bytes.length).toBe(clipBytes.length);
    const fresh = await fetchLink(clip.path, { Range: 'bytes=0-9', 'If-Range': etag });
    expect(fresh.res.status).toBe(206);
  });

  it('refuses an expired link (410) and a tampered one (403), changing nothing', async () => {
    const viewPath = `/api/previews/${clip._id}/view`;
    const expired = await fetchLink(signer.sign(viewPath, me, Date.now() - 2 * 3600_000));
    expect(expired.res.status).toBe(410);
    expect(JSON.parse(expired.bytes.toString()).error.code).toBe('gone');
    const sig = /sig=([0-9a-f]+)/.exec(clip.path)![1]!;
    const flipped = clip.path.replace(sig, `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
    expect((await fetchLink(flipped)).res.status).toBe(403);
    // The peaks link's signature does not open the clip.
    const peaksQuery = clip.media.peaks.split('?')[1];
    expect((await fetchLink(`${viewPath}?${peaksQuery}`)).res.status).toBe(403);
    expect((await fetchLink(viewPath)).res.status).toBe(403);
  });

  it('serves peaks that wavesurfer takes as they are, loud where the transcription has lines', async () => {
    const { res, bytes } = await fetchLink(clip.media.peaks);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const peaks = JSON.parse(bytes.toString()) as { duration: number; rate: number; peaks: number[] };
    expect(Object.keys(peaks).sort()).toEqual(['duration', 'peaks', 'rate']);
    expect(peaks.duration).toBeCloseTo(110, 1);
    expect(peaks.rate).toBe(100);
    expect(peaks.peaks.length).toBe(Math.ceil(peaks.duration * peaks.rate));
    for (const v of peaks.peaks) expect(v >= 0 && v <= 1 && Math.round(v * 1000) === v * 1000).toBe(true);
    // Speech lines up with the lines: loud inside them, silent well outside.
    const transcription = await call(server, 'GET', `/api/translations/${asset.transcription.dialogue}`);
    const lines = transcription.body.lines as { range: [number, number] }[];
    expect(lines.length).toBeGreaterThan(10);
    const at = (s: number) => peaks.peaks[Math.floor(s * peaks.rate)] ?? 0;
    const inside = lines.map((l) => Math.max(...[0.2, 0.3, 0.4].map((f) => at(l.range[0] + 0.3 + f))));
    expect(inside.filter((v) => v > 0.05).length).toBeGreaterThan(lines.length * 0.8);
    const gaps = lines.slice(1).flatMap((l, i) => {
      const gapStart = lines[i]!.range[1];
      return l.range[0] - gapStart > 0.4 ? [at((gapStart + l.range[0]) / 2)] : [];
    });
    expect(gaps.filter((v) => v < 0.01).length).toBeGreaterThan(gaps.length * 0.8);
  });

  it('gzips the peaks for clients that accept it, with an ETag of their own', async () => {
    const plain = await fetchLink(clip.media.peaks, { 'Accept-Encoding': 'identity' });
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.res.headers.get('vary')).toBe('Accept-Encoding');
    const zipped = await fetchLink(clip.media.peaks, { 'Accept-Encoding': 'br;q=1, gzip;q=0.8' });
    expect(zipped.res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(zipped.res.headers.get('content-length'))).toBeLessThan(plain.bytes.length / 2);
    expect(zipped.bytes.equals(plain.bytes)).toBe(true); // fetch has unzipped it
    const etag = zipped.res.headers.get('etag')!;
    expect(etag).not.toBe(plain.res.headers.get('etag'));
    const again = await fetchLink(clip.media.peaks, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.res.status).toBe(304);
    const refused = await fetchLink(clip.media.peaks, { 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.res.headers.get('content-encoding')).toBeNull();
  });

  it('keeps CORS’s Vary: Origin beside Accept-Encoding on the peaks and on JSON answers', async () => {
    // An app served from another origin (MWS_API_BASE) reads both: a shared cache must not hand one origin's copy,
    // with its Access-Control-Allow-Origin, to another.
    const origin = 'https://console.example.com';
    const peaks = await fetchLink(clip.media.peaks, { Origin: origin, 'Accept-Encoding': 'gzip' });
    expect(peaks.res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(peaks.res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    const list = await call(server, 'GET', '/api/workrequests', {
      headers: { Origin: origin, 'X-Range': 'resources=0-49', 'Accept-Encoding': 'br' },
    });
    expect(list.headers.get('vary')).toBe('Origin, Authorization, Accept-Encoding');
  });

  it('serves the poster as a JPEG', async () => {
    const { res, bytes } = await fetchLink(clip.media.poster);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('keeps media out of a preview write and out of reach of a preview without media', async () => {
    const put = await call(server, 'PUT', `/api/previews/${clip._id}`, {
      body: { label: 'Final mix', media: { file: '../../../etc/passwd', mime: 'text/plain', duration: 1 } },
    });
    expect(put.status).toBe(200);
    expect(put.body.media).toMatchObject({ mime: 'video/webm', duration: 110 });
    const others = await call(server, 'GET', `/api/previews?asset=${asset._id}`);
    const plain = others.body.find((p: { media?: unknown }) => !p.media);
    if (plain) {
      const view = await fetchLink(plain.path);
      expect(view.res.status).toBe(200);
      expect(JSON.parse(view.bytes.toString())).toMatchObject({ preview: plain._id });
      const peaks = await fetchLink(signer.sign(`/api/previews/${plain._id}/peaks`, me));
      expect(peaks.res.status).toBe(404);
    }
  });
});

describe('the long feature', () => {
  it('has audio-only media made on first request: peaks under 1 MB that follow its lines, a WAV with ranges', async () => {
    const feature = await assetNamed(server, 'KOS', FEATURE_NAME);
    const previews = await call(server, 'GET', `/api/previews?asset=${feature._id}`);
    const p = previews.body.find((x: { media?: unknown }) => x.media);
    expect(p.media).toEqual({
      mime: 'audio/wav',
      duration: FEATURE_SECONDS,
      peaks: expect.stringMatching(/\/peaks\?/),
    });
    expect(fs.existsSync(path.join(server.dataDir, 'media', `${p._id}.wav`))).toBe(false); // not made at seed time

    // Two requests at once: one making, both answered with the same peaks.
    const [first, second] = await Promise.all([fetchLink(p.media.peaks), fetchLink(p.media.peaks)]);
    expect(first.res.status).toBe(200);
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(first.bytes.length).toBeLessThan(1_000_000);
    const peaks = JSON.parse(first.bytes.toString()) as { duration: number; rate: number; peaks: number[] };
    expect(peaks).toMatchObject({ duration: FEATURE_SECONDS, rate: 20 });
    expect(peaks.peaks.length).toBe(FEATURE_SECONDS * 20);
    const lines = (await call(server, 'GET', `/api/translations/${feature.transcription.dialogue}`)).body.lines as {
      range: [number, number];
    }[];
    expect(lines.length).toBe(3000);
    const at = (s: number) => peaks.peaks[Math.floor(s * peaks.rate)] ?? 0;
    expect(lines.filter((l) => at((l.range[0] + l.range[1]) / 2) > 0.05).length).toBeGreaterThan(2900);
    const quiet = lines.slice(1).filter((l, i) => l.range[0] - lines[i]!.range[1] > 1);
    expect(quiet.length).toBeGreaterThan(10);
    for (const [i, l] of lines.slice(1).entries()) {
      if (l.range[0] - lines[i]!.range[1] > 1) expect(at((l.range[0] + lines[i]!.range[1]) / 2)).toBe(0);
    }

    const head = await fetchLink(p.path, {}, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get('content-type')).toBe('audio/wav');
    expect(Number(head.res.headers.get('content-length'))).toBe(44 + FEATURE_SECONDS * 8000);
    const header = await fetchLink(p.path, { Range: 'bytes=0-43' });
    expect(header.res.status).toBe(206);
    expect(header.bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.bytes.toString('ascii', 8, 12)).toBe('WAVE');
    expect(header.bytes.readUInt32LE(24)).toBe(8000);
    const middle = await fetchLink(p.path, { Range: 'bytes=20000000-20000999' });
    expect(middle.res.status).toBe(206);
    expect(middle.bytes.length).toBe(1000);
    expect(fs.existsSync(path.join(server.dataDir, 'media', `${p._id}.wav`))).toBe(true);
  }, 120_000);

  it('a freshly seeded server makes it in the background at start (PREPARE_MEDIA), so its first viewer does not wait; then its picture', async () => {
    // The picture for the first 20 s only (docs/decisions/218): the whole 90 minutes take minutes of CPU.
    const fresh = await startServer({ PREPARE_MEDIA: 'true', FEATURE_PICTURE_SECONDS: '20' });
    try {
      const feature = (
        await call(fresh, 'GET', `/api/previews?asset=${(await assetNamed(server, 'KOS', FEATURE_NAME))._id}`)
      ).body as { _id: string; media?: unknown }[];
      // The seed is the same on both servers, so the ids are too.
      const id = feature.find((x) => x.media)!._id;
      const wav = path.join(fresh.dataDir, 'media', `${id}.wav`);
      const deadline = Date.now() + 90_000;
      while (!fs.existsSync(wav) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      // Nothing asked for the preview's media: the server made it on its own.
      expect(fs.existsSync(wav)).toBe(true);
      expect(fs.statSync(wav).size).toBe(44 + FEATURE_SECONDS * 8000);

      // Then ffmpeg gives it a picture: the preview becomes a WebM with the shot changes the ingest's detection found.
      const previewOf = async () => (await call(fresh, 'GET', `/api/previews/${id}`)).body as Preview;
      let p = await previewOf();
      while (p.media.mime !== 'video/webm' && Date.now() < deadline + 120_000) {
        await new Promise((r) => setTimeout(r, 500));
        p = await previewOf();
      }
      expect(p.media).toMatchObject({ mime: 'video/webm', duration: FEATURE_SECONDS, width: 320, height: 180 });
      const cuts = featureShotTimes(20);
      expect(p.media.shotChanges).toHaveLength(cuts.length);
      p.media.shotChanges!.forEach((t, i) => expect(Math.abs(t - cuts[i]!)).toBeLessThan(0.2));
      const head = await fetch(fresh.url + p.path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('video/webm');
      const start = Buffer.from(
        await (await fetch(fresh.url + p.path, { headers: { Range: 'bytes=0-3' } })).arrayBuffer(),
      );
      expect(start.toString('hex')).toBe('1a45dfa3'); // EBML: a WebM

      // The translator's previews are marked: their copy of the picture is made ahead, started by their first look
      // (docs/decisions/218); meanwhile their record says audio with a picture on its way (and the film's shot
      // changes), and their link serves the sound.
      const theirsNow = async () =>
        (await call(fresh, 'GET', `/api/previews/${id}`, { as: DEMO.translator })).body as Preview;
      const first = await theirsNow();
      expect(first.media).toMatchObject({ mime: 'audio/wav', duration: FEATURE_SECONDS, picturePending: true });
      expect(first.media.width).toBeUndefined();
      expect(first.media.shotChanges).toEqual(p.media.shotChanges);
      const heard = await fetch(fresh.url + first.path, { method: 'HEAD' });
      expect(heard.headers.get('content-type')).toBe('audio/wav');
      // Then their record shows the picture, and their link serves their marked copy: a WebM, not the original's bytes.
      let theirs = first;
      const marking = Date.now() + 120_000;
      while (theirs.media.mime !== 'video/webm' && Date.now() < marking) {
        await new Promise((r) => setTimeout(r, 250));
        theirs = await theirsNow();
      }
      expect(theirs.media).toMatchObject({ mime: 'video/webm', width: 320, height: 180 });
      expect(theirs.media.picturePending).toBeUndefined();
      // Another link than the sound's (the browser cached that one's bytes): a new issue id, signed as ever.
      expect(theirs.path).not.toBe(first.path);
      const marked = await fetch(fresh.url + theirs.path);
      expect(marked.headers.get('content-type')).toBe('video/webm');
      const markedBytes = Buffer.from(await marked.arrayBuffer());
      const original = Buffer.from(await (await fetch(fresh.url + p.path)).arrayBuffer());
      expect(markedBytes.toString('hex', 0, 4)).toBe('1a45dfa3');
      expect(markedBytes.equals(original)).toBe(false);
      // The peaks stay the soundtrack's, for both of them.
      for (const link of [p.media.peaks!, theirs.media.peaks!]) {
        const peaks = await fetch(fresh.url + link);
        expect(peaks.headers.get('content-type'), link).toMatch(/^application\/json/);
        expect(((await peaks.json()) as { duration: number }).duration).toBe(FEATURE_SECONDS);
      }
      // The admin's stays the original (no mark for staff).
      expect(p.media.picturePending).toBeUndefined();
    } finally {
      await fresh.stop();
    }
  }, 300_000);
});

describe('thumbnails', () => {
  const isJpeg = async (link: string) => {
    const { res, bytes } = await fetchLink(link);
    expect(res.status, link).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  };

  it('an asset links its thumbnail’s image (a thumbnail link), and the file record’s path is a download link to it', async () => {
    expect(asset.$thumbnail._id).toBeTruthy();
    expect(asset.$thumbnail.path).toMatch(
      /^\/api\/files\/[0-9a-f]{24}\/content\?expires=\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&use=thumbnail&sig=[0-9a-f]{64}$/,
    );
    await isJpeg(asset.$thumbnail.path);
    const file = await call(server, 'GET', `/api/files/${asset.$thumbnail._id}`);
    expect(file.status).toBe(200);
    expect(file.body.content).toBeUndefined();
    // The same bytes; the file's own path is a download (recorded), the thumbnail's is not (docs/API.md "Media").
    expect(file.body.path.split('?')[0]).toBe(asset.$thumbnail.path.split('?')[0]);
    expect(file.body.path).not.toContain('use=');
    await isJpeg(file.body.path);
  });

  it('a work request list embeds the thumbnail with a signed path', async () => {
    const list = await call(server, 'GET', '/api/workrequests', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-4' },
    });
    expect(list.status).toBe(200);
    for (const wr of list.body) {
      expect(wr.asset.thumbnail.path).toMatch(/^\/api\/files\/[0-9a-f]{24}\/content\?/);
      await isJpeg(wr.asset.thumbnail.path);
    }
  });

  it('a share’s assets link their thumbnails', async () => {
    const shares = await call(server, 'GET', '/api/shares', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-0' },
    });
    const a = shares.body[0].assets[0];
    expect(a.$thumbnail._id).toBe(a.thumbnail);
    await isJpeg(a.$thumbnail.path);
  });

  it('a file without content keeps its path, and a signed link to it is a 404; PUT does not move the path', async () => {
    const files = await call(server, 'GET', `/api/files?asset=${asset._id}`);
    const plain = files.body.find((f: { _id: string }) => f._id !== asset.$thumbnail._id);
    expect(plain.path).toMatch(/^\/files\//);
    const missing = await fetchLink(signer.sign(`/api/files/${plain._id}/content`, me));
    expect(missing.res.status).toBe(404);
    expect(JSON.parse(missing.bytes.toString()).error.code).toBe('not_found');
    const put = await call(server, 'PUT', `/api/files/${asset.$thumbnail._id}`, {
      body: { path: '/etc/passwd', tags: ['thumbnail', 'key'] },
    });
    expect(put.status).toBe(200);
    expect(put.body.path).toMatch(/^\/api\/files\/[0-9a-f]{24}\/content\?/);
    await isJpeg(put.body.path);
  });
});
