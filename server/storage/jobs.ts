/**
 * The durable job queue (docs/decisions/175-durable-job-queue.md; docs/API.md "Background jobs"): work that must
 * happen after a request — a mail, a file's processing — is added as a job in the same transaction as the write
 * that calls for it, so it exists exactly when that write committed, and it is run later by a runner that every
 * instance on the database shares. On PostgreSQL the queue is graphile-worker (postgres/jobs.ts); on SQLite an
 * embedded equivalent with the same rules (sqlite/jobs.ts). Both pass the same contract (jobsContract.ts).
 *
 * The rules: a job runs when its `runAt` has come; one runner at a time holds it (never twice at once, across
 * instances); a handler that throws is retried later, with back-off, until `maxAttempts`, then kept as failed with
 * its last error; a job whose runner died is taken up again after its lock expires. A job runs at least once: a
 * handler must tolerate being run again after a crash between its effect and the job's removal.
 */

/** What a task's handler gets beside its payload. */
export interface JobContext {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job per key: adding a job with the key of one still waiting replaces its payload, time
   * and task (a digest rescheduled, a file processed once for its last upload); a job under way is not touched
   * and the new one waits beside it.
   */
  key?: string;
  /** Runs before the job is kept as failed (default DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** Adds jobs: on a transaction's `tx`, in that transaction; at store level, at once. */
export interface JobQueue {
  add(task: string, payload: Record<string, unknown>, options?: JobOptions): Promise<void>;
}

/** A job as the queue holds it (for admins and tests). */
export interface JobRecord {
  id: string;
  task: string;
  key?: string;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError?: string;
  /** True while a runner holds it. */
  locked: boolean;
  /** True once its attempts are spent (kept, not run again). */
  failed: boolean;
}

export interface RunnerOptions {
  /** Jobs run at once by this process (default 2). */
  concurrency?: number;
  /** Milliseconds between looks for due jobs when nothing wakes the runner sooner (default 2,000). */
  pollMs?: number;
}

export interface JobRunner {
  /** Stops taking jobs and waits for those under way. */
  stop(): Promise<void>;
}

/** The jobs a store can run and show: on the store itself (not a transaction's `tx`). */
export interface JobStore {
  /** Starts running the due jobs of these tasks (jobs of other tasks wait for a runner that knows them). */
  runJobs(handlers: JobHandlers, options?: RunnerOptions): Promise<JobRunner>;
  /** The jobs waiting, under way or failed, soonest first (at most `limit`). */
  listJobs(limit?: number): Promise<JobRecord[]>;
}

/**
 * Seconds before the next run after `attempts` failed runs: e^min(attempts, 10), graphile-worker's rule (2.7 s,
 * 7.4 s, 20 s, … at most ~6 h), used by both stores so a job retries alike on either.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.exp(Math.min(Math.max(attempts, 1), 10));
}

/** A job record from a row's values (absent key and error as null): failed once its attempts are spent. */
export function jobRecord(row: {
  id: string;
  task: string;
  key: string | null;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  locked: boolean;
}): JobRecord {
  const { key, lastError, ...rest } = row;
  return {
    ...rest,
    ...(key === null ? {} : { key }),
    ...(lastError === null ? {} : { lastError }),
    failed: !row.locked && row.attempts >= row.maxAttempts,
  };
}

/** A handler's error as kept on the job: its message, shortened. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
