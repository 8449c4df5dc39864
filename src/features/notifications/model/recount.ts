/**
 * When to ask the server for the unread counts again. Every arrival and every read/unread write ends in a count the
 * server gave (never one computed from stale state), with no request storm:
 *
 * - Arrivals of one task (several events in one chunk of the stream) are one recount: it starts on the next task.
 * - One recount at a time: what is asked for while one is in flight makes one more after it, not one each (a
 *   burst costs the first recount and at most one behind it, however many events it has).
 * - None while a write of the reader's own is pending: its optimistic count shows, and a count read before the
 *   write reaches the server would undo it for a moment. The write's end recounts (success or failure), so the
 *   arrivals meanwhile are counted then; a write that hangs holds them back for `WRITE_WAIT_MS` at most.
 *
 * No React and no react-query: `queries.ts` gives it the refetch; tests drive it with their own timers.
 */
export interface RecountDeps {
  /** Asks for the counts; settles when the answers are in (or failed). */
  recount: () => Promise<unknown>;
  /** Runs `fn` after `ms` (0: on a later task). */
  later?: (fn: () => void, ms: number) => void;
}

/** How long pending writes may hold back a wanted recount. */
export const WRITE_WAIT_MS = 10_000;

export class Recount {
  private wanted = false;
  private scheduled = false;
  private running = false;
  private writes = 0;
  /** Counts the recounts run, so that a wait's timer knows whether one ran since it started. */
  private waitTurn = 0;
  /** The turn in which a wanted recount started waiting for writes; undefined while none waits. */
  private waiting: number | undefined;
  private readonly later: (fn: () => void, ms: number) => void;

  constructor(private readonly deps: RecountDeps) {
    this.later = deps.later ?? ((fn, ms) => setTimeout(fn, ms));
  }

  /** Something changed on the server (an arrival, a gap): the counts are to be asked again. */
  request(): void {
    this.wanted = true;
    this.startSoon();
  }

  /** A write of the reader's own starts: recounts wait for it. */
  writeStarted(): void {
    this.writes += 1;
  }

  /** A write ended, done or failed: recount once no other is pending. */
  writeEnded(): void {
    this.writes = Math.max(0, this.writes - 1);
    this.request();
  }

  private startSoon(): void {
    if (!this.wanted || this.scheduled || this.running) return;
    if (this.writes > 0) {
      this.waitForWrites();
      return;
    }
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      if (this.writes > 0) this.waitForWrites();
      else this.run();
    }, 0);
  }

  /** Held back by pending writes: run anyway after WRITE_WAIT_MS if they have not ended by then. */
  private waitForWrites(): void {
    if (this.waiting !== undefined) return;
    const turn = (this.waiting = this.waitTurn);
    this.later(() => {
      if (this.waiting !== turn) return; // it ran meanwhile
      this.waiting = undefined;
      if (this.wanted && !this.running) this.run();
    }, WRITE_WAIT_MS);
  }

  private run(): void {
    this.wanted = false;
    this.running = true;
    this.waiting = undefined;
    this.waitTurn += 1;
    void this.deps
      .recount()
      .catch(() => undefined)
      .finally(() => {
        this.running = false;
        this.startSoon();
      });
  }
}
