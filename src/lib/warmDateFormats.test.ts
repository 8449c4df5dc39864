/**
 * The locale data loaded off the main thread (lib/warmDateFormats.ts): a worker makes the first date formats; the
 * main thread makes its own formatters only once the worker is done, and on its own when no worker can start.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

/** Counts the Intl.DateTimeFormat objects made while `run` goes on (each a real one). */
function countingFormats() {
  const Real = Intl.DateTimeFormat;
  const counter = { made: 0, restore: () => (Intl.DateTimeFormat = Real) };
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Real>) {
    counter.made++;
    return new Real(...args);
  } as unknown as typeof Real;
  return counter;
}

/** A fresh dates module (no formatter made yet), with `worker` as the global Worker and the timers held. */
async function freshWarmDateFormats(worker: typeof FakeWorker | undefined) {
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubGlobal('Worker', worker);
  return (await import('./warmDateFormats')).warmDateFormats;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeWorker.made = [];
});

describe('warmDateFormats', () => {
  it('has a module worker make the first formats, then the main thread its own, in a task', async () => {
    const warmDateFormats = await freshWarmDateFormats(FakeWorker);
    const count = countingFormats();
    try {
      warmDateFormats();
      expect(FakeWorker.made).toHaveLength(1);
      const worker = FakeWorker.made[0]!;
      expect(String(worker.url)).toMatch(/dateFormatsWorker/);
      expect(worker.options).toEqual({ type: 'module' });
      vi.runAllTimers();
      expect(count.made).toBe(0);
      worker.onmessage?.();
      expect(worker.terminated).toBe(true);
      expect(count.made).toBe(0);
      vi.runAllTimers();
      expect(count.made).toBeGreaterThan(0);
    } finally {
      count.restore();
    }
  });

  it('makes the formats on the main thread when the worker fails', async () => {
    const warmDateFormats = await freshWarmDateFormats(FakeWorker);
    const count = countingFormats();
    try {
      warmDateFormats();
      FakeWorker.made[0]!.onerror?.();
      vi.runAllTimers();
      expect(FakeWorker.made[0]!.terminated).toBe(true);
      expect(count.made).toBeGreaterThan(0);
    } finally {
      count.restore();
    }
  });

  it('makes them on the main thread where there is no worker', async () => {
    const warmDateFormats = await freshWarmDateFormats(undefined);
    const count = countingFormats();
    try {
      warmDateFormats();
      expect(count.made).toBe(0);
      vi.runAllTimers();
      expect(count.made).toBeGreaterThan(0);
    } finally {
      count.restore();
    }
  });
});
