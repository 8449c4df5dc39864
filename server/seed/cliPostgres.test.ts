/**
 * `npm run seed -- --database-url …` seeds PostgreSQL: the demo set, then work requests on top. Runs the CLI as a
 * child process on a throwaway database. Skipped, saying so, without a reachable PostgreSQL.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { PostgresStore } from '../storage/postgres/postgresStore';
import { describeWithPostgres, throwawayDatabase } from '../storage/postgres/testDatabase';

const ROOT = path.resolve(import.meta.dirname, '../..');

await describeWithPostgres('seed CLI on PostgreSQL', () => {
  it('seeds the demo set, then adds work requests', async () => {
    const database = await throwawayDatabase();
    try {
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: '' },
        });
      const first = await run('--database-url', database.url);
      expect(first.stdout).toMatch(/demo set seeded/);
      expect(first.stdout).not.toContain(':mws@'); // the password is not printed
      const store = await PostgresStore.open(database.url);
      try {
        const demoWorkRequests = await store.count('Workrequests');
        expect(await store.count('Users')).toBeGreaterThan(0);
        const second = await run('--database-url', database.url, '--work-requests', '30');
        expect(second.stdout).toMatch(/demo set not seeded again/);
        expect(await store.count('Workrequests')).toBe(demoWorkRequests + 30);
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
