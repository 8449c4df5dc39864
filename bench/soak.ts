/**
 * Memory soak: one server process (SQLite, the bench's data set of 100,000 work requests) under a mixed load for
 * 10 minutes, its memory sampled every 10 s — the resident set (RSS) split by the kernel into anonymous memory and
 * mapped files (SQLite's memory map of the database), and V8's heap in use — then 20 s idle. Goal: flat after
 * warm-up (docs/BENCHMARKS.md, "Memory soak"; the bounds: docs/decisions/050-memory-bounds.md).
 *
 * The load, all at once, for the whole run:
 * - the server bench's mixed workload (bench/lib/mixed.ts: list pages at random offsets, single records, comments,
 *   status changes, translation saves) in an open loop at BENCH_SOAK_RATE requests per second (default 30);
 * - exports as the app makes them (src/features/work-requests/exportList.ts): pages of 100 in sequence, 20 pages from
 *   a random first one among the 10,000 rows an export reads at most, one export after another with a 5 s pause, under one of four sorts and filters;
 * - the live stream: 4 clients each holding GET /api/notifications/stream for 15–45 s, then opening it again;
 * - sign-ins: POST /api/session every 500 ms, each a fresh spelling of the header (so no credential cache answers it)
 *   from one of 200 loopback addresses (127.0.0.10–209), as a demo account; every fourth a wrong password for a
 *   made-up account (each a new one).
 *
 *   npm run bench -- --only soak                        # 10 minutes
 *   BENCH_SOAK_MINUTES=3 npm run bench -- --only soak   # a shorter try
 *   BENCH_SOAK_MALLOC=glibc-default npm run bench -- --only soak   # without MALLOC_MMAP_THRESHOLD_ (docs/DEPLOY.md)
 *
 * The server process runs with bench/lib/memoryProbe.ts loaded, which writes its memory once a second.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../server/seed/demo';
import { ROOT, type Running } from './lib/processes';
import { mixedPools, mixedWorkload, summarizeKind, workRequestTotal, KINDS } from './lib/mixed';
import { openLoad } from './lib/openLoop';
import type { MemorySample } from './lib/memoryProbe';
import { anonymousParts, type AnonymousParts } from './lib/smaps';
import { HEADERS, dataDir, startOurs } from './server';

/**
 * glibc's mmap threshold as docs/DEPLOY.md sets it (docs/decisions/050-memory-bounds.md): allocations from 128 KiB up
 * are mapped apart and given back when freed, instead of the threshold rising to the largest one freed (scrypt's
 * 16 MiB) and the thread pool's arenas keeping such blocks.
 */
export const MALLOC_MMAP_THRESHOLD = '131072';

/** The server's memory bounds (server/config.ts), named in the report when the environment sets them. */
const BOUNDS = ['RESPONSE_CACHE_MAX_MB', 'RESPONSE_CACHE_MAX_ENTRIES', 'SQLITE_CACHE_MB', 'SQLITE_MMAP_MB'];

/** The goal: after warm-up, RSS grows by no more than this, MB per minute (least squares over the samples). */
export const GOAL_SLOPE_MB_PER_MIN = 1;
const SAMPLE_EVERY_MS = 10_000;
const IDLE_AFTER_MS = 20_000;
const EXPORT_PAGES = 20;
const EXPORT_PAGE = 100;
const EXPORT_PAUSE_MS = 5_000;
const STREAMS = 4;
const SIGN_IN_EVERY_MS = 500;
const ADDRESSES = 200;
/** The list views an export reads, as the list page's URL would give them. */
const EXPORT_VIEWS = [
  'sort=-created',
  'sort=created',
  'sort=-created&status=in-progress,awaiting-materials',
  'sort=due&status=submitted,for-review',
];

export interface SoakSample extends MemorySample, AnonymousParts {
  /** Seconds since the load began (after the load: the idle samples). */
  second: number;
  /**
   * `load-gc`: under load, just after a full collection (once a minute: heap used counts live objects only);
   * `idle`, `idle-gc`: after the idle time, before and after a full collection.
   */
  phase: 'load' | 'load-gc' | 'idle' | 'idle-gc';
  /** Of a `load-gc` sample: the highest heap used among the plain samples since the one before it. */
  heapPeakMb?: number;
}

