/**
 * The job queue's part of the store contract (jobs.ts): storeContract.ts runs these cases against every store.
 * Nothing here sleeps: a case waits (polling) for what must happen, and shows that something did not happen by
 * waiting for a later job that must run after it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AsyncStore } from './store';
import type { JobContext, JobRunner } from './jobs';

const FAST = { pollMs: 50 } as const;
const WAIT = { timeout: 15_000, interval: 20 } as const;

/** Every run of a task, in order: its payload and context. */
function recorder() {
  const runs: { task: string; payload: unknown; job: JobContext }[] = [];
  const handler = (task: string) => async (payload: unknown, job: JobContext) => void runs.push({ task, payload, job });
  return { runs, handler, of: (task: string) => runs.filter((r) => r.task === task) };
}

export function describeJobCases(store: () => Promise<AsyncStore>): void {
  describe('the job queue', () => {
    const runners: JobRunner[] = [];
    async function runJobs(s: AsyncStore, ...args: Parameters<AsyncStore['runJobs']>) {
      const runner = await s.runJobs(...args);
      runners.push(runner);
      return runner;
    }
    // Stopped before the stores close (storeContract's afterEach closes them; close stops them too).
    const stopAll = () => Promise.all(runners.splice(0).map((r) => r.stop()));

    it('runs a job once with its payload, then forgets it', async () => {
      const s = await store();
      const r = recorder();
      await s.jobs.add('mail', { to: 'ana@studio.test', n: 1 });
      await runJobs(s, { mail: r.handler('mail') }, FAST);
      await vi.waitFor(() => expect(r.runs).toHaveLength(1), WAIT);
      expect(r.runs[0]).toMatchObject({ payload: { to: 'ana@studio.test', n: 1 }, job: { attempt: 1 } });
      await vi.waitFor(async () => expect(await s.listJobs()).toEqual([]), WAIT);
      await stopAll();
    });

    it('lets the process answer others between two jobs: a queue of quick jobs never holds its thread', async () => {
      const s = await store();
      // A turn of the event loop (what an HTTP request waits for) counted while the jobs run: each job sees how many
      // turns have passed. Jobs run back to back in one chain of promises would all see the same count.
      let turns = 0;
      let counting = true;
      const count = () => {
        turns += 1;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const seen: number[] = [];
      for (let n = 0; n < 4; n += 1) await s.jobs.add('batch', { n });
      await runJobs(s, { batch: async () => void seen.push(turns) }, { ...FAST, concurrency: 1 });
      await vi.waitFor(() => expect(seen).toHaveLength(4), WAIT);
      counting = false;
      expect(new Set(seen).size).toBe(4);
      await stopAll();
    });

    it("adds a transaction's job when it commits, and never when it rolls back", async () => {
      const s = await store();
      const r = recorder();
      await runJobs(s, { mail: r.handler('mail') }, FAST);
      await expect(
        s.transaction(async (tx) => {
          await tx.insert('Notifications', { title: 'rolled back' });
          await tx.jobs.add('mail', { which: 'rolled back' });
          throw new Error('the write fails');
        }),
      ).rejects.toThrow('the write fails');
      await s.transaction(async (tx) => {
        await tx.insert('Notifications', { title: 'kept' });
        await tx.jobs.add('mail', { which: 'committed' });
      });
      await vi.waitFor(() => expect(r.runs).toHaveLength(1), WAIT);
      // A later job runs after the committed one; the rolled-back one never appears.
      await s.jobs.add('mail', { which: 'later' });
      await vi.waitFor(() => expect(r.runs).toHaveLength(2), WAIT);
      expect(r.runs.map((x) => (x.payload as { which: string }).which)).toEqual(['committed', 'later']);
      await stopAll();
    });

    it('keeps a failed job with its error, retries it later with back-off, and fails it for good at its last attempt', async () => {
      const s = await store();
      const r = recorder();
      let fails = 0;
      const before = Date.now();
      await runJobs(
        s,
        {
          flaky: async () => {
            fails++;
            throw new Error('SMTP 451: try again later');
          },
          once: async () => {
            fails++;
            throw new Error('mailbox does not exist');
          },
          marker: r.handler('marker'),
        },
        FAST,
      );
      await s.jobs.add('flaky', {});
      await s.jobs.add('once', {}, { maxAttempts: 1 });
      await vi.waitFor(async () => {
        const jobs = await s.listJobs();
        expect(jobs.filter((j) => j.lastError !== undefined && !j.locked)).toHaveLength(2);
      }, WAIT);
      const jobs = await s.listJobs();
      const flaky = jobs.find((j) => j.task === 'flaky')!;
      expect(flaky).toMatchObject({ attempts: 1, lastError: 'SMTP 451: try again later', failed: false });
      // e^1 s at least after the run (the database's clock on PostgreSQL: a margin for clocks apart).
      expect(flaky.runAt.getTime()).toBeGreaterThan(before + 2000);
      expect(jobs.find((j) => j.task === 'once')).toMatchObject({
        attempts: 1,
        maxAttempts: 1,
        failed: true,
        lastError: 'mailbox does not exist',
      });
      // Neither runs again now: a job added after them runs, and the count of failing runs stays at 2.
      await s.jobs.add('marker', {});
      await vi.waitFor(() => expect(r.of('marker')).toHaveLength(1), WAIT);
      expect(fails).toBe(2);
      await stopAll();
    });

    it('waits for its time, and for a runner that knows its task', async () => {
      const s = await store();
      const r = recorder();
      await s.jobs.add('digest', { hour: 10 }, { runAt: new Date(Date.now() + 3_600_000) });
      await s.jobs.add('unknown task', {});
      await runJobs(s, { digest: r.handler('digest'), marker: r.handler('marker') }, FAST);
      await s.jobs.add('marker', {});
      await vi.waitFor(() => expect(r.of('marker')).toHaveLength(1), WAIT);
      expect(r.of('digest')).toEqual([]);
      expect((await s.listJobs()).map((j) => j.task).sort()).toEqual(['digest', 'unknown task']);
      await stopAll();
    });

    it('keeps one waiting job per key: adding again replaces its payload and time', async () => {
      const s = await store();
      const r = recorder();
      await s.jobs.add('digest', { events: 1 }, { key: 'digest:ana', runAt: new Date(Date.now() + 3_600_000) });
      await s.jobs.add('digest', { events: 2 }, { key: 'digest:ana' });
      await s.jobs.add('digest', { events: 1 }, { key: 'digest:ben' });
      expect((await s.listJobs()).map((j) => j.key).sort()).toEqual(['digest:ana', 'digest:ben']);
      await runJobs(s, { digest: r.handler('digest') }, FAST);
      await vi.waitFor(() => expect(r.runs).toHaveLength(2), WAIT);
      expect(r.runs.map((x) => x.payload)).toEqual(expect.arrayContaining([{ events: 2 }, { events: 1 }]));
      await stopAll();
    });

    it('runs each of many jobs exactly once with two runners taking from the queue', async () => {
      const s = await store();
      const seen = new Map<number, number>();
      let running = 0;
      let most = 0;
      const handler = async (payload: unknown) => {
        const n = (payload as { n: number }).n;
        running++;
        most = Math.max(most, running);
        seen.set(n, (seen.get(n) ?? 0) + 1);
        await new Promise<void>((resolve) => setImmediate(resolve));
        running--;
      };
      for (let n = 0; n < 30; n++) await s.jobs.add('count', { n });
      await runJobs(s, { count: handler }, { ...FAST, concurrency: 3 });
      await runJobs(s, { count: handler }, { ...FAST, concurrency: 3 });
      await vi.waitFor(() => expect(seen.size).toBe(30), WAIT);
      await vi.waitFor(async () => expect(await s.listJobs()).toEqual([]), WAIT);
      expect([...seen.values()].every((times) => times === 1)).toBe(true);
      expect(most).toBeLessThanOrEqual(6);
      await stopAll();
    });
  });
}
