/** Watermarked previews in tests (test/api/watermark.test.ts, test/hardening/watermark.test.ts): the GLO demo clip. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { call, type Account, type TestServer } from './server';
import { DEMO_MEDIA_ROOT } from '../../server/domain/media';

export const original = fs.readFileSync(path.join(DEMO_MEDIA_ROOT, 'glo-tv-spot-30s.webm'));
export const originalPoster = fs.readFileSync(path.join(DEMO_MEDIA_ROOT, 'glo-tv-spot-30s.jpg'));

export interface ClipPreview {
  _id: string;
  path: string;
  media: { poster: string; peaks: string };
}

export async function fetchLink(s: TestServer, link: string) {
  const res = await fetch(s.url + link);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The GLO "TV Spot 30s" clip's preview as `as` reads it. */
export async function clipAs(s: TestServer, as: Account): Promise<ClipPreview> {
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
export function frame(bytes: Buffer, seconds: number): Buffer {
  const file = path.join(os.tmpdir(), `mws-frame-${process.pid}-${Date.now()}`);
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
export const changedPixels = (a: Buffer, b: Buffer) =>
  a.reduce((n, v, i) => n + (Math.abs(v - (b[i] ?? 0)) > 40 ? 1 : 0), 0);
