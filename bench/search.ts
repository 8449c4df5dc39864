/**
 * Search and stalls (docs/BENCHMARKS.md, "Search and stalls"): how long single list requests take on 100,000 work requests (searches with
 * `q`, deep offsets, filtered counts, the automation queue), and what one request's work does to everyone else: a
 * probe asks `GET /api/healthz` every 10 ms while a few clients search without pause. The server runs one thread
 * (better-sqlite3 is synchronous), so the probe's slowest answer is the longest time the server answered nothing
 * else: the longest event-loop stall, measured from the outside as a client sees it.
 *
 * The server runs with `RESPONSE_CACHE=false` so that every request does its work (a typed search is a new URL
 * each time anyway); the store's count cache stays on, as in production.
 */
import { HEADERS, dataDir, startOurs } from './server';
import { healthProbe as probe, percentile, stats, type LatencyStats } from './lib/latency';

export interface SearchCase {
  name: string;
  path: string;
  range: string;
  /** A search (`q`): taken by the clients of the load phase. */
  search: boolean;
  /** Another account than the coordinator's. */
  headers?: Record<string, string>;
}

/** The demo translator, whose lists are narrowed to the work requests of their translations. */
const TRANSLATOR = {
  ...HEADERS,
  Authorization: `Basic ${Buffer.from('translator@mws.test:translator-demo').toString('base64')}`,
};

export interface SingleResult {
  name: string;
  path: string;
  range: string;
  total: number;
  /** The first request of this case after the server started (the count is not cached yet). */
  firstMs: number;
  /** Median of the following runs. */
  medianMs: number;
  status: number;
}

export interface SearchReport {
  workRequests: number;
  /** From spawning the server to its first answer (includes building missing search indexes). */
  startMs: number;
  /** The first search after start. */
  firstSearchMs: number;
  single: SingleResult[];
  idleProbe: LatencyStats;
  load: {
    clients: number;
    seconds: number;
    searches: LatencyStats;
    probe: LatencyStats;
    probesOver50ms: number;
    errors: number;
  };
}

/** The cases: a 1-letter q, a common word, a rare one, two words, with filters and sorts, and non-search requests that walk many rows. */
export function searchCases(total: number, translatorId?: string): SearchCase[] {
  const page = 'resources=0-49';
  return [
    { name: 'q=a (one letter), sort -created', path: '/api/workrequests?q=a&sort=-created', range: page, search: true },
    { name: 'q=a, sort due', path: '/api/workrequests?q=a&sort=due', range: page, search: true },
    {
      name: 'q=a, sort due, offset 60000',
      path: '/api/workrequests?q=a&sort=due',
      range: 'resources=60000-60049',
      search: true,
    },
    {
      name: 'q=trailer (common word), sort -created',
      path: '/api/workrequests?q=trailer&sort=-created',
      range: page,
      search: true,
    },
    {
      name: 'q=benchmark (rare word), sort due',
      path: '/api/workrequests?q=benchmark&sort=due',
      range: page,
      search: true,
    },
    {
      name: 'q=main trailer (two words), sort -due',
      path: '/api/workrequests?q=main%20trailer&sort=-due',
      range: page,
      search: true,
    },
    {
      name: 'q=trai, status in-progress,submitted, sort due',
      path: '/api/workrequests?q=trai&status=in-progress,submitted&sort=due',
      range: page,
      search: true,
    },
    {
      name: 'q=cora, status complete, sort -created',
      path: '/api/workrequests?q=cora&status=complete&sort=-created',
      range: page,
      search: true,
    },
    {
      name: 'q=fr-fr (language code), sort due',
      path: '/api/workrequests?q=fr-fr&sort=due',
      range: page,
      search: true,
    },
    {
      name: `no q, sort due, offset ${total - 100}`,
      path: '/api/workrequests?sort=due',
      range: `resources=${total - 100}-${total - 1}`,
      search: false,
    },
    {
      name: `no q, sort -created, offset ${total - 100}`,
      path: '/api/workrequests?sort=-created',
      range: `resources=${total - 100}-${total - 1}`,
      search: false,
    },
    {
      name: 'status complete,cancelled, sort -created',
      path: '/api/workrequests?status=complete,cancelled&sort=-created',
      range: page,
      search: false,
    },
    {
      name: 'status complete,in-progress, sort due',
      path: '/api/workrequests?status=complete,in-progress&sort=due',
      range: page,
      search: false,
    },
    {
      name: 'language fr-FR + status complete, sort -created, offset 2000',
      path: '/api/workrequests?language=fr-FR&status=complete&sort=-created',
      range: 'resources=2000-2049',
      search: false,
    },
    { name: 'automateJob (first page)', path: '/api/workrequests/automateJob', range: page, search: false },
    // The list's assignee filter (indexes.ts: assignee with due and created): a coordinator's list of one translator.
    ...(translatorId
      ? [
          {
            name: 'assignee (the demo translator), sort due',
            path: `/api/workrequests?assignee=${translatorId}&sort=due`,
            range: page,
            search: false,
          },
          {
            name: 'assignee (the demo translator), sort -created, offset 2000',
            path: `/api/workrequests?assignee=${translatorId}&sort=-created`,
            range: 'resources=2000-2049',
            search: false,
          },
        ]
      : []),
    {
      name: 'as the translator: assignee me, sort due',
      path: '/api/workrequests?assignee=me&sort=due',
      range: page,
      search: false,
      headers: TRANSLATOR,
    },
    {
      name: 'as the translator: sort due',
      path: '/api/workrequests?sort=due',
      range: page,
      search: false,
      headers: TRANSLATOR,
    },
    {
      name: 'as the translator: q=trailer, sort -created',
      path: '/api/workrequests?q=trailer&sort=-created',
      range: page,
      search: true,
      headers: TRANSLATOR,
    },
  ];
}

