/** The bounded gate password checks run through: a bounded number at once, a bounded queue, known callers first. */
import { describe, expect, it } from 'vitest';
import { GateFull, WorkGate } from './workGate';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WorkGate', () => {
  it('runs at most `concurrency` tasks, queues at most `queue`, and refuses the next at once', async () => {
    const gate = new WorkGate(2, 1);
    const blockers = [deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = blockers.map((b, i) =>
      gate.run(async () => {
        order.push(i);
        await b.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFull);
    blockers[0]!.resolve();
    await runs[0];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('serves priority tasks before strangers already waiting, in their own bounded queue', async () => {
    const gate = new WorkGate(1, 1);
    const first = deferred();
    const order: string[] = [];
    const running = gate.run(async () => {
      await first.promise;
      order.push('running');
    });
    const stranger = gate.run(async () => {
      order.push('stranger');
    });
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(GateFull);
    const known = gate.run(
      async () => {
        order.push('known');
      },
      { priority: true },
    );
    await expect(gate.run(async () => 'refused', { priority: true })).rejects.toBeInstanceOf(GateFull);
    first.resolve();
    await Promise.all([running, stranger, known]);
    expect(order).toEqual(['running', 'known', 'stranger']);
  });

  it('frees the slot when a task fails, and runIfIdle skips work when no slot is free', async () => {
    const gate = new WorkGate(1, 0);
    await expect(
      gate.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const hold = deferred();
    const held = gate.run(() => hold.promise);
    expect(await gate.runIfIdle(async () => 'ran')).toBeUndefined();
    hold.resolve();
    await held;
    expect(await gate.runIfIdle(async () => 'ran')).toBe('ran');
  });
});
