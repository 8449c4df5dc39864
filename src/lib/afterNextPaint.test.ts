import { describe, expect, it } from 'vitest';
import { afterNextPaint, type FrameClock } from './afterNextPaint';

/** A clock driven by the test: frames, tasks and timers run when the test says. */
function manualClock() {
  let nextId = 1;
  const frames = new Map<number, () => void>();
  const tasks: (() => void)[] = [];
  const timers = new Map<number, { callback: () => void; at: number }>();
  let now = 0;
  let closed = false;
  const clock: FrameClock = {
    requestFrame: (callback) => {
      const id = nextId++;
      frames.set(id, callback);
      return id;
    },
    cancelFrame: (id) => frames.delete(id),
    postTask: (callback) => tasks.push(callback),
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { callback, at: now + ms });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (id) => timers.delete(id as unknown as number),
    close: () => {
      closed = true;
    },
  };
  return {
    clock,
    frame: () => {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((f) => f());
    },
    tasks: () => {
      while (tasks.length) tasks.shift()!();
    },
    advance: (ms: number) => {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at > now) continue;
        timers.delete(id);
        t.callback();
      }
    },
    pendingFrames: () => frames.size,
    closed: () => closed,
  };
}

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not in the frame', () => {
    const c = manualClock();
    let runs = 0;
    const follow = afterNextPaint(() => runs++, c.clock);
    follow.schedule();
    c.tasks();
    expect(runs).toBe(0);
    c.frame();
    expect(runs).toBe(0); // the frame renders the input's own change first
    c.tasks();
    expect(runs).toBe(1);
  });

  it('runs once for any number of requests before the frame, and again for a request after it', () => {
    const c = manualClock();
    let runs = 0;
    const follow = afterNextPaint(() => runs++, c.clock);
    follow.schedule();
    follow.schedule();
    follow.schedule();
    expect(c.pendingFrames()).toBe(1);
    c.frame();
    c.tasks();
    expect(runs).toBe(1);
    follow.schedule();
    c.frame();
    c.tasks();
    expect(runs).toBe(2);
  });

  it('still runs when no frame comes (a background tab), and only once', () => {
    const c = manualClock();
    let runs = 0;
    const follow = afterNextPaint(() => runs++, c.clock, 200);
    follow.schedule();
    c.advance(199);
    expect(runs).toBe(0);
    c.advance(1);
    expect(runs).toBe(1);
    c.frame();
    c.tasks();
    expect(runs).toBe(1);
  });

  it('does nothing once cancelled, and runs again when scheduled again', () => {
    const c = manualClock();
    let runs = 0;
    const follow = afterNextPaint(() => runs++, c.clock);
    follow.schedule();
    c.frame();
    follow.cancel();
    c.tasks();
    c.advance(1000);
    expect(runs).toBe(0);
    follow.schedule();
    c.frame();
    c.tasks();
    expect(runs).toBe(1);
  });

  it('does nothing once disposed (the editor unmounted), and releases its clock', () => {
    const c = manualClock();
    let runs = 0;
    const follow = afterNextPaint(() => runs++, c.clock);
    follow.schedule();
    follow.dispose();
    c.frame();
    c.tasks();
    c.advance(1000);
    expect(runs).toBe(0);
    expect(c.closed()).toBe(true);
  });
});