export interface SoakReport {
  minutes: number;
  rate: number;
  mallocTuned: boolean;
  /** The memory bounds set in the environment the server inherits (the defaults otherwise). */
  bounds: Record<string, string>;
  warmUpMinutes: number;
  samples: SoakSample[];
  /** Least-squares slopes after warm-up, MB per minute. */
  /** Null when fewer than three samples came after warm-up. */
  slope: Record<'rss' | 'anon' | 'heapUsed' | 'mainArena' | 'threadArenas', number | null>;
  goalSlopeMbPerMin: number;
  load: {
    mixed: Record<string, { count: number; p50: number; p99: number }>;
    mixedFailures: Record<string, number>;
    mixedErrors: number;
    /** Export pages answered 200, and the others by status (0: no answer). */
    exports: { pages: number; failures: Record<string, number> };
    streams: { opened: number; failures: number };
    signIns: Record<string, number>;
  };
}

/** Minutes of load: BENCH_SOAK_MINUTES (default 10). */
export function soakMinutes(value = process.env.BENCH_SOAK_MINUTES): number {
  const minutes = value === undefined || value === '' ? 10 : Number(value);
  if (!(Number.isFinite(minutes) && minutes > 0 && minutes <= 240))
    throw new Error(`BENCH_SOAK_MINUTES: expected minutes between 0 and 240, got "${value}"`);
  return minutes;
}

/** Least-squares slope of `y` over `x`; 0 with fewer than two points. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** The probe's samples, oldest first (a line still being written is left out). */
function samplesIn(file: string): MemorySample[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('}'))
    .map((line) => JSON.parse(line) as MemorySample);
}

function lastSample(file: string): MemorySample {
  return samplesIn(file).at(-1)!;
}

/** The probe's sample after a full collection (SIGUSR2: bench/lib/memoryProbe.ts), polled for up to 10 s. */
async function collected(server: Running, probeFile: string): Promise<MemorySample> {
  const asked = Date.now();
  server.child.kill('SIGUSR2');
  for (;;) {
    // The interval's own samples may come before and after it: the one asked for says so.
    const sample = samplesIn(probeFile).findLast((s) => s.afterGc && s.at >= asked);
    if (sample) return sample;
    if (Date.now() - asked > 10_000) throw new Error('the memory probe did not answer SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const basic = (username: string, password: string, n: number) =>
  // A distinct spelling per sign-in: 1–40 blanks after "Basic", 0–39 after the credentials.
  `Basic${' '.repeat(1 + (n % 40))}${Buffer.from(`${username}:${password}`).toString('base64')}${' '.repeat(Math.floor(n / 40) % 40)}`;

/** One request answered in full (body read and dropped); status 0 when it failed. */
function request(
  base: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string; localAddress?: string },
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      new URL(options.path, base),
      { method: options.method, headers: options.headers, localAddress: options.localAddress, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(options.body);
  });
}

const pause = (ms: number, until: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, until - Date.now()))));

async function exportsUntil(base: string, total: number, until: number, counts: SoakReport['load']['exports']) {
  let n = 0;
  while (Date.now() < until) {
    const view = EXPORT_VIEWS[n++ % EXPORT_VIEWS.length]!;
    // The app exports at most 10,000 rows: an export starts at a random page of those.
    const pages = Math.min(total, 10_000) / EXPORT_PAGE;
    const first = Math.floor(Math.random() * Math.max(1, pages - EXPORT_PAGES)) * EXPORT_PAGE;
    for (let page = 0; page < EXPORT_PAGES && Date.now() < until; page++) {
      const from = first + page * EXPORT_PAGE;
      const status = await request(base, {
        method: 'GET',
        path: `/api/workrequests?${view}`,
        headers: {
          ...HEADERS,
          'Accept-Encoding': 'gzip, br',
          'X-Range': `resources=${from}-${from + EXPORT_PAGE - 1}`,
        },
      });
      if (status === 200) counts.pages++;
      else counts.failures[status] = (counts.failures[status] ?? 0) + 1;
    }
    await pause(EXPORT_PAUSE_MS, until);
  }
}

