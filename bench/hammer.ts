/**
 * Expensive routes under a hammer (docs/BENCHMARKS.md "Hammered routes"): for each expensive route in turn, 4
 * closed-loop clients of one account send it without pause for `duration` seconds while two probes measure what
 * everyone else sees: `GET /api/healthz` every 10 ms, and another user's list page (the demo coordinator's
 * `GET /api/workrequests` first page, one at a time every 100 ms), each beside its idle figures measured in the
 * same run, on the same server, just before the first route. The goal: healthz p99 < 50 ms, and the other user's
 * list page p50 within 2× its idle p50.
 *
 * The routes, each as the app or an abuser sends it (the largest body the server accepts):
 * - search: `q` searches of the list (first page, terms rotated);
 * - export: the app's CSV export, reading the list 100 rows a page from the first page on;
 * - memory lookup: `POST /translations/{id}/memory` with similar matches for the most texts of the longest length a
 *   lookup takes, made of the transcription's own lines (so the trigram index finds candidates);
 * - bulk action: status moves (in-progress ⇄ awaiting-materials) of 25 work requests per client, one at a time
 *   (the app's bulk actions send 4 at a time);
 * - password change: four users each set their password (to the same one, giving it as the current one) without
 *   pause: a check of the current one, a hash and, as the change forgets the verified header, a check on the next
 *   request;
 * - sign-in: `POST /session` with the right password, each header spelled anew (so no verified header is reused).
 *
 * The server runs on SQLite with `RESPONSE_CACHE=false` (every request does its work) on the data set of
 * `--work-requests` (default 100,000). The clients run in this process, the probes on a thread of their own (so a
 * probe does not wait behind the clients' callbacks); the machine's cores are shared by all, so the numbers are
 * noisy: compare them with the idle row of the same run.
 *
 *   npm run bench -- --only hammer [--duration 10]
 *   BENCH_HAMMER_ROUTES=search,export npm run bench -- --only hammer   # some routes only (names as in the table)
 *   BENCH_HAMMER_NODE_OPTIONS=--cpu-prof npm run bench -- --only hammer  # options of the server's node
 */
import fs from 'node:fs';
import path from 'node:path';
import { MEMORY_LIMITS } from '../src/api/schema/memory';
import { ROOT } from './lib/processes';
import { dataDir, HEADERS, startOurs } from './server';
import { startTypeScriptWorker } from '../server/storage/typeScriptWorker';
import { stats, type LatencyStats } from './lib/latency';
import type { ProbeSetup } from './lib/probeWorker';

const CLIENTS = 4;
/** The other user's list page: what the coordinator's list asks first. */
const LIST_PAGE = { path: '/api/workrequests?sort=-created', range: 'resources=0-49' };
const IDLE_SECONDS = 3;
const GOAL = { healthP99: 50, listFactor: 2 };

const basic = (username: string, password: string, spelling = 1) =>
  `Basic${' '.repeat(spelling)}${Buffer.from(`${username}:${password}`).toString('base64')}`;
const as = (username: string, password: string) => ({
  'X-Requested-With': 'XMLHttpRequest',
  Authorization: basic(username, password),
});
const ADMIN = as('admin@mws.test', 'admin-demo');
/** Translators of the demo who change their own password in the password-change round. */
const OWN_PASSWORD = 'demo-password';
const CHANGERS = [
  'margaux.lefevre@lumen-subs.test',
  'jonas.becker@lumen-subs.test',
  'lucia.ramirez@lumen-subs.test',
  'yuki.tanaka@polyglot-post.test',
];

