/**
 * Throwaway PostgreSQL databases for tests (the store contract, the bus, the API and two-instance suites): made on
 * the server of TEST_DATABASE_URL (default: the local `mws` superuser), named `mws_test_<random>`, dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';

export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://mws:mws@127.0.0.1:5432/postgres';

/** Whether the test PostgreSQL server (or the one at `url`) answers (suites that need it are skipped, saying so, when not). */
export async function postgresReachable(url = TEST_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined); // dropped while asked: the query reports it
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on the admin database (CREATE / DROP DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database, and how to drop it. */
export async function throwawayDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `mws_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: testDatabaseUrl(name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * `describe` for a suite that needs PostgreSQL: when the server does not answer, the suite is skipped with
 * "(NOT RUN: PostgreSQL unreachable)" in its title and a warning on the console, never silently. Await it at the
 * top of the test file.
 */
export async function describeWithPostgres(title: string, fn: () => void): Promise<void> {
  if (await postgresReachable()) {
    describe(title, fn);
    return;
  }
  console.warn(`PostgreSQL is not reachable at ${TEST_ADMIN_URL}: "${title}" was NOT run`);
  describe.skip(`${title} (NOT RUN: PostgreSQL unreachable)`, fn);
}
