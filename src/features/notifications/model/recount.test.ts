import { describe, expect, it } from 'vitest';
import { Recount, WRITE_WAIT_MS } from './recount';

/** A Recount on manual timers and manually answered recounts. */
function setup() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const answers: (() => void)[] = [];
  let asked = 0;
  const recount = new Recount({
    recount: () => {
      asked += 1;
      return new Promise<void>((resolve) => answers.push(resolve));
    },
    later: (fn, ms) => timers.push({ at: now + ms, fn }),
  });
  /** Runs the timers due by `ms` from now, in order (a timer set meanwhile runs too when due). */
  const advance = async (ms = 0) => {
    now += ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      if (!timers[0] || timers[0].at > now) break;
      timers.shift()!.fn();
    }
    await Promise.resolve();
  };
  /** Answers the oldest recount in flight and lets its settling run. */
  const answer = async () => {
    answers.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { recount, advance, answer, asked: () => asked };
}

describe('Recount', () => {
  it('makes one recount of the requests of one task, on the next task', async () => {
    const { recount, advance, asked } = setup();
    for (let i = 0; i < 5; i++) recount.request();
    expect(asked()).toBe(0);
    await advance();
    expect(asked()).toBe(1);
  });

  it('asks once more after the recount in flight, however many requests came meanwhile', async () => {
    const { recount, advance, answer, asked } = setup();
    recount.request();
    await advance();
    for (let i = 0; i < 5; i++) {
      recount.request();
      await advance();
    }
    expect(asked()).toBe(1);
    await answer();
    await advance();
    expect(asked()).toBe(2);
    await answer();
    await advance();
    expect(asked()).toBe(2); // nothing new was asked for
  });

  it('holds recounts back while any write is pending, and recounts once the last one ends', async () => {
    const { recount, advance, answer, asked } = setup();
    recount.writeStarted();
    recount.writeStarted();
    recount.request(); // an arrival during the writes
    await advance();
    recount.writeEnded();
    await advance();
    expect(asked()).toBe(0);
    recount.writeEnded();
    await advance();
    expect(asked()).toBe(1);
    await answer();
    // A write recounts at its end even when nothing arrived meanwhile.
    recount.writeStarted();
    recount.writeEnded();
    await advance();
    expect(asked()).toBe(2);
  });

  it('a write that hangs holds a wanted recount back for WRITE_WAIT_MS at most', async () => {
    const { recount, advance, asked } = setup();
    recount.writeStarted();
    recount.request();
    await advance(WRITE_WAIT_MS - 1);
    expect(asked()).toBe(0);
    await advance(1);
    expect(asked()).toBe(1);
  });

  it('a wait whose recount already ran does not run another', async () => {
    const { recount, advance, answer, asked } = setup();
    recount.writeStarted();
    recount.request();
    await advance();
    recount.writeEnded();
    await advance();
    expect(asked()).toBe(1);
    await answer();
    await advance(WRITE_WAIT_MS);
    expect(asked()).toBe(1);
  });
});
