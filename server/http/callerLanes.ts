/**
 * Each caller's own lane for a kind of expensive request (docs/API.md, "Fair share of the server"): at most
 * `concurrency` of one user's requests of that kind run at once, at most `queue` more wait in line (in order), and
 * beyond that a request is refused at once with 429 `too_many_requests` and `Retry-After`. One account sending many
 * expensive requests side by side then takes one lane of the server's one thread, not all of it: other users'
 * requests and health checks are answered between its requests. Counted per server process, in memory.
 */
import type { FastifyReply } from 'fastify';
import { fairTurns } from '../domain/fairTurns';
import { GateFull, WorkGate } from '../domain/workGate';
import { HttpError } from './errors';

/** Seconds a refused caller is told to wait (`Retry-After`): a request under way takes well under that. */
const RETRY_AFTER_SECONDS = 1;

export class CallerLanes {
  private readonly lanes = new Map<string, WorkGate>();

  constructor(
    readonly size: { concurrency: number; queue: number },
    /** What is limited, in words for the error message: "translation-memory lookups". */
    private readonly what: string,
  ) {}

  /** Runs `task` in `caller`'s lane; 429 (with `Retry-After` on `reply`) when the lane and its line are full. */
  async run<T>(caller: string, reply: FastifyReply, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(caller);
    if (!lane) {
      lane = new WorkGate(this.size.concurrency, this.size.queue);
      this.lanes.set(caller, lane);
    }
    try {
      // Its start waits for the caller's turn of the thread (fairTurns.ts): a user with many requests under way lets
      // a user with few go first.
      return await lane.run(async () => {
        await fairTurns.turn(caller);
        return task();
      });
    } catch (error) {
      if (!(error instanceof GateFull)) throw error;
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      const waiting = this.size.queue > 0 ? ` (and ${this.size.queue} waiting)` : '';
      throw new HttpError(
        429,
        'too_many_requests',
        `too many ${this.what} under way: at most ${this.size.concurrency} at once per user${waiting}; try again in a second`,
        { retryAfter: RETRY_AFTER_SECONDS, limit: this.size.concurrency },
      );
    } finally {
      const { running, waiting } = lane.load;
      if (running === 0 && waiting === 0) this.lanes.delete(caller);
    }
  }

  /** Requests of `caller` running and waiting now. */
  load(caller: string): { running: number; waiting: number } {
    return this.lanes.get(caller)?.load ?? { running: 0, waiting: 0 };
  }
}
