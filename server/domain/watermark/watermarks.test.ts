/**
 * Copies made ahead (Watermarks.copyAhead: the demo feature's 90-minute picture, docs/decisions/218): started by the
 * first ask and answered `making` until made, in a lane of their own so that a clip's first view (which waits for
 * its copy) is never queued behind one; a failed making is `unavailable` for a while rather than started again on
 * every ask. ffmpeg is the real one; a gate in front of it (a shell script) holds the long job until the test lets
 * it go, so the order is proven rather than timed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_FFMPEG_PATH } from './ffmpeg';
import { Watermarks, type MarkRequest } from './watermarks';

let dir: string;
let gate: string;
let clip: string;
let long: string;
const viewer = { id: 'u1', name: 'Ann Lee', email: 'ann@example.test' };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-ahead-'));
  const make = (name: string, seconds: number) => {
    const file = path.join(dir, name);
    execFileSync(DEFAULT_FFMPEG_PATH, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=160x90:r=6:d=${seconds}`],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '50k', file],
    ]);
    return file;
  };
  clip = make('clip.webm', 2);
  long = make('long-held.webm', 4);
  // ffmpeg behind a gate: a job whose input is the held file waits until `release` exists; every job is counted.
  gate = path.join(dir, 'ffmpeg-gate.sh');
  fs.writeFileSync(
    gate,
    `#!/bin/sh\ncase "$*" in *-version*) exec ${DEFAULT_FFMPEG_PATH} "$@";; esac\necho run >> "${dir}/runs"\ncase "$*" in *long-held*) while [ ! -e "${dir}/release" ]; do sleep 0.05; done;; esac\n` +
      `exec ${DEFAULT_FFMPEG_PATH} "$@"\n`,
    { mode: 0o755 },
  );
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const request = (source: string): MarkRequest => ({
  source,
  kind: 'video',
  viewer,
  format: undefined,
  width: 160,
  height: 90,
});

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('makes a long copy ahead without holding a clip’s first view, then serves it', async () => {
  const marks = new Watermarks({
    ffmpegPath: gate,
    dir: path.join(dir, 'copies'),
    concurrency: 1,
    maxQueued: 16,
    maxBytes: 2 ** 30,
  });
  expect(await marks.copyAhead(request(long))).toEqual({ state: 'making' });
  expect(await marks.copyAhead(request(long))).toEqual({ state: 'making' }); // joins the making under way
  // The long one is held at the gate; the clip (one view slot, concurrency 1) is made meanwhile.
  const clipCopy = await marks.markedFile(request(clip));
  expect(fs.statSync(clipCopy).size).toBeGreaterThan(0);
  expect(fs.existsSync(path.join(dir, 'release'))).toBe(false);
  fs.writeFileSync(path.join(dir, 'release'), '');
  const made = await poll(
    () => marks.copyAhead(request(long)),
    (c) => 'file' in c,
  );
  expect(made).toMatchObject({ file: expect.stringMatching(/\.webm$/) });
  expect(fs.readFileSync((made as { file: string }).file).toString('hex', 0, 4)).toBe('1a45dfa3');
  // Two makings: the clip and the long one, each once.
  expect(fs.readFileSync(path.join(dir, 'runs'), 'utf8').trim().split('\n')).toHaveLength(2);
}, 120_000);

it('answers `unavailable` after a failed making, without trying again at every ask', async () => {
  const failing = path.join(dir, 'ffmpeg-fails.sh');
  // `-version` (the start's probe) must succeed for the tool to count as present: answer it, fail the rest.
  fs.writeFileSync(
    failing,
    `#!/bin/sh\ncase "$*" in *-version*) echo "ffmpeg version test"; exit 0;; esac\necho run >> "${dir}/failed-runs"\nexit 1\n`,
    { mode: 0o755 },
  );
  const marks = new Watermarks({
    ffmpegPath: failing,
    dir: path.join(dir, 'failing'),
    concurrency: 1,
    maxQueued: 16,
    maxBytes: 2 ** 30,
  });
  expect(await marks.copyAhead(request(clip))).toEqual({ state: 'making' });
  const after = await poll(
    () => marks.copyAhead(request(clip)),
    (c) => 'state' in c && c.state === 'unavailable',
  );
  expect(after).toEqual({ state: 'unavailable' });
  expect(await marks.copyAhead(request(clip))).toEqual({ state: 'unavailable' });
  expect(fs.readFileSync(path.join(dir, 'failed-runs'), 'utf8').trim().split('\n')).toHaveLength(1);
});
