/**
 * At most `limit` requests of one kind under way per caller at once (docs/API.md, "Translation memory: bounded
 * lookups"): one account cannot take the server's one thread for itself by sending many expensive requests side
 * by side. Counted per server process, in memory (a request holds its slot until its work ends or the client goes).
 */
import type { FastifyReply } from 'fastify';
import { HttpError } from './errors';

/** Seconds a refused caller is told to wait (`Retry-After`): a lookup under way takes well under that. */
const RETRY_AFTER_SECONDS = 1;

export class PerCallerLimit {
  private readonly running = new Map<string, number>();

  constructor(
    readonly limit: number,
    /** What is limited, in words for the error message: "translation-memory lookups". */
    private readonly what: string,
  ) {}

  /**
   * Takes one of `caller`'s slots, or answers 429 `too_many_requests` with `Retry-After` when they are all taken.
   * The function it returns gives the slot back (once, however often it is called).
   */
  enter(caller: string, reply: FastifyReply): () => void {
    const held = this.running.get(caller) ?? 0;
    if (held >= this.limit) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new HttpError(
        429,
        'too_many_requests',
        `too many ${this.what} under way: at most ${this.limit} at once per user; try again in a second`,
        { retryAfter: RETRY_AFTER_SECONDS, limit: this.limit },
      );
    }
    this.running.set(caller, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(caller) ?? 1) - 1;
      if (left > 0) this.running.set(caller, left);
      else this.running.delete(caller);
    };
  }

  /** Slots `caller` holds now. */
  held(caller: string): number {
    return this.running.get(caller) ?? 0;
  }
}
