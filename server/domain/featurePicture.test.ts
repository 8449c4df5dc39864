/**
 * The synthesised feature's picture, made by the real ffmpeg on a short piece (the demo's 90 minutes take minutes:
 * docs/decisions/218-demo-feature-picture.md), and its life in the media cache folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Doc } from '../storage/store';
import { featureShotTimes, PICTURE_HEIGHT, PICTURE_WIDTH } from './featurePicture';
import { MediaLibrary } from './mediaLibrary';
import { checkMediaTools } from './ingest/ingest';
import { runMediaTool, DEFAULT_FFMPEG_PATH } from './watermark/ffmpeg';

const SECONDS = 16;
const ffmpeg = () => checkMediaTools(DEFAULT_FFMPEG_PATH);

async function ffprobeStreams(file: string): Promise<{ codec_type: string; width?: number }[]> {
  const out = await runMediaTool(
    DEFAULT_FFMPEG_PATH.replace(/ffmpeg$/, 'ffprobe'),
    ['-v', 'error', '-show_entries', 'stream=codec_type,width', '-of', 'json', file],
    { timeoutMs: 30_000 },
  );
  return (JSON.parse(out) as { streams: { codec_type: string; width?: number }[] }).streams;
}

describe('the generated feature picture', () => {
  it('cuts where it says it does', () => {
    expect(featureShotTimes(22)).toEqual([5, 7, 10, 14, 15, 20, 21]);
    expect(featureShotTimes(5)).toEqual([]);
  });
});

describe('the feature picture in the media library', () => {
  let dir: string;
  let store: SqliteStore;
  let preview: Doc;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-picture-'));
    store = new SqliteStore(':memory:');
    const transcription = await store.insert('Translations', {
      lines: [
        { range: [1, 3], text: 'one' },
        { range: [8, 12], text: 'two' },
      ],
    });
    preview = (
      await store.insert('Previews', {
        media: { synth: { transcription: transcription.doc._id }, mime: 'audio/wav', duration: SECONDS },
      })
    ).doc;
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is made by ffmpeg with picture and sound, its shot changes found by the ingest’s detection', async () => {
    const media = new MediaLibrary(store, dir, { ffmpeg });
    expect(media.pictureOf(preview._id)).toBeUndefined();
    const [made, joined] = await Promise.all([media.picture(preview), media.picture(preview)]);
    expect(joined).toBe(made); // the second call joined the making under way
    expect(made?.width).toBe(PICTURE_WIDTH);
    const streams = await ffprobeStreams(made!.video);
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(streams.find((s) => s.codec_type === 'video')?.width).toBe(PICTURE_WIDTH);
    expect(PICTURE_HEIGHT).toBeGreaterThan(0);
    // Every generated cut is found, within a frame of the proxy (6 fps) and the muxer's millisecond timestamps.
    const expected = featureShotTimes(SECONDS);
    expect(made!.shotChanges).toHaveLength(expected.length);
    made!.shotChanges.forEach((t, i) => expect(Math.abs(t - expected[i]!)).toBeLessThan(0.2));
    // The view link now serves the picture; the peaks stay the soundtrack's.
    expect(await media.previewFile(preview, 'view')).toBe(made!.video);
    expect(await media.previewFile(preview, 'peaks')).toMatch(/\.peaks\.json$/);
    expect(await media.soundOf(preview)).toMatch(/\.wav$/); // what a viewer who must get a watermark is served
    expect(fs.readdirSync(dir).filter((f) => f.includes('.part'))).toEqual([]);
  });

  it('is reused after a restart, and made again when the cached file is cut short', async () => {
    const first = await new MediaLibrary(store, dir, { ffmpeg }).picture(preview);
    const made = fs.statSync(first!.video).mtimeMs;
    // A new server on the same folder: the cached picture is taken as it is, without running ffmpeg.
    const restarted = new MediaLibrary(store, dir, { ffmpeg: () => Promise.reject(new Error('ffmpeg was asked')) });
    expect(restarted.pictureOf(preview._id)?.shotChanges).toEqual(first!.shotChanges);
    expect((await restarted.picture(preview))?.video).toBe(first!.video);
    expect(fs.statSync(first!.video).mtimeMs).toBe(made);
    // A file cut short (a crash while copying, a full disk) does not match its facts: it is not served, and redone.
    fs.truncateSync(first!.video, 1000);
    const again = new MediaLibrary(store, dir, { ffmpeg });
    expect(again.pictureOf(preview._id)).toBeUndefined();
    expect(await again.previewFile(preview, 'view')).toMatch(/\.wav$/);
    const redone = await again.picture(preview);
    expect(fs.statSync(redone!.video).size).toBeGreaterThan(1000);
    expect(redone!.shotChanges).toEqual(first!.shotChanges);
  });

  it('is not made without ffmpeg: the media stays audio only', async () => {
    const media = new MediaLibrary(store, dir, {
      ffmpeg: () => Promise.resolve({ path: '/nowhere/ffmpeg', problem: '/nowhere/ffmpeg cannot be run' }),
    });
    expect(await media.picture(preview)).toBeUndefined();
    expect(await media.previewFile(preview, 'view')).toMatch(/\.wav$/);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.webm'))).toEqual([]);
  });
});
