/**
 * Server benchmarks (issue 8, part 5 and 6): autocannon, 50 connections for 10 s each, against this server on
 * 100,000 work requests — with its response cache (default) and without — beside a bare node:http server answering
 * the same bytes from memory (the ceiling) and json-server serving the same records (a popular peer).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../server/storage/sqlite/sqliteStore';
import { seedLarge, type BenchmarkIds } from '../server/seed/large';
import { ROOT, startProcess, type Running } from './lib/processes';
import { load, type LoadResult } from './lib/autocannon';

const AUTH = `Basic ${Buffer.from('coordinator@mws.test:coordinator-demo').toString('base64')}`;
/** The demo coordinator, who sees every work request. */
export const HEADERS = { Authorization: AUTH, 'X-Requested-With': 'XMLHttpRequest' };

export interface ServerTarget {
  name: string;
  method: 'GET' | 'PUT';
  path: string;
  range?: string;
  body?: string;
  /** The request json-server answers for the same records, when it can. */
  jsonServerPath?: string;
}

export interface ServerRow {
  target: string;
  ours: LoadResult;
  oursUncached: LoadResult;
  bare: LoadResult;
  jsonServer?: LoadResult;
}

export interface ServerReport {
  workRequests: number;
  seedMs: number;
  rows: ServerRow[];
  rssMbAfter: number;
  duration: number;
  connections: number;
}

/** Makes (or reuses) a data directory with the demo set plus `n` work requests. */
export async function dataDir(n: number): Promise<{ dir: string; ids: BenchmarkIds; seedMs: number }> {
  const dir = path.join(ROOT, '.tmp', `bench-data-${n}`);
  const marker = path.join(dir, 'bench-ids.json');
  if (fs.existsSync(marker))
    return { ...(JSON.parse(fs.readFileSync(marker, 'utf8')) as { ids: BenchmarkIds }), dir, seedMs: 0 };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const store = new SqliteStore(path.join(dir, 'mws.sqlite'));
  const started = Date.now();
  const summary = await seedLarge(store, { workRequests: n });
  const seedMs = Date.now() - started;
  await store.close();
  fs.writeFileSync(marker, JSON.stringify({ ids: summary.benchmark }));
  return { dir, ids: summary.benchmark, seedMs };
}

export function startOurs(dir: string, port: number, cache: boolean): Promise<Running> {
  return startProcess([process.execPath, '--import', 'tsx', 'server/main.ts'], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG: 'false',
      SEED: 'false',
      RESPONSE_CACHE: String(cache),
      DIST_DIR: path.join(dir, 'none'),
    },
    readyUrl: `http://127.0.0.1:${port}/healthz`,
    url: `http://127.0.0.1:${port}`,
  });
}