interface Ask {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** One hammered route: `next(client, i)` is client `client`'s i-th request. */
interface Route {
  name: string;
  what: string;
  next: (client: number, i: number) => Ask;
}

async function send(base: string, ask: Ask): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(base + ask.path, {
    method: ask.method,
    headers: { ...ask.headers, ...(ask.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: ask.body === undefined ? undefined : JSON.stringify(ask.body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function json<T>(base: string, ask: Ask & { range?: string }): Promise<T> {
  const res = await fetch(base + ask.path, {
    method: ask.method,
    headers: { ...ask.headers, ...(ask.range ? { 'X-Range': ask.range } : {}) },
  });
  if (!res.ok) throw new Error(`${ask.method} ${ask.path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Row {
  _id: string;
  translation?: { _id?: string };
  asset?: { transcription?: { dialogue?: string } };
}

/** The texts of the largest similar lookup the server takes: the transcription's lines run together, cut to length. */
function lookupTexts(lines: string[]): string[] {
  const length = MEMORY_LIMITS.fuzzyTextLength;
  return Array.from({ length: MEMORY_LIMITS.fuzzyTexts }, (_, k) => {
    let text = '';
    for (let i = k; text.length < length; i++) text += `${lines[i % lines.length]} `;
    return text.slice(0, length);
  });
}

/**
 * A translation whose memory remembers its transcription's lines (one of the demo's approved work requests fed
 * it), and the texts of the largest similar lookup of them.
 */
async function rememberedTranslation(base: string): Promise<{ translation: string; texts: string[] }> {
  const approved = await json<Row[]>(base, {
    method: 'GET',
    path: '/api/workrequests?status=approved&sort=-created',
    headers: ADMIN,
    range: 'resources=0-99',
  });
  for (const row of approved) {
    const dialogue = row.asset?.transcription?.dialogue;
    const translation = row.translation?._id;
    if (!dialogue || !translation) continue;
    const transcription = await json<{ lines?: { text?: string }[] }>(base, {
      method: 'GET',
      path: `/api/translations/${dialogue}`,
      headers: ADMIN,
    });
    const lines = (transcription.lines ?? []).map((l) => l.text ?? '').filter((t) => t !== '');
    const res = await fetch(`${base}/api/translations/${translation}/memory`, {
      method: 'POST',
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ texts: lines.slice(0, MEMORY_LIMITS.texts) }),
    });
    const answer = (await res.json()) as { results?: unknown[] };
    if (res.ok && (answer.results?.length ?? 0) > 0) return { translation, texts: lookupTexts(lines) };
  }
  throw new Error('no approved work request of the first 100 has a translation whose memory remembers its lines');
}

async function routes(base: string): Promise<Route[]> {
  const { translation, texts } = await rememberedTranslation(base);
  const moving = await json<Row[]>(base, {
    method: 'GET',
    path: '/api/workrequests?status=in-progress&sort=-created',
    headers: ADMIN,
    range: `resources=0-${CLIENTS * 25 - 1}`,
  });
  const changers = await Promise.all(
    CHANGERS.map(async (username) => {
      const headers = as(username, OWN_PASSWORD);
      return {
        headers,
        id: (await json<{ _id: string }>(base, { method: 'GET', path: '/api/users/me', headers }))._id,
      };
    }),
  );
  const terms = ['trailer', 'a', 'main trailer', 'cora', 'fr-fr', 'benchmark', 'trai'];

  return [
    {
      name: 'search',
      what: '`GET /workrequests?q=…&sort=-created`, first 50 rows, terms rotated',
      next: (c, i) => ({
        method: 'GET',
        path: `/api/workrequests?q=${encodeURIComponent(terms[(c + i) % terms.length]!)}&sort=-created`,
        headers: { ...ADMIN, 'X-Range': 'resources=0-49' },
      }),
    },
    {
      name: 'export',
      what: 'the CSV export: `GET /workrequests?sort=-created`, 100 rows a page, page after page',
      next: (c, i) => {
        const from = ((c * 25 + i) % 100) * 100;
        return {
          method: 'GET',
          path: '/api/workrequests?sort=-created',
          headers: { ...ADMIN, 'X-Range': `resources=${from}-${from + 99}` },
        };
      },
    },
    {
      name: 'memory lookup',
      what: `\`POST /translations/{id}/memory\`, similar matches of ${texts.length} texts × ${MEMORY_LIMITS.fuzzyTextLength} characters`,
      next: () => ({
        method: 'POST',
        path: `/api/translations/${translation}/memory`,
        headers: ADMIN,
        body: { texts, fuzzy: true },
      }),
    },
    {
      name: 'bulk action',
      what: '`PUT /workrequests/{id}` status moves in-progress ⇄ awaiting-materials, 25 rows per client',
      next: (c, i) => {
        const row = moving[(c * 25 + (i % 25)) % moving.length]!;
        // Each row goes away on the first pass over the client's rows and comes back on the second.
        const status = Math.floor(i / 25) % 2 === 0 ? 'awaiting-materials' : 'in-progress';
        return {
          method: 'PUT',
          path: `/api/workrequests/${row._id}`,
          headers: ADMIN,
          body: { status, reason: 'bench: bulk action' },
        };
      },
    },
    {
      name: 'password change',
      what: '`PUT /users/{own id}` with a new `password`, one user per client',
      next: (c) => ({
        method: 'PUT',
        path: `/api/users/${changers[c]!.id}`,
        headers: changers[c]!.headers,
        // One's own new password needs the current one (docs/API.md, "Users"): a check, then a hash.
        body: { password: OWN_PASSWORD, currentPassword: OWN_PASSWORD },
      }),
    },
    {
      name: 'sign-in',
      what: '`POST /session` with the right password, every header new',
      next: (c, i) => ({
        method: 'POST',
        path: '/api/session',
        // Up to 4,000 blanks: a header is never sent twice within the minute a verified one is remembered.
        headers: { ...ADMIN, Authorization: basic('admin@mws.test', 'admin-demo', 1 + ((i * CLIENTS + c) % 4000)) },
      }),
    },
  ];
}

/**
 * The two probes, run together on a thread of their own (bench/lib/probeWorker.ts) until `stop()`; answers once they
 * run.
 */
async function probes(base: string) {
  const setup: ProbeSetup = {
    base,
    list: { path: LIST_PAGE.path, headers: { ...HEADERS, 'X-Range': LIST_PAGE.range } },
  };
  const worker = startTypeScriptWorker(new URL('./lib/probeWorker.ts', import.meta.url), setup);
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    async stop(): Promise<{ health: LatencyStats; list: LatencyStats }> {
      const answer = new Promise<{ health: number[]; list: number[] }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const { health, list } = await answer;
      await worker.terminate();
      return { health: stats(health), list: stats(list) };
    },
  };
}

export interface HammerRow {
  route: string;
  what: string;
  /** The hammering clients' requests: answers by status, and their latency. */
  statuses: Record<string, number>;
  /** One request at a time on the otherwise idle server (5 of them): the work one request does. */
  alone: LatencyStats;
  requests: LatencyStats;
  health: LatencyStats;
  list: LatencyStats;
}

export interface HammerReport {
  workRequests: number;
  seconds: number;
  idle: { health: LatencyStats; list: LatencyStats };
  rows: HammerRow[];
}

async function hammer(base: string, route: Route, seconds: number): Promise<HammerRow> {
  const single: number[] = [];
  for (let i = 0; i < 5; i++) single.push((await send(base, route.next(0, i))).ms);
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  const watching = await probes(base);
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      // Client 0 goes on after the requests measured alone (a bulk action's rows have moved once already).
      for (let i = c === 0 ? single.length : 0; Date.now() < deadline; i++) {
        const { status, ms } = await send(base, route.next(c, i)).catch(() => ({ status: 0, ms: 0 }));
        statuses[status] = (statuses[status] ?? 0) + 1;
        times.push(ms);
      }
    }),
  );
  const { health, list } = await watching.stop();
  return { route: route.name, what: route.what, statuses, alone: stats(single), requests: stats(times), health, list };
}

export async function benchHammer(options: {
  workRequests: number;
  duration: number;
  log?: (s: string) => void;
}): Promise<HammerReport> {
  const log = options.log ?? console.log;
  log(`hammer: preparing ${options.workRequests} work requests…`);
  // A copy: the bulk actions and password changes write, and the other sections read the same data set.
  const { dir: shared } = await dataDir(options.workRequests);
  const dir = path.join(ROOT, '.tmp', `bench-hammer-${process.pid}`);
  fs.cpSync(shared, dir, { recursive: true });
  const nodeOptions = process.env.BENCH_HAMMER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const server = await startOurs(dir, 19000 + Math.floor(Math.random() * 1000), false, {}, nodeOptions);
  try {
    const base = server.url;
    const only = process.env.BENCH_HAMMER_ROUTES?.split(',').map((name) => name.trim());
    const list = (await routes(base)).filter((route) => !only || only.includes(route.name));
    // Warm: the coordinator's credentials verified and the list's count cached, as for a user already at work.
    for (let i = 0; i < 3; i++) await (await probes(base)).stop();
    log('hammer: idle probes…');
    const idleProbes = await probes(base);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idle = await idleProbes.stop();
    const rows: HammerRow[] = [];
    for (const route of list) {
      log(`hammer: ${route.name}, ${CLIENTS} clients for ${options.duration} s…`);
      rows.push(await hammer(base, route, options.duration));
    }
    return { workRequests: options.workRequests, seconds: options.duration, idle, rows };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const meets = (ok: boolean) => (ok ? 'yes' : '**no**');

export function renderHammer(r: HammerReport): string {
  const listGoal = r.idle.list.p50 * GOAL.listFactor;
  const codes = (s: Record<string, number>) =>
    Object.entries(s)
      .map(([code, n]) => `${n} × ${code === '0' ? 'no answer' : code}`)
      .join(', ');
  return [
    '## Hammered routes',
    '',
    `${r.workRequests.toLocaleString('en')} work requests on SQLite, \`RESPONSE_CACHE=false\`. For each route in turn, ${CLIENTS} closed-loop clients of one account send it without pause for ${r.seconds} s while probes ask \`GET /api/healthz\` every 10 ms and another user's list page (the coordinator's \`GET /api/workrequests?sort=-created\`, first 50 rows) every 100 ms, one at a time. Goal: healthz p99 < ${GOAL.healthP99} ms and the list page's p50 within ${GOAL.listFactor}× its idle p50 (idle: ${r.idle.list.p50} ms, so < ${listGoal.toFixed(1)} ms). Clients, probes and server share the machine's cores with other jobs: compare with the idle row of the same run.`,
    '',
    '| route | one request alone, p50 | hammering requests: answers, p50 / p99 | healthz p50 / p99 / max | goal healthz p99 < 50 ms | list page p50 / p95 | goal list p50 < 2× idle |',
    '|---|---|---|---|---|---|---|',
    `| idle (no hammer, ${IDLE_SECONDS} s) | – | – | ${r.idle.health.p50} / ${r.idle.health.p99} / ${r.idle.health.max} ms | ${meets(r.idle.health.p99 < GOAL.healthP99)} | ${r.idle.list.p50} / ${r.idle.list.p95} ms | – |`,
    ...r.rows.map(
      (row) =>
        `| ${row.route}: ${row.what} | ${row.alone.p50} ms | ${codes(row.statuses)}; ${row.requests.p50} / ${row.requests.p99} ms | ${row.health.p50} / ${row.health.p99} / ${row.health.max} ms | ${meets(row.health.p99 < GOAL.healthP99)} | ${row.list.p50} / ${row.list.p95} ms | ${meets(row.list.p50 < listGoal)} |`,
    ),
    '',
  ].join('\n');
}

/** The section hook of bench/run.ts. */
export async function run(o: { duration: number; workRequests: number }): Promise<{ data: unknown; markdown: string }> {
  const data = await benchHammer(o);
  return { data, markdown: renderHammer(data) };
}
