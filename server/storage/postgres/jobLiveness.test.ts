/**
 * Jobs held by a dead instance run again within the liveness window (postgres/jobs.ts, `takeBackDead`), and never
 * while their instance lives: a runner in a child process takes a job that never ends, is killed with SIGKILL, and
 * a runner here then runs it. Skipped, saying so, without a reachable PostgreSQL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { PostgresStore } from './postgresStore';
import { runJobs } from './jobs';
import { describeWithPostgres, throwawayDatabase } from './testDatabase';

const WAIT = { timeout: 20_000, interval: 50 } as const;

await describeWithPostgres('PostgreSQL job runners: liveness', () => {
  it("takes back a killed instance's job after its heartbeat stops, and leaves a live one's alone", async () => {
    const database = await throwawayDatabase();
    const store = await PostgresStore.open(database.url);
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'jobHolder.fixture.ts'), database.url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    holder.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const runs: number[] = [];
    let here: { stop(): Promise<void> } | undefined;
    try {
      await store.jobs.add('hold', { n: 1 });
      await vi.waitFor(() => expect(out).toMatch(/holding \d+/), WAIT);

      // A runner here that sweeps dead runners every 100 ms and takes a runner for dead after 1.5 s of silence.
      here = await runJobs(
        database.url,
        { hold: async (_p, job) => void runs.push(job.attempt) },
        { pollMs: 50, concurrency: 1 },
        { heartbeatMs: 100, deadAfterMs: 1500 },
      );
      const since = Date.now();
      // While the holder lives, its heartbeat stays fresh well past the 1.5 s: its job is not taken.
      await vi.waitFor(async () => {
        const { rows } = await client.query<{ seen: Date }>(
          `SELECT r.seen_at AS seen FROM mws_job_runners r JOIN graphile_worker.jobs j ON j.locked_by = ANY(r.workers)`,
        );
        expect(rows[0]?.seen.getTime()).toBeGreaterThan(since + 3000);
      }, WAIT);
      expect(runs).toEqual([]);

      holder.kill('SIGKILL');
      await vi.waitFor(() => expect(runs).toEqual([2]), WAIT);
      await vi.waitFor(async () => expect(await store.listJobs()).toEqual([]), WAIT);
    } finally {
      holder.kill('SIGKILL');
      await here?.stop();
      await client.end();
      await store.close();
      await database.drop();
    }
  });
});
