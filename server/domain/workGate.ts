/**
 * A bounded gate for expensive work (password checks: one scrypt is tens of milliseconds on one of libuv's four
 * threadpool threads, which file reads share). At most `concurrency` tasks run at once and at most `queue` wait;
 * a task that finds the queue full is refused at once (GateFull) instead of waiting behind an unbounded backlog.
 * Priority tasks (a caller known to this server) wait in their own queue of the same size, served first: strangers
 * filling theirs cannot crowd them out.
 */
export class GateFull extends Error {
  constructor() {
    super('too many password checks are waiting');
  }
}

interface Waiting {
  start: () => void;
}

export class WorkGate {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private readonly waitingFirst: Waiting[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs `task` when a slot is free; throws GateFull at once when its queue is full. */
  async run<T>(task: () => Promise<T>, options: { priority?: boolean } = {}): Promise<T> {
    if (this.running >= this.concurrency) {
      const line = options.priority ? this.waitingFirst : this.waiting;
      if (line.length >= this.queue) throw new GateFull();
      await new Promise<void>((start) => line.push({ start }));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waitingFirst.shift() ?? this.waiting.shift();
      // The slot passes straight to the next task: `running` stays the same.
      if (next) next.start();
      else this.running--;
    }
  }

  /** Runs `task` only if a slot is free now (background work that may be skipped); undefined when it was not run. */
  async runIfIdle<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (this.running >= this.concurrency) return undefined;
    return this.run(task);
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length + this.waitingFirst.length };
  }
}

export function workGate(size: { concurrency: number; queue: number }): WorkGate {
  return new WorkGate(size.concurrency, size.queue);
}
