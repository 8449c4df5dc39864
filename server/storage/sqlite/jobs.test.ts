import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { migrateJobs, sqliteJobs } from './jobs';

/** A queue on a fresh in-memory database holding one `mail` job for ana. */
async function queueWithOneMail() {
  const db = new Database(':memory:');
  migrateJobs(db);
  const jobs = sqliteJobs(db);
  await jobs
    .queueOn(
      () => undefined,
      () => undefined,
    )
    .add('mail', { to: 'ana' });
  return { db, jobs };
}

describe('the SQLite job queue', () => {
  it('takes back a job held by a process that is gone, and runs it', async () => {
    const { db, jobs } = await queueWithOneMail();
    // What a crash leaves: the job marked by a runner of another (dead) process, mid-run.
    db.prepare("UPDATE mws_jobs SET locked_by = 'sqlite-gone', locked_at = ?, attempts = 1").run(Date.now());
    expect((await jobs.list())[0]).toMatchObject({ locked: true, attempts: 1 });
    const runs: unknown[] = [];
    const { runner } = jobs.run(
      { mail: async (payload, job) => void runs.push({ payload, attempt: job.attempt }) },
      { pollMs: 20 },
      async () => undefined,
    );
    try {
      await vi.waitFor(() => expect(runs).toEqual([{ payload: { to: 'ana' }, attempt: 2 }]), {
        timeout: 5000,
        interval: 10,
      });
      await vi.waitFor(async () => expect(await jobs.list()).toEqual([]), { timeout: 5000, interval: 10 });
    } finally {
      await runner.stop();
      db.close();
    }
  });

  it('migrates once: opening again keeps the jobs', async () => {
    const db = new Database(':memory:');
    migrateJobs(db);
    await sqliteJobs(db)
      .queueOn(
        () => undefined,
        () => undefined,
      )
      .add('mail', {});
    migrateJobs(db);
    expect(await sqliteJobs(db).list()).toHaveLength(1);
    db.close();
  });

  it('lives through a database that refuses its statements, and runs the jobs once it answers again', async () => {
    const { db, jobs } = await queueWithOneMail();
    let refusing = true;
    let refusals = 0;
    const idle = async () => {
      if (!refusing) return;
      refusals++;
      throw new Error('SQLITE_FULL: database or disk is full');
    };
    const runs: unknown[] = [];
    const { runner } = jobs.run({ mail: async (payload) => void runs.push(payload) }, { pollMs: 20 }, idle);
    try {
      // It keeps looking, poll after poll; a rejection nobody handled would fail this run (vitest reports them).
      await vi.waitFor(() => expect(refusals).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 10 });
      expect(runs).toEqual([]);
      refusing = false;
      await vi.waitFor(() => expect(runs).toEqual([{ to: 'ana' }]), { timeout: 5000, interval: 10 });
    } finally {
      await runner.stop();
      db.close();
    }
  });
});
