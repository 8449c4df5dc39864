/**
 * Measures the PostgreSQL store's list and count queries on the large work-request set (not a test):
 *
 *   node --import tsx bench/pgStore.ts [--work-requests 100000] [--database-url postgres://mws:mws@127.0.0.1:5432/postgres]
 *
 * Seeds the demo + large set into an in-memory SQLite store (server/seed/large.ts), copies the work requests into a
 * throwaway database `mws_bench_<random>` through PostgresStore, runs ANALYZE, then times each query (median of 7
 * runs after one warm-up) on PostgreSQL and, for comparison, on the SQLite store. Drops the database at the end
 * (`--keep` keeps it, to EXPLAIN queries by hand).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SqliteStore } from '../server/storage/sqlite/sqliteStore';
import { PostgresStore } from '../server/storage/postgres/postgresStore';
import { seedLarge } from '../server/seed/large';
import type { Doc, ListQuery } from '../server/storage/store';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const count = Number(option('work-requests', '100000'));
const adminUrl = option('database-url', process.env.TEST_DATABASE_URL ?? 'postgres://mws:mws@127.0.0.1:5432/postgres');
const database = `mws_bench_${randomBytes(5).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${database}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[3]!;
}

let t = performance.now();
const sqlite = new SqliteStore(':memory:');
await seedLarge(sqlite, { workRequests: count });
console.log(`seeded ${count} work requests into SQLite in ${((performance.now() - t) / 1000).toFixed(1)} s`);

await admin(`CREATE DATABASE "${database}"`);
const store = await PostgresStore.open(url.toString(), { cacheCounts: false });
const cached = await PostgresStore.open(url.toString());
try {
  t = performance.now();
  const total = await sqlite.count('Workrequests');
  for (let offset = 0; offset < total; offset += 2000) {
    const { items } = await sqlite.list('Workrequests', { sort: { field: '_id', dir: 'asc' }, offset, limit: 2000 });
    await store.transaction(async (tx) => {
      for (const doc of items) await tx.insert('Workrequests', doc);
    });
  }
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  await raw.query('VACUUM ANALYZE "Workrequests"');
  const size = await raw.query<{ size: string }>(
    `SELECT pg_size_pretty(pg_total_relation_size('"Workrequests"')) AS size`,
  );
  console.log(
    `copied ${total} into PostgreSQL in ${((performance.now() - t) / 1000).toFixed(1)} s (table + indexes: ${size.rows[0]!.size})`,
  );

  // Values from the data: the two studios with most work requests, the commonest status, a common and a rare word.
  const top = async (field: string) =>
    (
      await raw.query<{ v: string }>(
        `SELECT "f_${field}" AS v FROM "Workrequests" WHERE "f_${field}" IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 2`,
      )
    ).rows.map((r) => r.v);
  const [studioA, studioB] = await top('studio');
  const [status] = await top('status');
  const words = (
    await raw.query<{ word: string; ndoc: number }>(
      `SELECT word, ndoc FROM ts_stat('SELECT f_search FROM "Workrequests"') WHERE length(word) > 3 ORDER BY ndoc DESC`,
    )
  ).rows;
  await raw.end();
  const common = words[0]!;
  const rare = words.find((w) => w.ndoc <= 50 && w.ndoc >= 5) ?? words[words.length - 1]!;

  const cases: [string, ListQuery | { count: ListQuery['filters'] }][] = [
    ['first page, -created', { sort: { field: 'created', dir: 'desc' }, offset: 0, limit: 50 }],
    [
      `status ${status} by due`,
      {
        filters: [{ field: 'status', op: 'eq', value: status! }],
        sort: { field: 'due', dir: 'asc' },
        offset: 0,
        limit: 50,
      },
    ],
    [
      '2 studios by created at offset 50,000',
      {
        filters: [{ field: 'studio', op: 'in', value: [studioA!, studioB!] }],
        sort: { field: 'created', dir: 'asc' },
        offset: 50_000,
        limit: 50,
      },
    ],
    [
      `search common "${common.word}" (${common.ndoc} rows)`,
      {
        filters: [{ field: 'search', op: 'contains', value: common.word }],
        sort: { field: 'created', dir: 'desc' },
        offset: 0,
        limit: 50,
      },
    ],
    [
      `search rare "${rare.word}" (${rare.ndoc} rows)`,
      {
        filters: [{ field: 'search', op: 'contains', value: rare.word }],
        sort: { field: 'created', dir: 'desc' },
        offset: 0,
        limit: 50,
      },
    ],
    [
      `search prefix "${common.word.slice(0, 2)}"`,
      {
        filters: [{ field: 'search', op: 'contains', value: common.word.slice(0, 2) }],
        sort: { field: 'due', dir: 'asc' },
        offset: 0,
        limit: 50,
      },
    ],
    [`count status ${status}`, { count: [{ field: 'status', op: 'eq', value: status! }] }],
    [`count 2 studios`, { count: [{ field: 'studio', op: 'in', value: [studioA!, studioB!] }] }],
    ['count all', { count: [] }],
  ];
  console.log('\n| query | rows | PostgreSQL ms | PostgreSQL, counts kept ms | SQLite ms |\n|---|---|---|---|---|');
  for (const [name, q] of cases) {
    let rows = 0;
    const pgMs = await median(async () => {
      if ('count' in q) rows = await store.count('Workrequests', q.count);
      else rows = (await store.list<Doc>('Workrequests', q)).total;
    });
    const cachedMs = await median(() =>
      'count' in q ? cached.count('Workrequests', q.count) : cached.list<Doc>('Workrequests', q),
    );
    // SQLite caches counts until the next write: its count lines are cache hits, shown for completeness.
    const sqliteMs = await median(() =>
      Promise.resolve('count' in q ? sqlite.count('Workrequests', q.count) : sqlite.list('Workrequests', q)),
    );
    console.log(`| ${name} | ${rows} | ${pgMs.toFixed(1)} | ${cachedMs.toFixed(1)} | ${sqliteMs.toFixed(1)} |`);
  }
} finally {
  await store.close();
  await cached.close();
  await sqlite.close();
  if (process.argv.includes('--keep')) console.log(`kept ${url.toString()}`);
  else await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}
