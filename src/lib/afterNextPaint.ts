/**
 * Runs `work` once after the next frame is painted, however often it is asked for before then: for what follows an
 * input but need not be in its frame (the Subtitler's grid, checks and toolbar following a keystroke). The frame's
 * animation callbacks run, the frame is rendered, and then a task runs `work`, so the input's own change is painted
 * first and the follow-up never delays that frame (the "yield until after the next paint" of web.dev's INP advice).
 * A page whose frames stop (a background tab) still gets `work` within `fallbackMs`.
 */
export interface FrameClock {
  requestFrame: (callback: () => void) => number;
  cancelFrame: (id: number) => void;
  /** Queues a task (not a microtask): a MessageChannel message, so it is not clamped as a timer may be. */
  postTask: (callback: () => void) => void;
  setTimer: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer: (id: ReturnType<typeof setTimeout>) => void;
  /** Releases what the clock holds (the channel's ports). */
  close: () => void;
}

export function browserFrameClock(): FrameClock {
  const channel = new MessageChannel();
  const queued: (() => void)[] = [];
  channel.port1.onmessage = () => queued.shift()?.();
  return {
    requestFrame: (callback) => requestAnimationFrame(() => callback()),
    cancelFrame: (id) => cancelAnimationFrame(id),
    postTask: (callback) => {
      queued.push(callback);
      channel.port2.postMessage(null);
    },
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (id) => clearTimeout(id),
    close: () => {
      channel.port1.close();
      queued.length = 0;
    },
  };
}

export function afterNextPaint(
  work: () => void,
  clock: FrameClock = browserFrameClock(),
  fallbackMs = 200,
): { schedule: () => void; cancel: () => void; dispose: () => void } {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by each run and cancel: a task already queued from an earlier schedule then does nothing. */
  let generation = 0;
  let pending = false;
  const clear = () => {
    if (frame) clock.cancelFrame(frame);
    if (timer !== undefined) clock.clearTimer(timer);
    frame = 0;
    timer = undefined;
    pending = false;
    generation++;
  };
  const run = () => {
    clear();
    work();
  };
  return {
    schedule: () => {
      if (pending) return;
      pending = true;
      const mine = generation;
      frame = clock.requestFrame(() => {
        frame = 0;
        clock.postTask(() => {
          if (generation === mine) run();
        });
      });
      timer = clock.setTimer(run, fallbackMs);
    },
    cancel: clear,
    /** Cancels, and releases the clock: for when nothing will be scheduled again (the editor unmounted). */
    dispose: () => {
      clear();
      clock.close();
    },
  };
}