/** Records what our server answers, so the bare server can answer the same bytes. */
async function record(
  base: string,
  targets: ServerTarget[],
): Promise<Record<string, { status: number; headers: Record<string, string>; body: string }>> {
  const out: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const t of targets) {
    const res = await fetch(base + t.path, {
      method: t.method,
      headers: {
        ...HEADERS,
        ...(t.range ? { 'X-Range': t.range } : {}),
        ...(t.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: t.body,
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${t.method} ${t.path} answered ${res.status}: ${body.slice(0, 200)}`);
    const headers: Record<string, string> = { 'content-type': res.headers.get('content-type') ?? 'application/json' };
    for (const h of ['content-range', 'etag']) {
      const v = res.headers.get(h);
      if (v) headers[h] = v;
    }
    out[`${t.method} ${t.path}`] = { status: 200, headers, body };
  }
  return out;
}

/** json-server needs its records in one JSON file, ids in `id`. */
async function writeJsonServerDb(dir: string): Promise<string> {
  const file = path.join(dir, 'json-server-db.json');
  if (fs.existsSync(file)) return file;
  const store = new SqliteStore(path.join(dir, 'mws.sqlite'));
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, '{"workrequests":[');
  const total = await store.count('Workrequests');
  for (let offset = 0; offset < total; offset += 5000) {
    const page = await store.list('Workrequests', { offset, limit: 5000, sort: { field: 'created', dir: 'asc' } });
    const text = page.items.map((d) => JSON.stringify({ id: d._id, ...d })).join(',');
    fs.writeSync(out, (offset ? ',' : '') + text);
  }
  fs.writeSync(out, ']}');
  fs.closeSync(out);
  await store.close();
  return file;
}

export async function benchServer(
  options: { workRequests?: number; duration?: number; connections?: number; log?: (s: string) => void } = {},
): Promise<ServerReport> {
  const n = options.workRequests ?? 100_000;
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 50;
  const log = options.log ?? console.log;
  log(`server: preparing ${n} work requests…`);
  const { dir, ids, seedMs } = await dataDir(n);
  const port = 18000 + Math.floor(Math.random() * 1000);

  let ours = await startOurs(dir, port, true);
  const total = Number(
    (await fetch(`${ours.url}/api/workrequests`, { headers: { ...HEADERS, 'X-Range': 'resources=0-0' } })).headers
      .get('content-range')
      ?.split('/')[1],
  );
  const lines = (await (
    await fetch(`${ours.url}/api/translations/${ids.translation1500}`, { headers: HEADERS })
  ).json()) as { lines: unknown[] };
  const putBody = JSON.stringify({ lines: lines.lines });
  const oneId = ids.workRequest1500;
  const targets: ServerTarget[] = [
    {
      name: 'GET /workrequests/automateJob (first page)',
      method: 'GET',
      path: '/api/workrequests/automateJob',
      range: 'resources=0-9',
      jsonServerPath: '/workrequests?auto=true&_sort=due.date&_start=0&_end=10',
    },
    {
      name: `GET /workrequests page at offset ${total - 50}`,
      method: 'GET',
      path: '/api/workrequests?sort=created',
      range: `resources=${total - 50}-${total - 41}`,
      jsonServerPath: `/workrequests?_start=${total - 50}&_end=${total - 40}`,
    },
    {
      name: 'GET /workrequests/{id}',
      method: 'GET',
      path: `/api/workrequests/${oneId}`,
      jsonServerPath: `/workrequests/${oneId}`,
    },
    {
      name: `PUT /translations/{id} (${lines.lines.length} lines)`,
      method: 'PUT',
      path: `/api/translations/${ids.translation1500}`,
      body: putBody,
    },
  ];
  const recorded = await record(ours.url, targets);
  const recordedFile = path.join(os.tmpdir(), `mws-bench-recorded-${process.pid}.json`);
  // The bare server keys by method and path; X-Range is part of what we recorded per target.
  fs.writeFileSync(recordedFile, JSON.stringify(recorded));

  const rows: ServerRow[] = targets.map((t) => ({ target: t.name }) as ServerRow);
  const run = (base: string, t: ServerTarget, path = t.path) =>
    load({
      url: base + path,
      method: t.method,
      headers: {
        ...HEADERS,
        ...(t.range ? { 'X-Range': t.range } : {}),
        ...(t.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: t.body,
      duration,
      connections,
    });

  for (const [i, t] of targets.entries()) {
    log(`server: ours (cached) — ${t.name}`);
    rows[i]!.ours = await run(ours.url, t);
  }
  const rssMbAfter = ours.rssMb();
  await ours.stop();

  ours = await startOurs(dir, port, false);
  for (const [i, t] of targets.entries()) {
    log(`server: ours (no response cache) — ${t.name}`);
    rows[i]!.oursUncached = await run(ours.url, t);
  }
  await ours.stop();

  const bare = await startProcess(
    [process.execPath, 'bench/baselines/bare-server.mjs', String(port + 1), recordedFile],
    {
      readyUrl: `http://127.0.0.1:${port + 1}/healthz`,
      url: `http://127.0.0.1:${port + 1}`,
    },
  );
  for (const [i, t] of targets.entries()) {
    log(`server: bare node:http — ${t.name}`);
    rows[i]!.bare = await run(bare.url, t);
  }
  await bare.stop();

  log('server: json-server — writing its database…');
  const db = await writeJsonServerDb(dir);
  const js = await startProcess(
    [
      process.execPath,
      'node_modules/json-server/lib/cli/bin.js',
      db,
      '--port',
      String(port + 2),
      '--host',
      '127.0.0.1',
      '--quiet',
      '--no-gzip',
    ],
    { readyUrl: `http://127.0.0.1:${port + 2}/workrequests?_start=0&_end=1`, url: `http://127.0.0.1:${port + 2}` },
  );
  for (const [i, t] of targets.entries()) {
    if (!t.jsonServerPath) continue;
    log(`server: json-server — ${t.name}`);
    rows[i]!.jsonServer = await run(js.url, { ...t, range: undefined }, t.jsonServerPath);
  }
  await js.stop();
  fs.rmSync(recordedFile, { force: true });
  return { workRequests: total, seedMs, rows, rssMbAfter, duration, connections };
}
