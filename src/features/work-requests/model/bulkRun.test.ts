import { describe, expect, it } from 'vitest';
import { BulkRun, runLimited } from './bulkRun';

/** A send whose requests the test settles by hand, counting each id's calls. */
function manualSend() {
  const calls: string[] = [];
  const waiting = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const send = (id: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push(id);
      waiting.set(id, { resolve, reject });
    });
  const settle = async (id: string, error?: string) => {
    const w = waiting.get(id)!;
    waiting.delete(id);
    if (error) w.reject(new Error(error));
    else w.resolve();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { calls, waiting, send, settle };
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : 'failed');
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runLimited', () => {
  it('never runs more than the limit at once, and runs every item', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n % 3));
      seen.push(n);
      running -= 1;
    });
    expect(peak).toBe(4);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('starts nothing more once stopped', async () => {
    const seen: number[] = [];
    let stop = false;
    await runLimited(
      [1, 2, 3, 4, 5],
      2,
      async (n) => {
        seen.push(n);
        if (n === 2) stop = true;
        await tick();
      },
      () => stop,
    );
    expect(seen).toEqual([1, 2]);
  });
});

describe('BulkRun', () => {
  it('sends at most 4 at a time and reports done and failed rows with their reasons', async () => {
    const m = manualSend();
    const run = new BulkRun(['a', 'b', 'c', 'd', 'e', 'f'], m.send, { reasonOf });
    const finished = run.start();
    await tick();
    expect(m.calls).toEqual(['a', 'b', 'c', 'd']);
    await m.settle('a');
    expect(m.calls).toEqual(['a', 'b', 'c', 'd', 'e']);
    await m.settle('b', 'Moving from Cancelled to In progress is not in the workflow');
    for (const id of ['c', 'd', 'e', 'f']) await m.settle(id);
    const progress = await finished;
    expect(progress).toMatchObject({ total: 6, done: 5, sending: 6, finished: 6, running: false });
    expect(progress.failed).toEqual([
      { id: 'b', reason: 'Moving from Cancelled to In progress is not in the workflow' },
    ]);
  });

  it('sends each row once however often it is started (a double click), and a retry sends only failed rows', async () => {
    const m = manualSend();
    const run = new BulkRun(['a', 'b', 'c'], m.send, { reasonOf });
    const first = run.start();
    const second = run.start();
    expect(second).toBe(first);
    await tick();
    void run.retry();
    await tick();
    await m.settle('a');
    await m.settle('b', 'refused');
    await m.settle('c');
    await first;
    expect(m.calls).toEqual(['a', 'b', 'c']);

    const again = run.retry();
    void run.start();
    await tick();
    expect(m.calls).toEqual(['a', 'b', 'c', 'b']);
    await m.settle('b');
    expect(await again).toMatchObject({ done: 3, failed: [], sending: 1, finished: 1 });
    // Nothing is left to send: a further start or retry sends nothing.
    await run.retry();
    await run.start();
    expect(m.calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('cancel starts no more rows, lets those in flight finish and leaves the rest unsent until resumed', async () => {
    const m = manualSend();
    const run = new BulkRun(['a', 'b', 'c', 'd', 'e', 'f'], m.send, { reasonOf, concurrency: 2 });
    const finished = run.start();
    await tick();
    run.cancel();
    await m.settle('a');
    await m.settle('b');
    const progress = await finished;
    expect(m.calls).toEqual(['a', 'b']);
    expect(progress).toMatchObject({ done: 2, unsent: ['c', 'd', 'e', 'f'] });
    // "Retry failed" does not send the unsent ones; resuming does.
    await run.retry();
    expect(m.calls).toEqual(['a', 'b']);
    const resumed = run.retry({ unsent: true });
    await tick();
    for (const id of ['c', 'd', 'e', 'f']) await m.settle(id);
    expect(await resumed).toMatchObject({ done: 6, unsent: [] });
    expect(m.calls).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('reports itself running from the first row on (the dialog shows progress, not a summary), and idle at the end', async () => {
    const m = manualSend();
    const seen: boolean[] = [];
    const run = new BulkRun(['a', 'b'], m.send, { reasonOf, onChange: (p) => seen.push(p.running) });
    const finished = run.start();
    await tick();
    await m.settle('a');
    await m.settle('b');
    await finished;
    expect(seen.at(-1)).toBe(false);
    expect(seen.slice(0, -1).every(Boolean)).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
  });

  it('counts a row listed twice once', async () => {
    const m = manualSend();
    const run = new BulkRun(['a', 'a'], m.send, { reasonOf });
    const finished = run.start();
    await tick();
    await m.settle('a');
    expect((await finished).total).toBe(1);
    expect(m.calls).toEqual(['a']);
  });
});
