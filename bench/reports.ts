/**
 * The reports at scale (docs/BENCHMARKS.md "Reports"): every `GET /reports/{name}` over two years of the large set
 * (100,000 work requests by default), as the admin (every studio) and as a coordinator of one studio, on SQLite and on
 * PostgreSQL, each beside the list page's time (`GET /workrequests?sort=-created`, first 50 rows) measured in the
 * same run on the same server. One request at a time, `ROUNDS` each after one warm-up; the response cache off.
 * Goal: every report < 200 ms (p50) on both stores.
 *
 *   npm run bench -- --only reports
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDir, HEADERS, startOurs } from './server';
import { pgDataSet } from './lib/postgres';
import { stats, type LatencyStats } from './lib/latency';

const ROUNDS = 15;
const GOAL_MS = 200;
const DAY = 86_400_000;
const REPORTS = ['orders', 'volume', 'exceptions', 'rejections', 'spending', 'downloads'];
/** A coordinator of one studio of the demo (the scoped query: a studio's reports start at its studio). */
const SAM = `Basic ${Buffer.from('sam.okafor@harborlane.test:demo-password').toString('base64')}`;

interface Row {
  store: 'SQLite' | 'PostgreSQL';
  what: string;
  as: string;
  ms: LatencyStats;
  bytes: number;
}

async function timed(
  base: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number[]; bytes: number }> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= ROUNDS; i++) {
    const started = performance.now();
    const res = await fetch(base + url, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
    if (i > 0) ms.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { ms, bytes };
}

async function measure(store: Row['store'], base: string): Promise<Row[]> {
  const to = new Date(Date.now()).toISOString().slice(0, 10);
  const from = new Date(Date.now() - 730 * DAY).toISOString().slice(0, 10);
  const rows: Row[] = [];
  const add = async (what: string, as: string, url: string, headers: Record<string, string>) => {
    const { ms, bytes } = await timed(base, url, headers);
    rows.push({ store, what, as, ms: stats(ms), bytes });
  };
  await add('list page (first 50, -created)', 'admin', '/api/workrequests?sort=-created', {
    ...HEADERS,
    'X-Range': 'resources=0-49',
  });
  for (const name of REPORTS)
    await add(`report ${name}`, 'admin', `/api/reports/${name}?from=${from}&to=${to}`, HEADERS);
  for (const name of ['orders', 'spending'])
    await add(`report ${name}`, 'coordinator of one studio', `/api/reports/${name}?from=${from}&to=${to}`, {
      ...HEADERS,
      Authorization: SAM,
    });
  return rows;
}

function render(rows: Row[], n: number): string {
  const lines = [
    '## Reports',
    '',
    `Every report over two years of ${n.toLocaleString('en')} work requests, one request at a time, p50 / p95 of ` +
      `${ROUNDS} after a warm-up, beside the list page on the same server. Goal: every report < ${GOAL_MS} ms.`,
    '',
    '| store | request | as | p50 ms | p95 ms | bytes | goal |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const goal = r.what.startsWith('report') ? (r.ms.p50 < GOAL_MS ? 'met' : '**missed**') : '';
    lines.push(`| ${r.store} | ${r.what} | ${r.as} | ${r.ms.p50} | ${r.ms.p95} | ${r.bytes} | ${goal} |`);
  }
  return lines.join('\n') + '\n';
}

export async function run({ workRequests }: { workRequests: number }): Promise<{ data: unknown; markdown: string }> {
  const port = 18000 + Math.floor(Math.random() * 1500);
  const rows: Row[] = [];
  const sqlite = await dataDir(workRequests);
  let server = await startOurs(sqlite.dir, port, false);
  try {
    rows.push(...(await measure('SQLite', server.url)));
  } finally {
    await server.stop();
  }
  const db = await pgDataSet(workRequests, console.log);
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-reports-'));
  try {
    server = await startOurs(pgDir, port + 1, false, { DATABASE_URL: db.url });
    try {
      rows.push(...(await measure('PostgreSQL', server.url)));
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  return { data: rows, markdown: render(rows, workRequests) };
}
