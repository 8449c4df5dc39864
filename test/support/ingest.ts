/**
 * Ingest test helpers (docs/API.md "Ingest"): real clips made with ffmpeg, uploaded in one PATCH, and a wait for
 * their File's `$ingest` to reach a final state (polled, never slept on).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, DEMO, type Account, type TestServer } from './server';
import { waitFor } from './balancer';
import { createUpload, md5Of, patchUpload } from './uploads';

type Where = Pick<TestServer, 'url'>;

/** The MP4 ffmpeg makes from `inputs` (lavfi sources and their mapping) with H.264 and the rest of `encode`. */
function encodeClip(inputs: string[], encode: string[]): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-clip-'));
  const out = path.join(dir, 'clip.mp4');
  const run = spawnSync(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', ...inputs],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...encode, out],
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`ffmpeg could not make the test clip: ${run.stderr}`);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A clip of `seconds` of ffmpeg's test picture (320×240, 25 fps) and a 440 Hz tone, as MP4 (H.264/AAC). */
export function makeClip(seconds: number, options: { audio?: boolean; size?: string } = {}): Buffer {
  const audio = options.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  return encodeClip(
    [...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${options.size ?? '320x240'}:rate=25`], ...audio],
    options.audio === false ? [] : ['-c:a', 'aac', '-shortest'],
  );
}

/** Uploads `bytes` as `filename` to `target` (`{asset}` or `{workrequest}`) in one PATCH: the File's id. */
export async function uploadWhole(
  server: Where,
  bytes: Uint8Array,
  filename: string,
  target: Record<string, string>,
  as: Account = DEMO.coordinator,
): Promise<string> {
  const created = await createUpload(server, {
    as,
    size: bytes.length,
    metadata: { filename, md5: md5Of(bytes), ...target },
  });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${JSON.stringify(created.body)}`);
  const done = await patchUpload(server, created.location, 0, bytes, as);
  const id = done.headers.get('x-file-id');
  if (done.status !== 204 || !id) throw new Error(`upload: ${done.status} ${JSON.stringify(done.body)}`);
  return id;
}

export interface IngestView {
  state: string;
  progress: number;
  attempts: number;
  uploader: string;
  error?: string;
  probe?: Record<string, unknown>;
  thumbnail?: string;
  proxy?: string;
  proxySkipped?: boolean;
  shotChanges?: number[];
  match?: { asset: string; by: string };
  finished?: number;
}

export type FileWithIngest = Record<string, unknown> & { $ingest: IngestView };

/** The File once its ingest is final (succeeded, failed, not processed). */
export function ingested(server: Where, id: string, as: Account = DEMO.coordinator, timeoutMs = 60_000) {
  return waitFor(
    `ingest of ${id}`,
    async () => {
      const got = await call(server, 'GET', `/api/files/${id}`, { as });
      const file = got.body as FileWithIngest;
      return ['succeeded', 'failed', 'not-processed'].includes(file.$ingest?.state) ? file : undefined;
    },
    timeoutMs,
  );
}

/**
 * A silent clip of three 2-second shots (ffmpeg's test picture, its colour bars, plain red; 320×240, 25 fps), as MP4:
 * cuts at 2 s and 4 s for the shot-change detection.
 */
export function makeCutClip(): Buffer {
  const shot = (source: string) => ['-f', 'lavfi', '-i', `${source}duration=2:size=320x240:rate=25`];
  return encodeClip(
    [
      ...[...shot('testsrc='), ...shot('smptebars='), ...shot('color=c=red:')],
      ...['-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]', '-map', '[v]'],
    ],
    [],
  );
}