async function timed(
  url: string,
  range?: string,
  headers: Record<string, string> = HEADERS,
): Promise<{ ms: number; status: number; total: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { ...headers, ...(range ? { 'X-Range': range } : {}) } });
  await res.arrayBuffer();
  const total = Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);
  return { ms: performance.now() - started, status: res.status, total };
}

export async function benchSearch(
  options: { workRequests?: number; duration?: number; clients?: number; log?: (s: string) => void } = {},
): Promise<SearchReport> {
  const n = options.workRequests ?? 100_000;
  const seconds = options.duration ?? 10;
  const clients = options.clients ?? 4;
  const log = options.log ?? console.log;
  log(`search: preparing ${n} work requests…`);
  const { dir } = await dataDir(n);
  const port = 19000 + Math.floor(Math.random() * 1000);
  const spawned = performance.now();
  const server = await startOurs(dir, port, false);
  const startMs = Math.round(performance.now() - spawned);
  try {
    const base = server.url;
    const first = await timed(`${base}/api/workrequests?q=trailer&sort=-created`, 'resources=0-49');
    const total = (await timed(`${base}/api/workrequests`, 'resources=0-0')).total;
    const me = (await (await fetch(`${base}/api/users/me`, { headers: TRANSLATOR })).json()) as { _id?: string };
    const cases = searchCases(total, me._id);

    const single: SingleResult[] = [];
    for (const c of cases) {
      log(`search: ${c.name}`);
      const runs = [];
      for (let i = 0; i < 6; i++) runs.push(await timed(base + c.path, c.range, c.headers));
      const rest = runs
        .slice(1)
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      single.push({
        name: c.name,
        path: c.path,
        range: c.range,
        total: runs[0]!.total,
        status: runs[0]!.status,
        firstMs: Math.round(runs[0]!.ms * 10) / 10,
        medianMs: Math.round(percentile(rest, 50) * 10) / 10,
      });
    }

    log('search: idle probe…');
    const idle = probe(base);
    await new Promise((r) => setTimeout(r, 2000));
    const idleProbe = stats(await idle.stop());

    log(`search: ${clients} clients searching for ${seconds} s while the probe runs…`);
    const searches = cases.filter((c) => c.search);
    const searchTimes: number[] = [];
    let errors = 0;
    const loaded = probe(base);
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, k) => {
        // Each client starts at a different case, and varies the page so that pages and counts differ.
        for (let i = k; Date.now() < deadline; i++) {
          const c = searches[i % searches.length]!;
          const from = (i % 7) * 50;
          const r = await timed(
            base + c.path,
            c.range === 'resources=0-49' ? `resources=${from}-${from + 49}` : c.range,
            c.headers,
          );
          if (r.status !== 200) errors++;
          searchTimes.push(r.ms);
        }
      }),
    );
    const probeTimes = await loaded.stop();
    return {
      workRequests: total,
      startMs,
      firstSearchMs: Math.round(first.ms),
      single,
      idleProbe,
      load: {
        clients,
        seconds,
        searches: stats(searchTimes),
        probe: stats(probeTimes),
        probesOver50ms: probeTimes.filter((t) => t > 50).length,
        errors,
      },
    };
  } finally {
    await server.stop();
  }
}

export function renderSearch(r: SearchReport): string {
  const s = (x: LatencyStats) => `p50 ${x.p50} ms, p95 ${x.p95} ms, p99 ${x.p99} ms, max ${x.max} ms (${x.count})`;
  return [
    '## Search and stalls',
    '',
    `${r.workRequests.toLocaleString('en')} work requests, signed in as the demo coordinator (sees all), \`RESPONSE_CACHE=false\`.`,
    `Server start to first answer: ${r.startMs} ms; the first search after start (q=trailer): ${r.firstSearchMs} ms.`,
    '',
    'Single requests, one at a time: the first after start (its count not yet cached), then the median of 5 more.',
    '',
    '| request | X-Range | total | first | median |',
    '|---|---|---|---|---|',
    ...r.single.map(
      (c) =>
        `| ${c.name}${c.status !== 200 ? ` (**${c.status}**)` : ''} | ${c.range} | ${c.total.toLocaleString('en')} | ${c.firstMs} ms | ${c.medianMs} ms |`,
    ),
    '',
    `Under load: ${r.load.clients} clients search without pause (the q cases above, pages varied) for ${r.load.seconds} s while a probe asks`,
    '`GET /api/healthz` every 10 ms, one at a time; its slowest answer is the longest time the server answered nothing else.',
    '',
    '| measure | latency |',
    '|---|---|',
    `| healthz, idle server | ${s(r.idleProbe)} |`,
    `| searches under load | ${s(r.load.searches)}${r.load.errors ? `, **${r.load.errors} errors**` : ''} |`,
    `| healthz while they run | ${s(r.load.probe)}; ${r.load.probesOver50ms} answers over 50 ms |`,
    '',
  ].join('\n');
}

/** The section hook of bench/run.ts. */
export async function run(o: { duration: number; workRequests: number }): Promise<{ data: unknown; markdown: string }> {
  const data = await benchSearch({ workRequests: o.workRequests, duration: o.duration });
  return { data, markdown: renderSearch(data) };
}
