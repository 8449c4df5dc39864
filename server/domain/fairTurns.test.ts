import { describe, expect, it } from 'vitest';
import { FairTurns } from './fairTurns';

/** A clock the test moves: each step "takes" the time the test says. */
function clock() {
  let t = 0;
  return { now: () => t, spend: (ms: number) => void (t += ms) };
}

/** Runs `steps` steps of `user`, each taking `ms` of the clock, recording the order of the steps. */
async function work(
  turns: FairTurns,
  c: ReturnType<typeof clock>,
  order: string[],
  user: string,
  steps: number,
  ms: number,
) {
  for (let i = 0; i < steps; i++) {
    await turns.turn(user);
    order.push(user);
    c.spend(ms);
  }
}

describe('FairTurns', () => {
  it('lets a light user run its steps ahead of a user who has had the thread', async () => {
    const c = clock();
    const turns = new FairTurns(50, c.now);
    const order: string[] = [];
    // The heavy user has had 10 steps of 10 ms alone.
    await work(turns, c, order, 'heavy', 10, 10);
    order.length = 0;
    // Both now want the thread: the light user's 3 short steps go first, then the heavy user's.
    await Promise.all([work(turns, c, order, 'heavy', 3, 10), work(turns, c, order, 'light', 3, 4)]);
    expect(order).toEqual(['light', 'light', 'light', 'heavy', 'heavy', 'heavy']);
  });

  it('alternates two users who both keep asking', async () => {
    const c = clock();
    const turns = new FairTurns(50, c.now);
    const order: string[] = [];
    await Promise.all([work(turns, c, order, 'a', 4, 100), work(turns, c, order, 'b', 4, 100)]);
    // b came while a waited: it starts its credit (50 ms) behind a, so it goes first; then neither gets two steps in
    // a row while the other waits with less time used.
    expect(order.join(' ')).toBe('b a b a b a b a');
  });

  it('gives one who comes back after a long pause no more than its credit', async () => {
    const c = clock();
    const turns = new FairTurns(50, c.now);
    const order: string[] = [];
    // "sleeper" took one step long ago, then "busy" used the thread for 1,000 ms.
    await work(turns, c, order, 'sleeper', 1, 1);
    await work(turns, c, order, 'busy', 10, 100);
    order.length = 0;
    // Back: it starts 50 ms behind busy, so it goes first, but busy gets the thread again after 50 ms of sleeper's.
    await Promise.all([work(turns, c, order, 'busy', 3, 10), work(turns, c, order, 'sleeper', 8, 20)]);
    expect(order.slice(0, 4)).toEqual(['sleeper', 'sleeper', 'sleeper', 'busy']);
  });

  it('keeps each user’s steps in order and lets pending callbacks run before a turn', async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    setImmediate(() => order.push('health check'));
    await Promise.all([1, 2, 3].map((n) => turns.turn('u').then(() => order.push(`step ${n}`))));
    expect(order).toEqual(['health check', 'step 1', 'step 2', 'step 3']);
    expect(turns.load).toBe(0);
  });

  it('does not charge a user for the quiet time after its last step', async () => {
    const c = clock();
    const turns = new FairTurns(50, c.now);
    const order: string[] = [];
    await work(turns, c, order, 'a', 1, 10);
    // The event loop goes on (the step is over), then nothing happens for five seconds.
    await new Promise<void>((resolve) => setImmediate(resolve));
    c.spend(5000);
    order.length = 0;
    await Promise.all([work(turns, c, order, 'b', 8, 10), work(turns, c, order, 'a', 3, 10)]);
    // a has had 10 ms of the thread, not 5,010: its first step comes right after b's first (charged the quiet
    // time, it came after six of b's).
    expect(order.slice(0, 4)).toEqual(['b', 'a', 'b', 'a']);
  });
});
