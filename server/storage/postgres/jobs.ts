/**
 * The PostgreSQL store's job queue (storage/jobs.ts has the rules; docs/decisions/175-durable-job-queue.md):
 * graphile-worker 0.16 (Node ≥ 14; its schema `graphile_worker` beside the collections). A job is added with its SQL
 * function `graphile_worker.add_job` on the caller's connection, so a transaction's job commits or rolls back with
 * it; runners on every instance take jobs with `FOR UPDATE SKIP LOCKED` and are woken by its LISTEN/NOTIFY, retry
 * with e^attempts seconds of back-off, and take back jobs a dead instance held after 4 hours.
 */
import type pg from 'pg';
import { Logger, run, runMigrations, type LogLevel, type TaskList } from 'graphile-worker';
import { storePool } from './connection';
import {
  DEFAULT_MAX_ATTEMPTS,
  jobRecord,
  type JobHandlers,
  type JobQueue,
  type JobRecord,
  type RunnerOptions,
} from '../jobs';

type Query = <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<pg.QueryResult<R>>;

/** A row of graphile-worker's `jobs` view, as read here. */
interface JobRow {
  id: string;
  task_identifier: string;
  key: string | null;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
}

/**
 * graphile-worker's log: errors and warnings to stderr with a prefix (a runner's lost connection, a failed job);
 * its info and debug lines (every job run) are not kept.
 */
const logger = new Logger(() => (level: LogLevel, message: string) => {
  // LogLevel is a const enum of strings, which this build's isolated modules cannot read: compare its values.
  const name: string = level;
  if (name === 'error' || name === 'warning') process.stderr.write(`jobs (${name}): ${message}\n`);
});

/** Installs or upgrades graphile-worker's schema (safe when instances start together: it detects the race). */
export async function migrateJobs(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger });
}

/** The queue on one connection (the pool, or a transaction's client). */
export function postgresJobs(query: Query): JobQueue {
  return {
    add: async (task, payload, options = {}) => {
      await query(
        `SELECT graphile_worker.add_job($1::text, $2::json, run_at => $3::timestamptz, max_attempts => $4::int,
           job_key => $5::text)`,
        [
          task,
          JSON.stringify(payload),
          options.runAt ?? null,
          options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          options.key ?? null,
        ],
      );
    },
  };
}

export async function listJobs(query: Query, limit = 100): Promise<JobRecord[]> {
  const { rows } = await query<JobRow>(
    `SELECT id, task_identifier, key, run_at, attempts, max_attempts, last_error, locked_at
     FROM graphile_worker.jobs ORDER BY run_at, id LIMIT $1`,
    [limit],
  );
  return rows.map((r) =>
    jobRecord({
      id: String(r.id),
      task: r.task_identifier,
      key: r.key,
      runAt: new Date(r.run_at),
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      locked: r.locked_at !== null,
    }),
  );
}

/**
 * A runner of `handlers`' tasks on this instance (graphile-worker's `run`, without its signal handling or cron), on a
 * pool of its own for `url`. graphile-worker listens for errors on the clients a pool makes after it starts (a client
 * it holds, such as its LISTEN connection, then lives through a database restart's 57P01); the store's pool already
 * has clients without that listener, and one of them held by the runner when the database restarted ended the
 * process (test/deploy/databaseOutage.test.ts). Its own pool is also sized for it: the jobs never wait for the
 * requests' connections, nor the requests for the jobs'.
 */
export async function runJobs(url: string, handlers: JobHandlers, options: RunnerOptions = {}) {
  const taskList: TaskList = {};
  for (const [task, handler] of Object.entries(handlers)) {
    taskList[task] = (payload, helpers) =>
      handler(payload, {
        id: String(helpers.job.id),
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
  }
  const concurrency = options.concurrency ?? 2;
  // The jobs at once, the LISTEN connection, and one to spare for graphile-worker's own housekeeping.
  const pool = storePool(url, concurrency + 2);
  try {
    const runner = await run({
      pgPool: pool,
      taskList,
      concurrency,
      pollInterval: options.pollMs ?? 2000,
      noHandleSignals: true,
      parsedCronItems: [],
      logger,
    });
    return {
      stop: async () => {
        await runner.stop();
        await pool.end();
      },
    };
  } catch (e) {
    await pool.end();
    throw e;
  }
}
