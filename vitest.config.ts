import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { TEST_ADMIN_URL, postgresReachable } from './server/storage/postgres/testDatabase.ts';
import { ProjectJsonReporter } from './test/support/projectJsonReporter.ts';

/**
 * Two projects, one run, one report (docs/ARCHITECTURE.md, "Tests on both stores"):
 * - `sqlite`: every unit, store and API test, the API ones on a server with SQLite in a temp directory;
 * - `postgres`: the API suite again (the folders of tests that start the real server, test/support/server.ts), each
 *   server on a throwaway PostgreSQL database (TEST_STORE=postgres), and the PostgreSQL store's own tests.
 * Without a reachable PostgreSQL (TEST_DATABASE_URL) the API suite's files are replaced by postgresNotRun.test.ts,
 * which names each of them as skipped with the reason; the PostgreSQL-only files skip themselves, saying so.
 */
const ALL = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'test/**/*.test.ts'];
/** Where the tests that start the real server live: a new one belongs in one of these folders. */
const SERVER_BACKED_DIRS = ['test/api', 'test/hardening'];
/**
 * Tests of PostgreSQL itself (the store contract on PostgreSQL, its bus, two instances on one database, moving an
 * embedded install into PostgreSQL, load balancers in front of instances on one database).
 */
const POSTGRES_ONLY = [
  'server/storage/postgres/**/*.test.ts',
  'server/seed/cliPostgres.test.ts',
  'test/api/instances.test.ts',
  'test/api/embargoInstances.test.ts',
  'test/api/uploadsInstances.test.ts',
  'test/api/migrate.test.ts',
  'test/deploy/*.test.ts',
];
const NOT_RUN = 'test/support/postgresNotRun.test.ts';

const serverBacked = SERVER_BACKED_DIRS.flatMap((dir) =>
  fs
    .readdirSync(fileURLToPath(new URL(dir, import.meta.url)))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`)
    .filter((file) => !POSTGRES_ONLY.includes(file)),
);

/** What both projects share (the project config does not inherit the root's without `extends`). */
const shared = { environment: 'node', testTimeout: 20000, hookTimeout: 60000, pool: 'forks' } as const;

async function postgresProject(): Promise<TestProjectInlineConfiguration> {
  const test = { name: 'postgres', env: { TEST_STORE: 'postgres' } };
  if (await postgresReachable()) return { test: { ...shared, ...test, include: [...serverBacked, ...POSTGRES_ONLY] } };
  const where = new URL(TEST_ADMIN_URL);
  if (where.password) where.password = '***';
  const reason = `PostgreSQL unreachable at ${where.toString()} (TEST_DATABASE_URL)`;
  console.warn(`\n  NOT RUN on PostgreSQL: the API suite's ${serverBacked.length} files (${reason})\n`);
  return {
    test: {
      ...shared,
      ...test,
      include: [NOT_RUN, ...POSTGRES_ONLY],
      env: { ...test.env, POSTGRES_NOT_RUN: JSON.stringify({ reason, files: serverBacked }) },
    },
  };
}

export default defineConfig(async () => ({
  test: {
    reporters: ['default', new ProjectJsonReporter({ outputFile: 'test-results/unit.json' })],
    projects: [
      {
        test: {
          ...shared,
          name: 'sqlite',
          // Whatever the shell has: this project's servers are on SQLite (test/support/server.ts).
          env: { TEST_STORE: 'sqlite' },
          include: ALL,
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY, NOT_RUN],
        },
      },
      await postgresProject(),
    ],
  },
}));
