/**
 * Turns of the one thread shared fairly between users (docs/API.md, "Fair share of the server"; record:
 * docs/decisions/171-fair-turns.md). Long work (a list page's query, its shaping, its JSON slices, a memory lookup's
 * slices) asks for a turn between its steps. A plain `setImmediate` gives the turn to whatever is queued next, so a
 * user whose requests arrive back to back gets one step in between each step of a light user's request, and the
 * light user's page takes its own time plus one heavy step per step of its own. Here the waiting step of the user
 * who has had the least of the thread lately goes first (as a fair CPU scheduler does with its threads): each user
 * is charged the time from its turn to its next request for one, or to the next turn of the event loop; one who comes back after a pause starts at most
 * `credit` behind the users still waiting, so a steady light user runs its few steps ahead of a heavy one, but no
 * one can save up time to hold the thread later.
 */

/** How far behind the busiest waiting users a user who comes back may start (ms of the thread). */
export const FAIR_TURN_CREDIT_MS = 50;

/** Above this many users remembered, those with nothing waiting and no credit left to keep are forgotten. */
const REMEMBERED_USERS = 10_000;

export class FairTurns {
  /** Each user's waiting steps, in order. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Each user's time on the thread (ms), on one scale with everyone else's. */
  private readonly used = new Map<string, number>();
  private granted?: { user: string; at: number };
  private scheduled = false;

  constructor(
    private readonly credit = FAIR_TURN_CREDIT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Resolves when it is `user`'s turn: after pending I/O, before the steps of users who have had more. */
  turn(user: string): Promise<void> {
    // The step that ends here was this user's: charge it exactly, not up to the next grant.
    if (this.granted?.user === user) this.charge();
    return new Promise<void>((resolve) => {
      let line = this.waiting.get(user);
      if (!line) {
        // Back after a pause (or new): no more than `credit` behind those waiting now.
        const floor = this.floor();
        if (floor !== undefined) this.used.set(user, Math.max(this.used.get(user) ?? -Infinity, floor - this.credit));
        else if (!this.used.has(user)) this.used.set(user, 0);
        line = [];
        this.waiting.set(user, line);
      }
      line.push(resolve);
      this.schedule();
    });
  }

  /** Steps waiting now, by user (for tests and the bench). */
  get load(): number {
    let n = 0;
    for (const line of this.waiting.values()) n += line.length;
    return n;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate: pending I/O (a health check, a new request) is read first, as with a plain turn.
    setImmediate(() => this.grant());
  }

  /** Charges the user last granted for the time since, then lets the least-served waiting user go. */
  private grant(): void {
    this.scheduled = false;
    this.charge();
    let next: string | undefined;
    let least = Infinity;
    for (const user of this.waiting.keys()) {
      const used = this.used.get(user) ?? 0;
      if (used < least) [next, least] = [user, used];
    }
    if (next === undefined) return;
    const line = this.waiting.get(next)!;
    const resolve = line.shift()!;
    if (line.length === 0) this.waiting.delete(next);
    const granted = { user: next, at: this.now() };
    this.granted = granted;
    resolve();
    // One step per pass: the granted step runs (as a microtask) before the next pass picks again.
    if (this.waiting.size > 0) this.schedule();
    // Charged once its step is over (the next turn of the loop), not at the next grant: a step that ends its request
    // and a quiet minute after it must not count as a minute of thread.
    setImmediate(() => {
      if (this.granted === granted) this.charge();
    });
    this.forgetIdle();
  }

  private charge(): void {
    if (!this.granted) return;
    const { user, at } = this.granted;
    this.used.set(user, (this.used.get(user) ?? 0) + (this.now() - at));
    this.granted = undefined;
  }

  /** The least time on the thread among the users waiting now. */
  private floor(): number | undefined {
    let floor: number | undefined;
    for (const user of this.waiting.keys()) {
      const used = this.used.get(user) ?? 0;
      if (floor === undefined || used < floor) floor = used;
    }
    return floor;
  }

  private forgetIdle(): void {
    if (this.used.size <= REMEMBERED_USERS) return;
    const floor = this.floor() ?? Infinity;
    for (const [user, used] of this.used) {
      if (!this.waiting.has(user) && used <= floor - this.credit) this.used.delete(user);
    }
  }
}

/** The process's one scheduler: every request of this server process shares its one thread. */
export const fairTurns = new FairTurns();
