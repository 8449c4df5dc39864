/**
 * Server benchmarks (docs/BENCHMARKS.md, "Server"): autocannon, 50 connections for 10 s each, against this
 * server on 100,000 work requests — with its response cache (default) and without — beside a bare node:http server
 * answering the same bytes from memory (the ceiling) and json-server serving the same records (a popular peer).
 *
 * Then the same scenarios, and a mixed read/write one (lib/mixed.ts), on each backend: SQLite (one process, the
 * embedded default), one instance on PostgreSQL, and two instances on the same PostgreSQL database sharing the load
 * (autocannon is given both URLs and deals its connections between them: 25 each). PostgreSQL holds the same data
 * set (lib/postgres.ts); each instance's resident memory is sampled during every run. When PostgreSQL does not
 * answer, its rows say why instead of failing the bench.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../server/storage/sqlite/sqliteStore';
import { seedLarge, type BenchmarkIds } from '../server/seed/large';
import { ROOT, sampleRss, startProcess, type Running } from './lib/processes';
import { load, type LoadResult } from './lib/autocannon';
import { openLoad } from './lib/openLoop';
import { mixedPools, mixedWorkload, workRequestTotal, type MixedCounts } from './lib/mixed';
import { pgDataSet, type PgDataSet } from './lib/postgres';

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

export type Backend = 'SQLite' | 'PostgreSQL, 1 instance' | 'PostgreSQL, 2 instances';
export const BACKENDS: Backend[] = ['SQLite', 'PostgreSQL, 1 instance', 'PostgreSQL, 2 instances'];
export const MIXED =
  'mixed: 45% list pages, 45% single records, 10% writes (comment, status PUT, translation save; If-Match)';

/** One scenario on one backend, with or without the response cache. */
export interface BackendRow {
  scenario: string;
  backend: Backend;
  cache: boolean;
  result?: LoadResult;
  /** The peak resident memory of each instance during the run, MB. */
  rssMb?: number[];
  /** The mixed scenario's reads and writes. */
  mixed?: MixedCounts;
  /**
   * CPU time the instances used during the mixed run (user + system, from /proc), in ms: divided by the answers, a
   * cost per request that other jobs on a shared machine disturb far less than req/s or latency.
   */
  serverCpuMs?: number;
  /** Why the row was not measured. */
  notRun?: string;
  /** The mixed run's arrival rate, requests per second (an open loop, lib/openLoop.ts); absent: autocannon's closed loop. */
  rate?: number;
  /** The machine's 1-minute load average as the run started and as it ended (other jobs share the cores). */
  loadAverage?: [number, number];
  /**
   * CPU time PostgreSQL's backends serving the instances used during the mixed run (user + system, from /proc), in
   * ms: the other half of a request's cost on PostgreSQL. Absent on SQLite.
   */
  databaseCpuMs?: number;
}

export interface ServerReport {
  workRequests: number;
  seedMs: number;
  rows: ServerRow[];
  rssMbAfter: number;
  duration: number;
  connections: number;
  backends: BackendRow[];
  postgres: { seedMs: number; copyMs: number; notRun?: string };
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

/**
 * Where the server the bench starts lives: this checkout, or SERVER_BENCH_ROOT=<dir>, another one (e.g. the code
 * before a change, exported with `git archive`, node_modules linked), for a before/after comparison with one client.
 */
const SERVER_ROOT = process.env.SERVER_BENCH_ROOT ? path.resolve(process.env.SERVER_BENCH_ROOT) : ROOT;

/** Our server on `dir` (SQLite), or on PostgreSQL when `env` gives DATABASE_URL (`dir` then holds nothing). */
export function startOurs(
  dir: string,
  port: number,
  cache: boolean,
  env: Record<string, string> = {},
  /** Options for node itself (`--cpu-prof`: bench/profileMixed.ts). */
  nodeOptions: string[] = [],
): Promise<Running> {
  return startProcess([process.execPath, ...nodeOptions, '--import', 'tsx', 'server/main.ts'], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG: 'false',
      SEED: 'false',
      RESPONSE_CACHE: String(cache),
      DIST_DIR: path.join(dir, 'none'),
      ...env,
    },
    readyUrl: `http://127.0.0.1:${port}/healthz`,
    url: `http://127.0.0.1:${port}`,
    cwd: SERVER_ROOT,
  });
}

