/**
 * The PostgreSQL store's job queue (storage/jobs.ts has the rules; docs/decisions/175-durable-job-queue.md):
 * graphile-worker 0.16 (Node ≥ 14; its schema `graphile_worker` beside the collections). A job is added with its SQL
 * function `graphile_worker.add_job` on the caller's connection, so a transaction's job commits or rolls back with
 * it; runners on every instance take jobs with `FOR UPDATE SKIP LOCKED` and are woken by its LISTEN/NOTIFY, retry
 * with e^attempts seconds of back-off. Jobs a dead instance held are taken back once its runner's heartbeat
 * (`mws_job_runners`) is a minute old (`takeBackDead`), not after graphile-worker's own 4 hours.
 */
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { Logger, run, runMigrations, type LogLevel, type TaskList, type WorkerEvents } from 'graphile-worker';
import { storePool, withClient } from './connection';
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

/** How often a runner says it lives, and how old its last word is when it is taken for dead (see `takeBackDead`). */
export interface Liveness {
  heartbeatMs: number;
  deadAfterMs: number;
}
export const LIVENESS: Liveness = { heartbeatMs: 10_000, deadAfterMs: 60_000 };

/**
 * A runner's heartbeat, and the sweep of dead ones. Each runner keeps a row (its graphile-worker worker ids and
 * when it was last seen) fresh every `heartbeatMs`; at the same time it unlocks the jobs of runners not seen for
 * `deadAfterMs` (`force_unlock_workers`: graphile-worker's own tool for workers known dead) and deletes their rows,
 * so a job held by an instance killed mid-run (SIGKILL, a lost machine) runs again within about a minute. A runner
 * alive but cut off from the database that long may see its job run twice: the queue runs a job at least once.
 */
async function heartbeat(pool: pg.Pool, id: string, workers: readonly string[], liveness: Liveness): Promise<void> {
  await pool.query(
    `INSERT INTO mws_job_runners (id, workers, seen_at) VALUES ($1, $2, now())
     ON CONFLICT (id) DO UPDATE SET workers = EXCLUDED.workers, seen_at = now()`,
    [id, workers],
  );
  await takeBackDead(pool, liveness.deadAfterMs);
}

async function takeBackDead(pool: pg.Pool, deadAfterMs: number): Promise<void> {
  await withClient(pool, async (client, broken) => {
    try {
      await client.query('BEGIN');
      // SKIP LOCKED: two live runners sweeping at once take each dead row once.
      const { rows } = await client.query<{ id: string; workers: string[] }>(
        `SELECT id, workers FROM mws_job_runners WHERE seen_at < now() - make_interval(secs => $1::float8 / 1000)
       FOR UPDATE SKIP LOCKED`,
        [deadAfterMs],
      );
      const workers = rows.flatMap((r) => r.workers);
      if (workers.length > 0) await client.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [workers]);
      if (rows.length > 0)
        await client.query('DELETE FROM mws_job_runners WHERE id = ANY($1::text[])', [rows.map((r) => r.id)]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(broken);
      throw e;
    }
  });
}

/**
 * A runner of `handlers`' tasks on this instance (graphile-worker's `run`, without its signal handling or cron), on a
 * pool of its own for `url`. graphile-worker listens for errors on the clients a pool makes after it starts (a client
 * it holds, such as its LISTEN connection, then lives through a database restart's 57P01); the store's pool already
 * has clients without that listener, and one of them held by the runner when the database restarted ended the
 * process (test/deploy/databaseOutage.test.ts). Its own pool is also sized for it: the jobs never wait for the
 * requests' connections, nor the requests for the jobs'.
 */
export async function runJobs(
  url: string,
  handlers: JobHandlers,
  options: RunnerOptions = {},
  liveness: Liveness = LIVENESS,
) {
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
  // The jobs at once, the LISTEN connection, one to spare for graphile-worker's own housekeeping, one for the heartbeat.
  const pool = storePool(url, concurrency + 3);
  const id = `pg-${randomBytes(6).toString('hex')}`;
  const workers: string[] = [];
  const events: WorkerEvents = new EventEmitter();
  events.on('worker:create', ({ worker }) => workers.push(worker.workerId));
  let beat: NodeJS.Timeout | undefined;
  try {
    const runner = await run({
      pgPool: pool,
      taskList,
      concurrency,
      pollInterval: options.pollMs ?? 2000,
      noHandleSignals: true,
      parsedCronItems: [],
      logger,
      events,
    });
    const live = () =>
      heartbeat(pool, id, workers, liveness).catch((e: unknown) =>
        // The database is away (a restart): the next beat tries again; graphile-worker reconnects on its own.
        process.stderr.write(`jobs (warning): heartbeat failed: ${e instanceof Error ? e.message : String(e)}\n`),
      );
    await live();
    beat = setInterval(() => void live(), liveness.heartbeatMs);
    beat.unref();
    return {
      stop: async () => {
        clearInterval(beat);
        await runner.stop();
        await pool.query('DELETE FROM mws_job_runners WHERE id = $1', [id]).catch(() => undefined);
        await pool.end();
      },
    };
  } catch (e) {
    clearInterval(beat);
    await pool.end();
    throw e;
  }
}