/** A live-stream client: opens the stream, holds it 15–45 s reading what comes, closes it, and opens it again. */
async function streamUntil(base: string, until: number, counts: SoakReport['load']['streams']) {
  while (Date.now() < until) {
    const holdMs = 15_000 + Math.random() * 30_000;
    await new Promise<void>((resolve) => {
      const req = http.get(new URL('/api/notifications/stream', base), { headers: HEADERS }, (res) => {
        if (res.statusCode === 200) counts.opened++;
        else counts.failures++;
        res.resume();
        res.on('end', resolve);
        res.on('error', () => resolve());
        res.on('close', () => resolve());
      });
      req.on('error', () => {
        counts.failures++;
        resolve();
      });
      setTimeout(() => req.destroy(), Math.max(0, Math.min(holdMs, until - Date.now())));
    });
  }
}

async function signInsUntil(base: string, until: number, counts: Record<string, number>) {
  const accounts = DEMO_ACCOUNTS;
  let n = 0;
  const running: Promise<void>[] = [];
  while (Date.now() < until) {
    const i = n++;
    const wrong = i % 4 === 3;
    const account = accounts[i % accounts.length]!;
    const authorization = wrong
      ? basic(`soak-${i}@example.com`, `guess-${i}`, i)
      : basic(account.username, account.password, i);
    const done = request(base, {
      method: 'POST',
      path: '/api/session',
      headers: {
        Authorization: authorization,
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
      },
      body: '{}',
      localAddress: `127.0.0.${10 + (i % ADDRESSES)}`,
    }).then((status) => {
      const key = `${wrong ? 'wrong' : 'right'} ${status || 'no answer'}`;
      counts[key] = (counts[key] ?? 0) + 1;
    });
    running.push(done);
    await pause(SIGN_IN_EVERY_MS, until);
  }
  await Promise.all(running);
}