/** Records what our server answers, so the bare server can answer the same bytes. */
/** A target's request headers: the bench's credentials, its range, and the body's type. */
function headersOf(t: ServerTarget): Record<string, string> {
  return {
    ...HEADERS,
    ...(t.range ? { 'X-Range': t.range } : {}),
    ...(t.body ? { 'Content-Type': 'application/json' } : {}),
  };
}

async function record(
  base: string,
  targets: ServerTarget[],
): Promise<Record<string, { status: number; headers: Record<string, string>; body: string }>> {
  const out: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const t of targets) {
    const res = await fetch(base + t.path, {
      method: t.method,
      headers: headersOf(t),
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

/** The scenarios of a backend, with its benchmark ids: the requests it answers, asked of the running server. */
async function scenarios(base: string, ids: BenchmarkIds): Promise<{ total: number; targets: ServerTarget[] }> {
  const total = await workRequestTotal(base, HEADERS);
  const lines = (await (
    await fetch(`${base}/api/translations/${ids.translation1500}`, { headers: HEADERS })
  ).json()) as {
    lines: unknown[];
  };
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
      body: JSON.stringify({ lines: lines.lines }),
    },
  ];
  return { total, targets };
}

/** One target under load (on one URL, or dealt over several). */
function runTarget(urls: string[], t: ServerTarget, duration: number, connections: number, path = t.path) {
  return load({
    url: urls.map((u) => u + path),
    method: t.method,
    headers: headersOf(t),
    body: t.body,
    duration,
    connections,
  });
}

/** How long and how hard each load runs, where to log, and the PostgreSQL database whose backends' CPU is counted. */
interface LoadOptions {
  duration: number;
  connections: number;
  log: (s: string) => void;
  database?: PgDataSet;
}

/** Every scenario, the mixed one last, against running instances; each instance's memory sampled meanwhile. */
async function runScenarios(
  instances: Running[],
  backend: Backend,
  cache: boolean,
  ids: BenchmarkIds,
  options: LoadOptions,
): Promise<BackendRow[]> {
  const urls = instances.map((i) => i.url);
  // One request to each instance alone first: it checks the password once and then knows this address for the
  // account. Otherwise 50 connections asking at once would find an instance that knows neither: it checks 4 at a
  // time per unknown address, answers the rest 503 and counts them as failed sign-ins, and 429s follow
  // (server/http/signInGuard.ts) — a cold start the benchmark is not about.
  const { total, targets } = await warmUp(urls, ids, options.connections);
  const rows: BackendRow[] = [];
  for (const t of targets) {
    options.log(`server: ${backend}${cache ? '' : ' (no response cache)'} — ${t.name}`);
    const rss = sampleRss(instances);
    const result = await runTarget(urls, t, options.duration, options.connections);
    rows.push({ scenario: t.name, backend, cache, result, rssMb: rss.stop() });
  }
  rows.push(await runMixed(instances, backend, cache, total, options));
  return rows;
}

/**
 * Instances just started, made ready for load: each is asked once alone (see runScenarios), then a second of load
 * on every one (a process just started has not compiled its hot paths or opened its database connections yet).
 */
async function warmUp(
  urls: string[],
  ids: BenchmarkIds,
  connections: number,
): Promise<{ total: number; targets: ServerTarget[] }> {
  for (const url of urls.slice(1)) await scenarios(url, ids);
  const found = await scenarios(urls[0]!, ids);
  await runTarget(urls, found.targets[2]!, 1, connections);
  return found;
}

/** The mixed scenario (lib/mixed.ts) on running instances, its kinds timed apart; memory sampled meanwhile. */
async function runMixed(
  instances: Running[],
  backend: Backend,
  cache: boolean,
  total: number,
  options: LoadOptions,
  rate?: number,
): Promise<BackendRow> {
  const urls = instances.map((i) => i.url);
  const loop = rate ? `, open loop at ${rate} req/s` : '';
  options.log(`server: ${backend}${cache ? '' : ' (no response cache)'} — ${MIXED}${loop}`);
  const { dynamic, counts } = mixedWorkload(await mixedPools(urls[0]!, HEADERS, total), HEADERS);
  const rss = sampleRss(instances);
  const cpuBefore = instances.map((i) => cpuMsOfPid(i.child.pid!));
  const database = options.database ? await databaseCpu(options.database) : undefined;
  const loadBefore = os.loadavg()[0]!;
  const result = rate
    ? await openLoad({ url: urls, dynamic, rate, duration: options.duration, connections: options.connections })
    : await load({ url: urls, dynamic, duration: options.duration, connections: options.connections });
  const serverCpuMs = instances.reduce((sum, instance, i) => sum + cpuMsOfPid(instance.child.pid!) - cpuBefore[i]!, 0);
  const loadAverage: [number, number] = [loadBefore, os.loadavg()[0]!];
  const databaseCpuMs = await database?.used();
  return {
    scenario: MIXED,
    backend,
    cache,
    result,
    rssMb: rss.stop(),
    mixed: counts,
    serverCpuMs,
    rate,
    loadAverage,
    databaseCpuMs,
  };
}

/**
 * The arrival rates of the mixed workload's open-loop rows (requests per second, lib/openLoop.ts): what a user's
 * request waits for at a given load, against which the read p99 goal (< 50 ms) is judged; the closed-loop row shows
 * the most one process answers instead.
 */
export const MIXED_RATES = [25, 50, 100];

/** The mixed workload on running instances: the closed loop, then an open loop at each of `rates`. */
async function runMixedLoads(
  instances: Running[],
  backend: Backend,
  cache: boolean,
  total: number,
  options: LoadOptions,
  rates: readonly number[],
): Promise<BackendRow[]> {
  const rows = [await runMixed(instances, backend, cache, total, options)];
  for (const rate of rates) rows.push(await runMixed(instances, backend, cache, total, options, rate));
  return rows;
}

/** The CPU time a running instance has used so far (user + system, ms). */
export function cpuMsOf(instance: Running): number {
  return cpuMsOfPid(instance.child.pid!);
}

/** The CPU time a process has used so far (user + system, ms; Linux /proc, in clock ticks of 10 ms); 0 once gone. */
function cpuMsOfPid(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The CPU PostgreSQL's backends connected to one database use from now on (`used()`, ms): the backends found now and
 * those found at the end (a pooled connection opened meanwhile counts from its start; one closed meanwhile is lost,
 * so this is a floor). Needs the database server on this machine and /proc of its processes readable.
 */
async function databaseCpu(database: PgDataSet): Promise<{ used(): Promise<number> }> {
  const before = new Map((await database.backendPids()).map((pid) => [pid, cpuMsOfPid(pid)]));
  return {
    async used() {
      const after = await database.backendPids();
      return after.reduce((sum, pid) => sum + cpuMsOfPid(pid) - (before.get(pid) ?? 0), 0);
    },
  };
}

export interface BenchOptions {
  workRequests?: number;
  duration?: number;
  connections?: number;
  log?: (s: string) => void;
  /** The mixed section's open-loop rates (default MIXED_RATES). */
  rates?: readonly number[];
  /** The first port of the servers started (each section takes a few after it); default a random one from 18000. */
  port?: number;
}

/** The options with their defaults, the data set (made or reused) and a free-looking port. */
async function prepare(options: BenchOptions) {
  const n = options.workRequests ?? 100_000;
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 50;
  const log = options.log ?? console.log;
  log(`server: preparing ${n} work requests…`);
  const data = await dataDir(n);
  const port = options.port ?? 18000 + Math.floor(Math.random() * 1000);
  return { n, duration, connections, log, loadOptions: { duration, connections, log }, ...data, port };
}

export interface MixedReport {
  workRequests: number;
  duration: number;
  connections: number;
  /**
   * The mixed scenario on SQLite and on one PostgreSQL instance, each with the response cache on and off, each in a
   * closed loop and then in an open loop at each of `rates`.
   */
  rows: BackendRow[];
  rates: readonly number[];
  postgres: { copyMs: number; notRun?: string };
}

/**
 * `npm run bench -- --only mixed` (docs/BENCHMARKS.md, "The mixed workload"): the mixed workload alone, as `npm start` runs the server and
 * with `RESPONSE_CACHE=false`, on SQLite and on one PostgreSQL instance (when PostgreSQL answers), each kind
 * (list / record / write) reported apart with its cache hit rate; each first in a closed loop (the most the server
 * answers), then in an open loop at each of MIXED_RATES (the latency at that load).
 */
export async function benchMixed(options: BenchOptions = {}): Promise<MixedReport> {
  const { n, duration, connections, log, loadOptions, dir, ids, port } = await prepare(options);
  const rates = options.rates ?? MIXED_RATES;
  const rows: BackendRow[] = [];
  let total = 0;
  for (const cache of [true, false]) {
    const ours = await startOurs(dir, port, cache);
    try {
      total = (await warmUp([ours.url], ids, connections)).total;
      rows.push(...(await runMixedLoads([ours], 'SQLite', cache, total, loadOptions, rates)));
    } finally {
      await ours.stop();
    }
  }
  const postgres: MixedReport['postgres'] = { copyMs: 0 };
  let pgDb: PgDataSet | undefined;
  try {
    log('server: PostgreSQL — preparing its copy of the data set…');
    pgDb = await pgDataSet(n, log);
    postgres.copyMs = pgDb.copyMs;
  } catch (e) {
    postgres.notRun = (e as Error).message;
  }
  for (const cache of [true, false]) {
    const backend: Backend = 'PostgreSQL, 1 instance';
    if (!pgDb) {
      rows.push(...notRunRows(backend, cache, [MIXED], postgres.notRun ?? 'unknown'));
      continue;
    }
    const env = { DATABASE_URL: pgDb.url, MWS_SIGNING_KEY: randomBytes(32).toString('hex') };
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-pg-'));
    let instance: Running | undefined;
    try {
      instance = await startOurs(pgDir, port + 1, cache, env);
      const found = await warmUp([instance.url], pgDb.ids, connections);
      const withDatabase = { ...loadOptions, database: pgDb };
      rows.push(...(await runMixedLoads([instance], backend, cache, found.total, withDatabase, rates)));
    } catch (e) {
      rows.push(
        ...notRunRows(backend, cache, [MIXED], `failed: ${(e as Error).message.split('\n')[0]!.slice(0, 200)}`),
      );
    } finally {
      await instance?.stop();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
  await pgDb?.drop();
  return { workRequests: total, duration, connections, rows, rates, postgres };
}

/** The rows of a backend that could not be measured, saying why. */
function notRunRows(backend: Backend, cache: boolean, scenarioNames: string[], reason: string): BackendRow[] {
  return scenarioNames.map((scenario) => ({ scenario, backend, cache, notRun: reason }));
}

/** The PostgreSQL rows: one and two instances on this run's copy of the data set, with and without the cache. */
async function benchPostgres(
  db: PgDataSet,
  port: number,
  scenarioNames: string[],
  options: LoadOptions,
): Promise<BackendRow[]> {
  const rows: BackendRow[] = [];
  options = { ...options, database: db };
  // Both instances sign links with one key (as a deployment must); DATA_DIR is then unused.
  const env = { DATABASE_URL: db.url, MWS_SIGNING_KEY: randomBytes(32).toString('hex') };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-pg-'));
  try {
    for (const cache of [true, false]) {
      for (const count of [1, 2]) {
        const backend: Backend = count === 1 ? 'PostgreSQL, 1 instance' : 'PostgreSQL, 2 instances';
        const instances: Running[] = [];
        try {
          // One after the other: the second finds the schema up to date (the first took the migration lock).
          for (let k = 0; k < count; k++) instances.push(await startOurs(dir, port + k, cache, env));
          rows.push(...(await runScenarios(instances, backend, cache, db.ids, options)));
        } catch (e) {
          const reason = (e as Error).message.split('\n')[0]!.slice(0, 200);
          options.log(`server: ${backend} failed: ${reason}`);
          const done = new Set(rows.filter((r) => r.backend === backend && r.cache === cache).map((r) => r.scenario));
          rows.push(
            ...notRunRows(
              backend,
              cache,
              scenarioNames.filter((n) => !done.has(n)),
              `failed: ${reason}`,
            ),
          );
        } finally {
          for (const instance of instances) await instance.stop();
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export async function benchServer(options: BenchOptions = {}): Promise<ServerReport> {
  const { n, duration, connections, log, loadOptions, dir, ids, seedMs, port } = await prepare(options);

  let ours = await startOurs(dir, port, true);
  const { total, targets } = await scenarios(ours.url, ids);
  const scenarioNames = [...targets.map((t) => t.name), MIXED];
  const recorded = await record(ours.url, targets);
  const recordedFile = path.join(os.tmpdir(), `mws-bench-recorded-${process.pid}.json`);
  // The bare server keys by method and path; X-Range is part of what we recorded per target.
  fs.writeFileSync(recordedFile, JSON.stringify(recorded));

  const backends: BackendRow[] = [];
  backends.push(...(await runScenarios([ours], 'SQLite', true, ids, loadOptions)));
  const rssMbAfter = ours.rssMb();
  await ours.stop();

  ours = await startOurs(dir, port, false);
  backends.push(...(await runScenarios([ours], 'SQLite', false, ids, loadOptions)));
  await ours.stop();

  const rows: ServerRow[] = targets.map((t) => {
    const sqlite = (cache: boolean) =>
      backends.find((b) => b.backend === 'SQLite' && b.cache === cache && b.scenario === t.name)!.result!;
    return { target: t.name, ours: sqlite(true), oursUncached: sqlite(false) } as ServerRow;
  });

  const bare = await startProcess(
    [process.execPath, 'bench/baselines/bare-server.mjs', String(port + 1), recordedFile],
    {
      readyUrl: `http://127.0.0.1:${port + 1}/healthz`,
      url: `http://127.0.0.1:${port + 1}`,
    },
  );
  for (const [i, t] of targets.entries()) {
    log(`server: bare node:http — ${t.name}`);
    rows[i]!.bare = await runTarget([bare.url], t, duration, connections);
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
    rows[i]!.jsonServer = await runTarget(
      [js.url],
      { ...t, range: undefined },
      duration,
      connections,
      t.jsonServerPath,
    );
  }
  await js.stop();
  fs.rmSync(recordedFile, { force: true });

  const postgres: ServerReport['postgres'] = { seedMs: 0, copyMs: 0 };
  let pgDb: PgDataSet | undefined;
  try {
    log('server: PostgreSQL — preparing its copy of the data set…');
    pgDb = await pgDataSet(n, log);
    postgres.seedMs = pgDb.seedMs;
    postgres.copyMs = pgDb.copyMs;
  } catch (e) {
    postgres.notRun = (e as Error).message;
    log(`server: PostgreSQL rows not run: ${postgres.notRun}`);
  }
  if (pgDb) {
    try {
      backends.push(...(await benchPostgres(pgDb, port + 10, scenarioNames, loadOptions)));
    } finally {
      await pgDb.drop();
    }
  } else {
    for (const cache of [true, false]) {
      for (const backend of BACKENDS.slice(1))
        backends.push(...notRunRows(backend, cache, scenarioNames, postgres.notRun!));
    }
  }
  return { workRequests: total, seedMs, rows, rssMbAfter, duration, connections, backends, postgres };
}
