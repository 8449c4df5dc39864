/**
 * The SQLite store's job queue (storage/jobs.ts has the rules; docs/decisions/175-durable-job-queue.md): the table
 * `mws_jobs`, written in the store's transactions like any record. One process uses a SQLite database, so a runner
 * here holds a job by marking it (`locked_by`, `locked_at`) in a statement of its own; a mark left by a process that
 * is gone (any runner id but those of this process) or older than LOCK_EXPIRY_MS is taken back.
 */
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  DEFAULT_MAX_ATTEMPTS,
  errorText,
  jobRecord,
  retryDelaySeconds,
  type JobHandlers,
  type JobQueue,
  type JobRecord,
  type JobRunner,
  type RunnerOptions,
} from '../jobs';
import { migratePart, type MigrationStep } from './migrateParts';

/** A job held longer than this (its runner hung or died) is run again: graphile-worker's 4 hours. */
export const LOCK_EXPIRY_MS = 4 * 60 * 60 * 1000;

const JOB_MIGRATIONS: MigrationStep[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE mws_jobs (
        id INTEGER PRIMARY KEY, task TEXT NOT NULL, payload TEXT NOT NULL, key TEXT UNIQUE,
        run_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, max_attempts INTEGER NOT NULL,
        last_error TEXT, locked_by TEXT, locked_at INTEGER, created INTEGER NOT NULL);
      CREATE INDEX mws_jobs_due ON mws_jobs (run_at, id) WHERE locked_by IS NULL AND attempts < max_attempts;`,
  },
];

interface JobRow {
  id: number;
  task: string;
  payload: string;
  key: string | null;
  run_at: number;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
}

/** The runner ids of this process: a mark by any other is a dead process's. */
const liveRunners = new Set<string>();

export function migrateJobs(db: Database.Database): void {
  migratePart(db, 'jobs', JOB_MIGRATIONS);
}

/**
 * The queue's statements on `db`. `idle` resolves when no store transaction is open (a statement of its own must
 * not join one); `added` is told of a job added (at once, or once the transaction that added it commits).
 */
export function sqliteJobs(db: Database.Database, now: () => number = Date.now) {
  const byKey = db.prepare<[string], { id: number; locked_by: string | null }>(
    'SELECT id, locked_by FROM mws_jobs WHERE key = ?',
  );
  const unkey = db.prepare<[number]>('UPDATE mws_jobs SET key = NULL WHERE id = ?');
  const replace = db.prepare(
    `UPDATE mws_jobs SET task = @task, payload = @payload, run_at = @runAt, max_attempts = @maxAttempts,
       attempts = 0, last_error = NULL WHERE id = @id`,
  );
  const insert = db.prepare(
    `INSERT INTO mws_jobs (task, payload, key, run_at, max_attempts, created)
     VALUES (@task, @payload, @key, @runAt, @maxAttempts, @created)`,
  );
  const claim = db.prepare<[string, number, number, string], JobRow>(
    `UPDATE mws_jobs SET locked_by = ?, locked_at = ?, attempts = attempts + 1
     WHERE id = (SELECT id FROM mws_jobs WHERE locked_by IS NULL AND attempts < max_attempts AND run_at <= ?
                   AND task IN (SELECT value FROM json_each(?)) ORDER BY run_at, id LIMIT 1)
     RETURNING *`,
  );
  const done = db.prepare<[number]>('DELETE FROM mws_jobs WHERE id = ?');
  const failed = db.prepare<[number, string, number]>(
    'UPDATE mws_jobs SET locked_by = NULL, locked_at = NULL, run_at = ?, last_error = ? WHERE id = ?',
  );
  const orphans = db.prepare<[string, number]>(
    `UPDATE mws_jobs SET locked_by = NULL, locked_at = NULL
     WHERE locked_by IS NOT NULL AND (locked_by NOT IN (SELECT value FROM json_each(?)) OR locked_at < ?)`,
  );
  const list = db.prepare<[number], JobRow>('SELECT * FROM mws_jobs ORDER BY run_at, id LIMIT ?');

  const addNow = db.transaction(
    (task: string, payload: Record<string, unknown>, runAt: number, maxAttempts: number, key?: string) => {
      const row = { task, payload: JSON.stringify(payload), runAt, maxAttempts };
      const existing = key === undefined ? undefined : byKey.get(key);
      if (existing && existing.locked_by === null) return void replace.run({ ...row, id: existing.id });
      // Under way: it keeps running as it was; the new job waits beside it with the key.
      if (existing) unkey.run(existing.id);
      insert.run({ ...row, key: key ?? null, created: now() });
    },
  );

  return {
    /** The queue, bound per use: `ready` is awaited before each add (the store's or a transaction's). */
    queueOn(ready: () => Promise<void> | void, added: () => void): JobQueue {
      return {
        add: async (task, payload, options = {}) => {
          await ready();
          addNow(
            task,
            payload,
            options.runAt?.getTime() ?? now(),
            options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
            options.key,
          );
          added();
        },
      };
    },

    async list(limit = 100): Promise<JobRecord[]> {
      return list.all(limit).map(recordOf);
    },

    /**
     * Runs due jobs of `handlers`' tasks, `concurrency` at once, looking again every `pollMs`, at once when `wake`
     * is called (a job was added) and when a job ends. `idle` is awaited before each statement of its own.
     */
    run(
      handlers: JobHandlers,
      options: RunnerOptions,
      idle: () => Promise<void>,
    ): { runner: JobRunner; wake: () => void } {
      const id = `sqlite-${randomBytes(6).toString('hex')}`;
      liveRunners.add(id);
      const tasks = JSON.stringify(Object.keys(handlers));
      const concurrency = options.concurrency ?? 2;
      const pollMs = options.pollMs ?? 2000;
      const running = new Set<Promise<void>>();
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let looking = false;
      /** Woken while looking: look again once done (the job added may have come after the last claim). */
      let again = false;

      const runOne = async (row: JobRow) => {
        let outcome: { error: unknown } | undefined;
        try {
          await handlers[row.task]!(JSON.parse(row.payload), {
            id: String(row.id),
            attempt: row.attempts,
            maxAttempts: row.max_attempts,
          });
        } catch (error) {
          outcome = { error };
        }
        try {
          await idle();
          if (!outcome) done.run(row.id);
          else failed.run(now() + retryDelaySeconds(row.attempts) * 1000, errorText(outcome.error), row.id);
        } catch {
          // The database refused the write (full, closed): the job stays held, and is taken back at the next start
          // or after LOCK_EXPIRY_MS (run again: at least once).
        }
      };

      const look = async () => {
        if (stopped) return;
        if (looking) return void (again = true);
        looking = true;
        again = false;
        clearTimeout(timer);
        try {
          await idle();
          orphans.run(JSON.stringify([...liveRunners]), now() - LOCK_EXPIRY_MS);
          while (!stopped && running.size < concurrency) {
            await idle();
            const row = claim.get(id, now(), now(), tasks);
            if (!row) break;
            const work = runOne(row).finally(() => {
              running.delete(work);
              // The next look after a turn of the event loop: SQLite's statements are synchronous, so jobs chained
              // in promises alone would hold the thread until the queue is empty (a fan-out's batches: seconds).
              setImmediate(() => void look());
            });
            running.add(work);
          }
        } catch {
          // The database refused a statement (full, or closing): nothing is lost, the jobs wait in their table and
          // the next look (at the poll) tries again. Thrown on, it would end the process (an unhandled rejection).
        } finally {
          looking = false;
          if (again) void look();
          else if (!stopped) timer = setTimeout(() => void look(), pollMs);
        }
      };

      void look();
      return {
        wake: () => void look(),
        runner: {
          stop: async () => {
            stopped = true;
            clearTimeout(timer);
            await Promise.allSettled([...running]);
            liveRunners.delete(id);
          },
        },
      };
    },
  };
}

function recordOf(row: JobRow): JobRecord {
  return jobRecord({
    id: String(row.id),
    task: row.task,
    key: row.key,
    runAt: new Date(row.run_at),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    locked: row.locked_by !== null,
  });
}
