/**
 * Resumable uploads (docs/API.md "Uploads", docs/decisions/167): a large file (1 GiB; BENCH_UPLOAD_MB) sent through
 * the tus endpoint in 8 MiB PATCHes on loopback, beside a plain curl POST of the same file (`--upload-file`) to a minimal
 * Node server that writes it to the same disk (and flushes it, as the upload does); the server's resident memory
 * sampled during the upload (start, peak, end: it should stay flat, the bytes streamed through). On SQLite (the
 * disk) and, when it is reachable, PostgreSQL (bytea pieces); then the completion's fallback measured apart: the
 * MD5 made again by reading the stored bytes back (what an upload finished through another instance pays).
 *
 *   npm run bench -- --only upload
 *   BENCH_UPLOAD_MB=2048 BENCH_UPLOAD_ROUNDS=1 npm run bench -- --only upload   # size in MiB, rounds (default 1024, 3)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, sampleRss, startProcess, startServer, type Running } from './lib/processes';
import { postgresReachable, throwawayDatabase } from '../server/storage/postgres/testDatabase';
import { DiskBlobs } from '../server/uploads/diskBlobs';
import { PostgresBlobs } from '../server/uploads/postgresBlobs';
import { storedMd5 } from '../server/uploads/uploadChecksum';
import type { BlobStore } from '../server/uploads/blobStore';

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const CHUNK = 8 * 2 ** 20;
const STAFF = `Basic ${Buffer.from('coordinator@mws.test:coordinator-demo').toString('base64')}`;

/** The plain receiver: the request body to a file on the same disk, flushed, then 204. */
const RECEIVER = `
const http = require('node:http'), fs = require('node:fs');
http.createServer((req, res) => {
  if (req.method === 'GET') return res.end('ok');
  const out = fs.createWriteStream(process.env.TARGET);
  req.pipe(out);
  out.on('finish', () => fs.fdatasync(out.fd, () => { out.close(); res.statusCode = 204; res.end(); }));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** CPU seconds (user + system) a process has used: steadier than wall time on a machine shared with other work. */
function cpuSeconds(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Run {
  store: string;
  seconds: number;
  /** The server's CPU seconds for the upload. */
  cpu: number;
  mbPerSecond: number;
  rss: { start: number; peak: number; end: number };
  /** The MD5 made again from the stored bytes (the completion's fallback), seconds. */
  rereadSeconds?: number;
}

async function makeFile(file: string): Promise<string> {
  const hash = createHash('md5');
  const out = fs.createWriteStream(file);
  const block = Buffer.alloc(2 ** 20);
  for (let i = 0; i < MB; i++) {
    for (let j = 0; j < block.length; j += 4) block.writeUInt32LE((i * 2654435761 + j * 40503) >>> 0, j);
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return hash.digest('hex');
}

function curlBaseline(
  file: string,
  port: number,
  target: string,
  receiverPid: number | undefined,
): { seconds: number; cpu: number } {
  const cpuBefore = cpuSeconds(receiverPid);
  const started = performance.now();
  const res = spawnSync('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    'Content-Type: application/octet-stream',
    '-H',
    'Expect:',
    '-X',
    'POST',
    // Streamed from the file (--upload-file): `--data-binary @file` reads the whole file into memory first, and
    // curl here refuses that for 1 GiB ("out of memory").
    '--upload-file',
    file,
    `http://127.0.0.1:${port}/`,
  ]);
  if (String(res.stdout) !== '204') throw new Error(`curl: ${String(res.stdout)} ${String(res.stderr)}`);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(receiverPid) - cpuBefore;
  fs.rmSync(target, { force: true });
  return { seconds, cpu };
}

async function asset(base: string): Promise<string> {
  const get = async (p: string) =>
    (await (await fetch(base + p, { headers: { Authorization: STAFF, 'X-Range': 'resources=0-0' } })).json()) as {
      _id: string;
    }[];
  const project = (await get('/api/projects'))[0]!._id;
  return (await get(`/api/assets/countByProject?project=${project}`))[0]!._id;
}

