/**
 * Running a bulk action: one request per row, at most `concurrency` at a time, each row sent at most once per
 * try. Rows have no ETag in the list, so requests go without If-Match; what keeps a row from being changed twice
 * is this ledger: a row that succeeded is `done` and never sent again, a row in flight is not started again (a
 * second `start` while one runs joins it), and "Retry failed" sends only the rows that failed. Cancel stops
 * starting rows; the ones in flight finish (a request already sent may have changed the row) and the rest stay
 * `unsent`.
 */

export type RowState =
  | { state: 'pending' }
  | { state: 'running' }
  | { state: 'done' }
  | { state: 'failed'; reason: string }
  | { state: 'unsent' };

export interface BulkProgress {
  total: number;
  done: number;
  failed: { id: string; reason: string }[];
  /** Not sent because the run was cancelled. */
  unsent: string[];
  /** The rows this try sends (all at first, the failed ones on a retry) and how many of them have finished. */
  sending: number;
  finished: number;
  running: boolean;
}

/**
 * Calls `worker` on each item, at most `limit` at once, in order; stops starting new items once `stopped()` says
 * so. Answers when every started item has settled. `worker` must not throw (it reports its own failures).
 */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stopped()) {
      const item = items[next++]!;
      await worker(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

export interface BulkRunOptions {
  concurrency?: number;
  /** The words of a failure, e.g. the server's 403/409 message. */
  reasonOf: (error: unknown) => string;
  /** Called after every change of a row's state. */
  onChange?: (progress: BulkProgress) => void;
}

export class BulkRun {
  private readonly states = new Map<string, RowState>();
  private active: Promise<BulkProgress> | undefined;
  private cancelled = false;
  private tryTotal = 0;
  private tryFinished = 0;

  constructor(
    readonly ids: readonly string[],
    private readonly send: (id: string) => Promise<unknown>,
    private readonly options: BulkRunOptions,
  ) {
    for (const id of new Set(ids)) this.states.set(id, { state: 'pending' });
  }

  stateOf(id: string): RowState | undefined {
    return this.states.get(id);
  }

  /** Sends every pending row; while a run is under way, answers that run (nothing is started twice). */
  start(): Promise<BulkProgress> {
    if (this.active) return this.active;
    this.cancelled = false;
    this.active = this.run()
      .finally(() => {
        this.active = undefined;
        this.emit();
      })
      .then(() => this.progress());
    return this.active;
  }

  /** Sends again the rows that failed (and, with `unsent`, those a cancel left); rows done stay done. */
  retry({ unsent = false }: { unsent?: boolean } = {}): Promise<BulkProgress> {
    if (this.active) return this.active;
    for (const [id, s] of this.states) {
      if (s.state === 'failed' || (unsent && s.state === 'unsent')) this.states.set(id, { state: 'pending' });
    }
    return this.start();
  }

  /** Starts no more rows; those in flight finish. */
  cancel(): void {
    if (this.active) this.cancelled = true;
  }

  progress(): BulkProgress {
    const failed: BulkProgress['failed'] = [];
    const unsent: string[] = [];
    let done = 0;
    for (const [id, s] of this.states) {
      if (s.state === 'done') done += 1;
      else if (s.state === 'failed') failed.push({ id, reason: s.reason });
      else if (s.state === 'unsent') unsent.push(id);
    }
    return {
      total: this.states.size,
      done,
      failed,
      unsent,
      sending: this.tryTotal,
      finished: this.tryFinished,
      running: this.active !== undefined,
    };
  }

  private async run(): Promise<void> {
    // No row starts in start()'s own step: `active` is kept first, so a listener that calls start() or retry()
    // from onChange joins this run instead of making a second one.
    await Promise.resolve();
    const pending = [...this.states].filter(([, s]) => s.state === 'pending').map(([id]) => id);
    this.tryTotal = pending.length;
    this.tryFinished = 0;
    await runLimited(
      pending,
      this.options.concurrency ?? 4,
      (id) => this.sendOne(id),
      () => this.cancelled,
    );
    for (const id of pending) if (this.states.get(id)?.state === 'pending') this.states.set(id, { state: 'unsent' });
  }

  private async sendOne(id: string): Promise<void> {
    if (this.states.get(id)?.state !== 'pending') return;
    this.states.set(id, { state: 'running' });
    this.emit();
    try {
      await this.send(id);
      this.states.set(id, { state: 'done' });
    } catch (error) {
      this.states.set(id, { state: 'failed', reason: this.options.reasonOf(error) });
    }
    this.tryFinished += 1;
    this.emit();
  }

  private emit(): void {
    this.options.onChange?.(this.progress());
  }
}
