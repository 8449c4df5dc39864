/**
 * The PostgreSQL data set of the server benchmark: a throwaway database per run (`mws_bench_server_<random>`,
 * dropped at the end) holding the same data as the SQLite set — the same seed (server/seed/large.ts: the demo set
 * plus N work requests, made by the same seeded random generator), so the same records and ids.
 *
 * Seeding 100,000 work requests through the store takes minutes (one INSERT per record: see docs/BENCHMARKS.md), so
 * it is done once into a template database, `mws_bench_server_tpl_<N>_v<schema version>`, kept between runs like the
 * SQLite set in .tmp/; each run copies it (CREATE DATABASE … TEMPLATE, a file copy). The template is seeded under
 * another name and renamed when complete, so a run that was stopped half-way leaves no template that looks done.
 * Drop it (`DROP DATABASE "mws_bench_server_tpl_…"`) to seed afresh.
 *
 * The server is TEST_DATABASE_URL's (default postgres://mws:mws@127.0.0.1:5432/postgres, as for the tests).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PostgresStore } from '../../server/storage/postgres/postgresStore';
import { SCHEMA_VERSION } from '../../server/storage/postgres/schema';
import {
  TEST_ADMIN_URL,
  adminQuery,
  postgresReachable,
  testDatabaseUrl,
} from '../../server/storage/postgres/testDatabase';
import { seedLarge, type BenchmarkIds } from '../../server/seed/large';

export interface PgDataSet {
  url: string;
  /** The database's name. */
  name: string;
  ids: BenchmarkIds;
  /** Time to seed the template in this run (0 when it was there already). */
  seedMs: number;
  /** Time to copy the template into this run's database. */
  copyMs: number;
  /** The process ids of PostgreSQL's backends connected to this database now (for their CPU time, /proc). */
  backendPids(): Promise<number[]>;
  drop(): Promise<void>;
}

/** The admin URL without its password, for messages. */
export function shownAdminUrl(): string {
  const url = new URL(TEST_ADMIN_URL);
  if (url.password) url.password = '***';
  return url.toString();
}

async function withAdmin<R>(fn: (client: pg.Client) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The template's benchmark ids (kept as the database's comment), or undefined when there is no finished template. */
async function templateIds(name: string): Promise<BenchmarkIds | undefined> {
  const { rows } = await withAdmin((c) =>
    c.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    ),
  );
  const comment = rows[0]?.comment;
  return comment ? (JSON.parse(comment) as { ids: BenchmarkIds }).ids : undefined;
}

async function seedTemplate(name: string, n: number, log: (s: string) => void): Promise<BenchmarkIds> {
  const seeding = `${name}_seeding`;
  await adminQuery(`DROP DATABASE IF EXISTS "${seeding}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${seeding}"`);
  const store = await PostgresStore.open(testDatabaseUrl(seeding));
  let ids: BenchmarkIds;
  try {
    let reported = 0;
    ids = (
      await seedLarge(store, {
        workRequests: n,
        onProgress: (done, total) => {
          if (done - reported >= 20_000 || done === total) {
            reported = done;
            log(
              `server: PostgreSQL template: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} work requests`,
            );
          }
        },
      })
    ).benchmark;
  } finally {
    await store.close();
  }
  const client = new pg.Client({ connectionString: testDatabaseUrl(seeding) });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
  const comment = JSON.stringify({ ids }).replace(/'/g, "''");
  await adminQuery(`COMMENT ON DATABASE "${seeding}" IS '${comment}'`);
  await adminQuery(`ALTER DATABASE "${seeding}" RENAME TO "${name}"`);
  return ids;
}

/**
 * This run's database, copied from the template (seeded first when absent). Throws, saying why, when PostgreSQL
 * does not answer.
 */
export async function pgDataSet(n: number, log: (s: string) => void): Promise<PgDataSet> {
  if (!(await postgresReachable())) throw new Error(`PostgreSQL unreachable at ${shownAdminUrl()}`);
  const template = `mws_bench_server_tpl_${n}_v${SCHEMA_VERSION}`;
  let seedMs = 0;
  let ids = await templateIds(template);
  if (!ids) {
    log(`server: seeding the PostgreSQL template ${template} (once; kept for later runs)…`);
    const started = Date.now();
    ids = await seedTemplate(template, n, log);
    seedMs = Date.now() - started;
  }
  const name = `mws_bench_server_${randomBytes(5).toString('hex')}`;
  const started = Date.now();
  // FILE_COPY copies the files after a checkpoint (WAL_LOG, the default, writes every block to the WAL: slower).
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  const copyMs = Date.now() - started;
  return {
    url: testDatabaseUrl(name),
    name,
    ids,
    seedMs,
    copyMs,
    backendPids: async () =>
      (
        await withAdmin((c) => c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]))
      ).rows.map((r) => r.pid),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