/** The whole tus exchange: POST, then 8 MiB PATCHes read from the file, the last one completing (md5 checked). */
async function upload(server: Running, file: string, md5: string): Promise<Run> {
  const meta = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
  const size = fs.statSync(file).size;
  const rss = server.rssMb();
  const sampler = sampleRss([server], 100);
  const cpuBefore = cpuSeconds(server.child.pid);
  const started = performance.now();
  const created = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: {
      Authorization: STAFF,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': meta({ filename: 'bench.mov', md5, asset: await asset(server.url) }),
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const location = server.url + created.headers.get('location')!;
  const handle = await fs.promises.open(file, 'r');
  const buffer = Buffer.alloc(CHUNK);
  try {
    for (let offset = 0; offset < size;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, offset);
      const res = await patch(location, offset, buffer.subarray(0, bytesRead));
      if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${res.body}`);
      offset = Number(res.offset);
    }
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const [peak] = sampler.stop();
  return {
    store: '',
    seconds,
    cpu: cpuSeconds(server.child.pid) - cpuBefore,
    mbPerSecond: MB / seconds,
    rss: { start: rss, peak: peak!, end: server.rssMb() },
  };
}

/**
 * One PATCH through node:http on a kept-alive connection, as a native client sends it: fetch (undici) itself takes
 * about twice curl's time to send 8 MiB bodies here, which would measure the client rather than the server.
 */
const agent = new http.Agent({ keepAlive: true });
function patch(
  location: string,
  offset: number,
  body: Buffer,
): Promise<{ status: number; offset: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      location,
      {
        method: 'PATCH',
        agent,
        headers: {
          Authorization: STAFF,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(body.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, offset: String(res.headers['upload-offset']), body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function reread(blobs: BlobStore, id: string, size: number): Promise<number> {
  const started = performance.now();
  await storedMd5(blobs, id, size);
  return (performance.now() - started) / 1000;
}

async function uploadedId(blobsDirOrUrl: { dir?: string; url?: string }): Promise<string> {
  if (blobsDirOrUrl.dir)
    return fs
      .readdirSync(blobsDirOrUrl.dir)
      .find((f) => f.endsWith('.bin'))!
      .slice(0, 24);
  const pg = (await import('pg')).default;
  const client = new pg.Client(blobsDirOrUrl.url);
  await client.connect();
  const { rows } = await client.query<{ id: string }>('SELECT id FROM mws_uploads LIMIT 1');
  await client.end();
  return rows[0]!.id;
}

const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function onStore(
  kind: 'sqlite' | 'postgres',
  file: string,
  md5: string,
  curl: () => { seconds: number; cpu: number },
): Promise<Run & { curlSeconds: number; curlCpu: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-upload-'));
  const database = kind === 'postgres' ? await throwawayDatabase() : undefined;
  const server = await startServer({ dataDir, portBase: 8800, databaseUrl: database?.url });
  try {
    // Rounds of curl and the upload in turn, medians of each: the machine is shared, its load moves within seconds.
    const rounds: Run[] = [];
    const curls: { seconds: number; cpu: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      console.log(`upload: ${MB} MiB by curl, then through tus on ${kind} (round ${i + 1} of ${ROUNDS})…`);
      curls.push(curl());
      rounds.push(await upload(server, file, md5));
    }
    const seconds = median(rounds.map((r) => r.seconds));
    const run = {
      store: kind,
      seconds,
      mbPerSecond: MB / seconds,
      curlSeconds: median(curls.map((c) => c.seconds)),
      curlCpu: median(curls.map((c) => c.cpu)),
      cpu: median(rounds.map((r) => r.cpu)),
      rss: {
        start: rounds[0]!.rss.start,
        peak: Math.max(...rounds.map((r) => r.rss.peak)),
        end: rounds[rounds.length - 1]!.rss.end,
      },
    } as Run & { curlSeconds: number; curlCpu: number };
    const size = fs.statSync(file).size;
    const blobs = database ? new PostgresBlobs(database.url) : new DiskBlobs(path.join(dataDir, 'uploads'));
    const id = await uploadedId(database ? { url: database.url } : { dir: path.join(dataDir, 'uploads') });
    run.rereadSeconds = await reread(blobs, id, size);
    await blobs.close();
    return run;
  } finally {
    await server.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<{ data: unknown; markdown: string }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-upload-file-'));
  const file = path.join(work, 'source.bin');
  try {
    console.log(`upload: making a ${MB} MiB file…`);
    const md5 = await makeFile(file);
    const receiverPort = freePort(8900);
    const target = path.join(work, 'received.bin');
    const receiver = await startProcess(['node', '-e', RECEIVER], {
      env: { PORT: String(receiverPort), TARGET: target },
      readyUrl: `http://127.0.0.1:${receiverPort}/`,
      url: `http://127.0.0.1:${receiverPort}`,
    });
    const curl = () => curlBaseline(file, receiverPort, target, receiver.child.pid);
    const runs: (Run & { curlSeconds: number; curlCpu: number })[] = [];
    try {
      runs.push(await onStore('sqlite', file, md5, curl));
      if (!process.env.NOPG && (await postgresReachable())) runs.push(await onStore('postgres', file, md5, curl));
    } finally {
      await receiver.stop();
    }
    const markdown = [
      '## Uploads',
      '',
      `\`npm run bench -- --only upload\` (bench/upload.ts): ${MB} MiB through /api/uploads in 8 MiB PATCHes on loopback`,
      'beside one plain curl POST of the same file (`--upload-file`: `--data-binary @file` cannot hold 1 GiB here)',
      'to a Node receiver writing the same disk and flushing it (medians of',
      `${ROUNDS} rounds, taken in turn).`,
      '',
      '| store | curl | upload | throughput | × curl | CPU: receiver / server | server RSS start / peak / end | MD5 re-read (fallback) |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${r.store} | ${r.curlSeconds.toFixed(1)} s | ${r.seconds.toFixed(1)} s | ${r.mbPerSecond.toFixed(0)} MiB/s | ${(r.curlSeconds / r.seconds).toFixed(2)} | ${r.curlCpu.toFixed(1)} s / ${r.cpu.toFixed(1)} s | ${r.rss.start} / ${r.rss.peak} / ${r.rss.end} MB | ${r.rereadSeconds?.toFixed(1)} s |`,
      ),
      '',
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores).`,
      '',
    ].join('\n');
    return { data: { mb: MB, runs }, markdown };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
