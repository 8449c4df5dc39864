/**
 * Counts the SQL statements each request of the server benchmark makes on PostgreSQL, and times them (not a test):
 *
 *   node --import tsx bench/pgStatements.ts [--work-requests 100000] [--cache]
 *
 * Builds the app in this process on a copy of the benchmark's PostgreSQL data set (bench/lib/postgres.ts: the
 * template, seeded first when absent), signs in as the demo coordinator and sends each request three times with
 * `app.inject`; lists the statements node-postgres sent during the third (every `Client#query`, whether called by the
 * pool or on a transaction's client). `--cache` keeps the response cache on (then a repeated GET is a hit).
 * docs/BENCHMARKS.md ("Server") sums up what it showed.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app';
import { PostgresStore } from '../server/storage/postgres/postgresStore';
import { pgDataSet } from './lib/postgres';
import { HEADERS } from './server';

const { values } = parseArgs({
  options: { 'work-requests': { type: 'string', default: '100000' }, cache: { type: 'boolean', default: false } },
});

interface Sent {
  sql: string;
  ms: number;
}
const sent: Sent[] = [];
let counting = false;

// Client#query is called with a callback by the pool and without one (a promise) on a checked-out client.
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called through apply with the client as `this`
const original = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (...args: unknown[]) {
  if (!counting) return original.apply(this, args);
  const first = args[0];
  const sql = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
  const started = performance.now();
  const done = () => sent.push({ sql: sql.replace(/\s+/g, ' '), ms: performance.now() - started });
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    args[args.length - 1] = (...result: unknown[]) => {
      done();
      return (last as (...r: unknown[]) => unknown)(...result);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args) as Promise<unknown>;
  result.then(done, done);
  return result;
};

const db = await pgDataSet(Number(values['work-requests']), console.log);
const store = await PostgresStore.open(db.url);
const app = await buildApp({ store, responseCache: values.cache });
try {
  const ids = db.ids;
  const headers = { ...HEADERS };
  const json = { 'content-type': 'application/json' };
  const lines = (await app.inject({ method: 'GET', url: `/api/translations/${ids.translation1500}`, headers })).json<{
    lines: unknown[];
  }>().lines;
  const requests: { name: string; method: 'GET' | 'PUT' | 'POST'; url: string; headers?: object; body?: string }[] = [
    { name: 'GET /workrequests/automateJob', method: 'GET', url: '/api/workrequests/automateJob' },
    { name: 'GET /workrequests?sort=-created (first page)', method: 'GET', url: '/api/workrequests?sort=-created' },
    { name: 'GET /workrequests/{id}', method: 'GET', url: `/api/workrequests/${ids.workRequest1500}` },
    {
      name: 'PUT /translations/{id} (1,500 lines)',
      method: 'PUT',
      url: `/api/translations/${ids.translation1500}`,
      headers: json,
      body: JSON.stringify({ lines }),
    },
    {
      name: 'PUT /workrequests/{id} (status)',
      method: 'PUT',
      url: `/api/workrequests/${ids.workRequest3000}`,
      headers: json,
      body: JSON.stringify({ status: 'submitted', reason: 'Counting statements' }),
    },
    {
      name: 'POST /comments',
      method: 'POST',
      url: '/api/comments',
      headers: json,
      body: JSON.stringify({ workRequest: ids.workRequest1500, body: 'Counting statements' }),
    },
  ];
  for (const r of requests) {
    for (let round = 1; round <= 3; round++) {
      sent.length = 0;
      counting = round === 3;
      const started = performance.now();
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: { ...headers, 'x-range': 'resources=0-49', ...r.headers },
        payload: r.body,
      });
      const ms = performance.now() - started;
      // Effects after the answer (the generation bump after a commit) are counted too.
      await new Promise((resolve) => setTimeout(resolve, 50));
      counting = false;
      if (round < 3) continue;
      const inStatements = sent.reduce((sum, s) => sum + s.ms, 0);
      console.log(
        `\n${r.name}: ${res.statusCode} in ${ms.toFixed(1)} ms, ${sent.length} statements (${inStatements.toFixed(1)} ms)`,
      );
      for (const s of sent) console.log(`  ${s.ms.toFixed(2).padStart(7)} ms  ${s.sql.slice(0, 150)}`);
    }
  }
} finally {
  await app.close();
  await store.close();
  await db.drop();
}
