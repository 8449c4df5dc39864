import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstContentShown, type Scheduler } from './afterFirstContent';

/** Frames and timers driven by the test: `frame()` draws one frame, `elapse(ms)` runs the timers due. */
function manualScheduler() {
  let frames: (() => void)[] = [];
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const scheduler: Scheduler = {
    afterFrame: (callback) => void frames.push(callback),
    setTimeout: (callback, ms) => void timers.push({ at: now + ms, run: callback }),
  };
  return {
    scheduler,
    frame: () => {
      const due = frames;
      frames = [];
      for (const run of due) run();
    },
    elapse: (ms: number) => {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) t.run();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function track(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

describe('firstContentShown', () => {
  it('waits for the page’s first answer, then one frame drawn with it', async () => {
    const client = new QueryClient();
    const answer = deferred<string[]>();
    void client.fetchQuery({ queryKey: ['list'], queryFn: () => answer.promise });
    const clock = manualScheduler();
    const shown = track(firstContentShown(client, clock.scheduler));

    clock.frame();
    await flush();
    expect(shown.done).toBe(false);

    answer.resolve(['row']);
    await flush();
    expect(shown.done).toBe(false); // the answer is in, not yet drawn
    clock.frame();
    await flush();
    expect(shown.done).toBe(true);
  });

  it('looks only from the first frame on, so queries started in the same commit count', async () => {
    const client = new QueryClient();
    const clock = manualScheduler();
    const shown = track(firstContentShown(client, clock.scheduler));
    const answer = deferred<number>();
    void client.fetchQuery({ queryKey: ['late'], queryFn: () => answer.promise });
    clock.frame();
    clock.frame();
    await flush();
    expect(shown.done).toBe(false);
    answer.resolve(1);
    await flush();
    clock.frame();
    await flush();
    expect(shown.done).toBe(true);
  });

  it('gives up waiting after the longest wait (a page that keeps fetching, a tab that draws no frame)', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<never>(() => {}) });
    const clock = manualScheduler();
    const shown = track(firstContentShown(client, clock.scheduler, 3000));
    clock.elapse(2999);
    await flush();
    expect(shown.done).toBe(false);
    clock.elapse(1);
    await flush();
    expect(shown.done).toBe(true);
  });
});
