/**
 * Ingest (docs/API.md "Ingest", docs/decisions/180): the time from an upload's completion (its last PATCH answered)
 * to its preview being ready (`$ingest.state` succeeded: probed, thumbnail and H.264/AAC proxy stored), for a 60 s
 * 1920×1080 25 fps H.264/AAC clip, beside ffmpeg making the same proxy alone from a local file (the floor: what the
 * job adds is the copy out of the blob store, ffprobe, the thumbnail and the writes). On SQLite (the disk) and, when
 * reachable, PostgreSQL (renditions as bytea pieces). Medians of BENCH_INGEST_ROUNDS (default 3).
 *
 *   npm run bench -- --only ingest
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './lib/processes';
import { postgresReachable, throwawayDatabase } from '../server/storage/postgres/testDatabase';
import { proxyArgs } from '../server/domain/ingest/renditions';
import type { ProbeFacts } from '../server/domain/ingest/probe';
import { editableAsset } from '../test/support/uploads';
import { makeClip, uploadWhole } from '../test/support/ingest';
import { call } from '../test/support/server';

const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);
const SECONDS = 60;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The time to ready of one upload: from its completion until the File's `$ingest` says succeeded. */
async function timeToReady(url: string, asset: string, clip: Buffer, n: number): Promise<number> {
  const id = await uploadWhole({ url }, clip, `bench clip ${n}.mp4`, { asset });
  const done = performance.now();
  for (;;) {
    const file = (await call({ url }, 'GET', `/api/files/${id}`)).body as { $ingest?: { state?: string } };
    const state = file.$ingest?.state;
    if (state === 'succeeded') return (performance.now() - done) / 1000;
    if (state === 'failed' || state === 'not-processed') throw new Error(`ingest ${state}: ${JSON.stringify(file)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function ffmpegAlone(source: string, dir: string): number {
  const facts: ProbeFacts = {
    type: 'video',
    format: 'mov,mp4',
    duration: SECONDS,
    audio: { codec: 'aac', channels: 1, sampleRate: 44100, streams: 1 },
  };
  const started = performance.now();
  const res = spawnSync('/usr/bin/ffmpeg', proxyArgs(source, path.join(dir, 'alone.mp4'), facts), { stdio: 'ignore' });
  if (res.status !== 0) throw new Error('ffmpeg alone failed');
  return (performance.now() - started) / 1000;
}

async function onStore(kind: 'sqlite' | 'postgres', clip: Buffer): Promise<{ store: string; seconds: number[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-ingest-'));
  const database = kind === 'postgres' ? await throwawayDatabase() : undefined;
  const server = await startServer({ dataDir, portBase: 8850, databaseUrl: database?.url });
  try {
    const asset = await editableAsset(server);
    const seconds: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      console.log(`ingest: ${SECONDS} s clip on ${kind} (round ${i + 1} of ${ROUNDS})…`);
      seconds.push(await timeToReady(server.url, asset, clip, i));
    }
    return { store: kind, seconds };
  } finally {
    await server.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<{ data: unknown; markdown: string }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-ingest-clip-'));
  try {
    console.log(`ingest: making a ${SECONDS} s 1920×1080 clip…`);
    const clip = makeClip(SECONDS, { size: '1920x1080' });
    const source = path.join(work, 'clip.mp4');
    fs.writeFileSync(source, clip);
    const alone = median(Array.from({ length: ROUNDS }, () => ffmpegAlone(source, work)));
    const runs = [await onStore('sqlite', clip)];
    if (!process.env.NOPG && (await postgresReachable())) runs.push(await onStore('postgres', clip));
    const markdown = [
      '## Ingest',
      '',
      `\`npm run bench -- --only ingest\` (bench/ingest.ts): a ${SECONDS} s 1920×1080 25 fps H.264/AAC clip`,
      `(${(clip.length / 2 ** 20).toFixed(1)} MiB) uploaded, then the time from the upload's completion to its`,
      `preview ready (probe, thumbnail, 640×360 proxy stored), polled every 100 ms; medians of ${ROUNDS}. Beside it,`,
      `ffmpeg making the same proxy alone from a local file: ${alone.toFixed(1)} s.`,
      '',
      '| store | upload done → preview ready (median) | rounds | × ffmpeg alone |',
      '|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${r.store} | ${median(r.seconds).toFixed(1)} s | ${r.seconds.map((s) => s.toFixed(1)).join(', ')} s | ${(median(r.seconds) / alone).toFixed(2)} |`,
      ),
      '',
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores).`,
      '',
    ].join('\n');
    return { data: { clipSeconds: SECONDS, alone, runs }, markdown };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