export async function runSoak(options: {
  workRequests: number;
  minutes: number;
  rate: number;
  /** The server runs as docs/DEPLOY.md starts it, with glibc's mmap threshold fixed (MALLOC_MMAP_THRESHOLD_). */
  mallocTuned: boolean;
}): Promise<SoakReport> {
  const { dir } = await dataDir(options.workRequests);
  const probeFile = path.join(os.tmpdir(), `mws-soak-memory-${process.pid}.jsonl`);
  fs.rmSync(probeFile, { force: true });
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const env: Record<string, string> = { MEMORY_PROBE_FILE: probeFile };
  if (options.mallocTuned) env.MALLOC_MMAP_THRESHOLD_ = MALLOC_MMAP_THRESHOLD;
  const server: Running = await startOurs(dir, port, true, env, [
    '--expose-gc',
    '--import',
    'tsx',
    '--import',
    path.join(ROOT, 'bench/lib/memoryProbe.ts'),
  ]);
  const samples: SoakSample[] = [];
  try {
    const total = await workRequestTotal(server.url, HEADERS);
    const pools = await mixedPools(server.url, HEADERS, total);
    const { dynamic, counts } = mixedWorkload(pools, HEADERS);
    const durationS = options.minutes * 60;
    const started = Date.now();
    const until = started + durationS * 1000;
    const take = (phase: SoakSample['phase'], sample = lastSample(probeFile), heapPeakMb?: number): SoakSample => {
      const s: SoakSample = {
        ...sample,
        ...anonymousParts(server.child.pid!),
        second: Math.round((Date.now() - started) / 1000),
        phase,
        ...(heapPeakMb ? { heapPeakMb } : {}),
      };
      samples.push(s);
      console.log(
        `soak ${phase} ${s.second} s: RSS ${s.rssMb} MB (files ${s.fileMb}, anonymous ${s.anonMb}: malloc main ${s.mainArenaMb}, ` +
          `thread pool ${s.threadArenasMb}, V8 and other ${s.otherMb}), heap used ${s.heapUsedMb} MB of ${s.heapTotalMb}`,
      );
      return s;
    };
    // A plain sample every 10 s; once a minute one just after a full collection, which tells the memory the process
    // holds from garbage V8 has not collected yet (heap used swings by 200 MB between collections under this load).
    let peak = 0;
    const sampling = (async () => {
      take('load-gc', await collected(server, probeFile));
      for (let n = 1; Date.now() + SAMPLE_EVERY_MS <= until; n++) {
        await pause(SAMPLE_EVERY_MS, until);
        if (n % 6 !== 0) peak = Math.max(peak, take('load').heapUsedMb);
        else {
          take('load-gc', await collected(server, probeFile), peak);
          peak = 0;
        }
      }
    })();
    const load: SoakReport['load'] = {
      mixed: {},
      mixedFailures: counts.failures,
      mixedErrors: 0,
      exports: { pages: 0, failures: {} },
      streams: { opened: 0, failures: 0 },
      signIns: {},
    };
    const [mixed] = await Promise.all([
      openLoad({ url: server.url, dynamic, rate: options.rate, duration: durationS, connections: 20 }),
      exportsUntil(server.url, total, until, load.exports),
      ...Array.from({ length: STREAMS }, () => streamUntil(server.url, until, load.streams)),
      signInsUntil(server.url, until, load.signIns),
      sampling,
    ]);
    take('load-gc', await collected(server, probeFile), peak);
    load.mixedErrors = mixed.errors;
    for (const kind of KINDS) {
      const k = summarizeKind(counts.kinds[kind], durationS);
      load.mixed[kind] = { count: k.count, p50: k.p50, p99: k.p99 };
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    take('idle');
    take('idle-gc', await collected(server, probeFile));
    const warmUpMinutes = Math.min(2, options.minutes / 4);
    // The slope of what the process holds: the samples after a full collection.
    const after = samples.filter((s) => s.phase === 'load-gc' && s.second >= warmUpMinutes * 60);
    // Fewer than three points make no trend (a shorter try): no slope then.
    const slopeOf = (pick: (s: SoakSample) => number) =>
      after.length < 3 ? null : Math.round(slope(after.map((s) => ({ x: s.second / 60, y: pick(s) }))) * 100) / 100;
    return {
      minutes: options.minutes,
      rate: options.rate,
      mallocTuned: options.mallocTuned,
      bounds: Object.fromEntries(BOUNDS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
      warmUpMinutes,
      samples,
      slope: {
        rss: slopeOf((s) => s.rssMb),
        anon: slopeOf((s) => s.anonMb),
        heapUsed: slopeOf((s) => s.heapUsedMb),
        mainArena: slopeOf((s) => s.mainArenaMb),
        threadArenas: slopeOf((s) => s.threadArenasMb),
      },
      goalSlopeMbPerMin: GOAL_SLOPE_MB_PER_MIN,
      load,
    };
  } finally {
    await server.stop();
    fs.rmSync(probeFile, { force: true });
  }
}

export function renderSoak(r: SoakReport): string {
  // Each minute's sample after a full collection, then the idle ones.
  const label = (s: SoakSample) =>
    s.phase === 'load-gc'
      ? (s.second / 60).toFixed(s.second % 60 < 5 || s.second % 60 > 55 ? 0 : 1)
      : `+${IDLE_AFTER_MS / 1000} s idle${s.phase === 'idle-gc' ? ', full GC' : ''}`;
  const mb = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(0));
  const rows = r.samples
    .filter((s) => s.phase !== 'load')
    .map(
      (s) =>
        `| ${label(s)} | ${mb(s.rssMb)} | ${mb(s.fileMb)} | ${mb(s.anonMb)} | ${mb(s.mainArenaMb)} | ${mb(s.threadArenasMb)} | ${mb(s.otherMb)} | ${mb(s.heapUsedMb)} | ${mb(s.heapPeakMb)} |`,
    );
  const verdict = (v: number | null) => (v === null ? 'no trend' : v <= r.goalSlopeMbPerMin ? 'within' : 'over');
  const sl = (v: number | null) => (v === null ? '—' : String(v));
  const mixed = Object.entries(r.load.mixed)
    .map(([kind, k]) => `${kind} ${k.count.toLocaleString('en')} (p50 ${k.p50} ms, p99 ${k.p99} ms)`)
    .join(', ');
  const tally = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, n]) => `${k}×${n}`)
      .join(', ') || 'none';
  const failures = tally(r.load.mixedFailures);
  const signIns = tally(r.load.signIns);
  return [
    '## Memory soak',
    '',
    `One server process on SQLite (response cache on${Object.entries(r.bounds)
      .map(([k, v]) => `, \`${k}=${v}\``)
      .join(
        '',
      )}${r.mallocTuned ? `, \`MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD}\` as docs/DEPLOY.md starts it` : ", glibc's malloc untuned"})`,
    `under a mixed load for ${r.minutes} minute${r.minutes === 1 ? '' : 's'}, sampled every`,
    `${SAMPLE_EVERY_MS / 1000} s, then ${IDLE_AFTER_MS / 1000} s idle (bench/soak.ts: the mixed workload at ${r.rate} req/s,`,
    `exports of ${EXPORT_PAGES} pages of ${EXPORT_PAGE}, ${STREAMS} live streams reopened every 15–45 s, a fresh sign-in every`,
    `${SIGN_IN_EVERY_MS} ms from ${ADDRESSES} addresses). MB each minute, just after a full collection (the process`,
    "holds that much; V8's garbage not yet collected aside): RSS; its file pages (SQLite's memory map of the database:",
    'the kernel takes them back under pressure); its anonymous memory and where that lies (bench/lib/smaps.ts):',
    "malloc's main arena (SQLite's page cache among it), malloc's arenas of the thread pool (compression, scrypt), V8's",
    'heap and the rest; the heap in use (live objects), and the highest heap in use sampled in the minute before.',
    '',
    '| minute | RSS | files | anonymous | malloc, main | malloc, thread pool | V8 and other | live heap | heap peak |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Slope after a ${r.warmUpMinutes}-minute warm-up (least squares over the samples after a full collection), MB per` +
      ` minute: RSS ${sl(r.slope.rss)} (${verdict(r.slope.rss)} the goal), anonymous ${sl(r.slope.anon)} (${verdict(r.slope.anon)};` +
      ` malloc main ${sl(r.slope.mainArena)}, thread pool ${sl(r.slope.threadArenas)}), live heap ${sl(r.slope.heapUsed)}` +
      ` (${verdict(r.slope.heapUsed)}); goal: flat after warm-up, at most ${r.goalSlopeMbPerMin} MB per minute.`,
    '',
    `Load answered: ${mixed}; mixed failures ${failures}, ${r.load.mixedErrors} unanswered;` +
      ` export pages ${r.load.exports.pages.toLocaleString('en')} (not answered 200: ${tally(r.load.exports.failures)});` +
      ` streams opened ${r.load.streams.opened} (${r.load.streams.failures} failed); sign-ins ${signIns}.`,
    '',
  ].join('\n');
}

/** bench/run.ts's section: BENCH_SOAK_MINUTES (default 10) and BENCH_SOAK_RATE (default 30 req/s). */
export async function run(options: { workRequests: number }): Promise<{ data: SoakReport; markdown: string }> {
  const rate = Number(process.env.BENCH_SOAK_RATE ?? 30);
  if (!(rate > 0 && rate <= 1000)) throw new Error(`BENCH_SOAK_RATE: expected requests per second, got "${rate}"`);
  const mallocTuned = process.env.BENCH_SOAK_MALLOC !== 'glibc-default';
  const data = await runSoak({ workRequests: options.workRequests, minutes: soakMinutes(), rate, mallocTuned });
  return { data, markdown: renderSoak(data) };
}
