/**
 * The live notification streams (`GET /notifications/stream`) this process holds open, and the rules that keep them
 * from starving everyone else (docs/API.md, "Live notification stream"): at most `perUser` per user (a further one
 * ends that user's oldest), at most `max` in the process (a further one is refused with 503 and Retry-After, so file
 * descriptors stay for ordinary requests). Every way a stream is ended by the server says why, and when (or whether)
 * the client should reconnect: `StreamEnd`.
 */
import fs from 'node:fs';
import { HttpError } from './errors';
import { isDisabled } from '../domain/auth';
import type { UserDoc } from '../domain/types';
import type { Store } from '../storage/store';

/** Why the server ended a stream (the `reason` of the final `event: end`). */
export type StreamEndReason = 'shutdown' | 'superseded' | 'account-disabled' | 'credentials-changed';

/** The final event's data: `retryAfterMs` null means do not open the stream again (the account cannot sign in). */
export interface StreamEnd {
  reason: StreamEndReason;
  message: string;
  retryAfterMs: number | null;
}

/** Reconnect soon after a shutdown (the balancer sends the new stream to another instance). */
const SHUTDOWN_RETRY_MS = 1_000;
/** A stream ended for a newer one of the same user: reconnecting at once would end another of that user's streams. */
export const SUPERSEDED_RETRY_MS = 60_000;
/** A process full of streams: when a refused client may try again. */
export const FULL_RETRY_SECONDS = 30;

export const STREAM_ENDS: Record<StreamEndReason, StreamEnd> = {
  shutdown: {
    reason: 'shutdown',
    message: 'this server is shutting down: reconnect (another instance will answer)',
    retryAfterMs: SHUTDOWN_RETRY_MS,
  },
  superseded: {
    reason: 'superseded',
    message: 'you opened more live streams than one user may hold: this, the oldest, was closed',
    retryAfterMs: SUPERSEDED_RETRY_MS,
  },
  'account-disabled': {
    reason: 'account-disabled',
    message: 'your account was disabled or removed',
    retryAfterMs: null,
  },
  'credentials-changed': {
    reason: 'credentials-changed',
    message: 'your password changed: reconnect with the new credentials',
    retryAfterMs: SHUTDOWN_RETRY_MS,
  },
};

/** The SSE text that ends a stream: the `retry:` field for EventSource clients, then the final `event: end`. */
export function endEventText(end: StreamEnd): string {
  const retry = end.retryAfterMs === null ? '' : `retry: ${end.retryAfterMs}\n`;
  return `${retry}event: end\ndata: ${JSON.stringify(end)}\n\n`;
}

export interface StreamLimits {
  /** Streams one user may hold in this process; a further one ends their oldest. */
  perUser: number;
  /** Streams this process holds at most; a further one is refused (503). */
  max: number;
}

export const DEFAULT_STREAMS_PER_USER = 8;

/** Used when the open-files limit cannot be read (not Linux). */
const FALLBACK_OPEN_FILES = 1024;

/** The process's soft limit on open files, from /proc/self/limits (Linux); FALLBACK_OPEN_FILES elsewhere. */
export function openFilesLimit(limitsText?: string): number {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return FALLBACK_OPEN_FILES;
    }
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
  const n = Number(soft);
  return Number.isInteger(n) && n > 0 ? n : FALLBACK_OPEN_FILES;
}

/**
 * The default process cap: half the open-files limit (512 of the common 1024), the other half left for ordinary
 * requests, database connections and files; never below 16.
 */
export function defaultMaxStreams(openFiles = openFilesLimit()): number {
  return Math.max(16, Math.floor(openFiles / 2));
}

export interface LiveStream {
  readonly userId: string;
  /** The password hash the stream's credentials were verified against (a later change ends it). */
  readonly passwordHash: string | undefined;
  /** Writes the final event and closes the stream; the stream then leaves the registry (`remove`). */
  end(end: StreamEnd): void;
}

export class LiveStreams {
  /** Per user, in the order their streams opened (a Set keeps insertion order). */
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private count = 0;
  private closing = false;

  constructor(readonly limits: StreamLimits) {}

  get size(): number {
    return this.count;
  }

  /**
   * Registers a stream about to open: first ends the user's oldest streams beyond `perUser - 1`, then refuses
   * (HttpError 503, `retryAfterSeconds` set) if the process is full or shutting down.
   */
  add(stream: LiveStream): void {
    const own = this.byUser.get(stream.userId);
    if (own) {
      for (const oldest of [...own].slice(0, Math.max(0, own.size - this.limits.perUser + 1))) {
        oldest.end(STREAM_ENDS.superseded);
        this.remove(oldest);
      }
    }
    if (this.closing)
      throw new StreamRefused('shutting_down', 'this server is shutting down: open the stream again', 1);
    if (this.count >= this.limits.max) {
      throw new StreamRefused(
        'too_many_streams',
        `this server holds as many live streams as it may (${this.limits.max}): try again later; the inbox still answers`,
        FULL_RETRY_SECONDS,
      );
    }
    const set = this.byUser.get(stream.userId) ?? new Set();
    set.add(stream);
    this.byUser.set(stream.userId, set);
    this.count += 1;
  }

  /** Forgets a stream (closed by its client or ended by the server); a second call does nothing. */
  remove(stream: LiveStream): void {
    const set = this.byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    this.count -= 1;
    if (set.size === 0) this.byUser.delete(stream.userId);
  }

  /** The user ids with a stream open here. */
  users(): string[] {
    return [...this.byUser.keys()];
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Ends every stream of `userId` that `verdict` gives an end for. */
  endWhere(userId: string, verdict: (stream: LiveStream) => StreamEnd | undefined): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      const end = verdict(stream);
      if (!end) continue;
      stream.end(end);
      this.remove(stream);
    }
  }

  /** Shutting down: ends every stream with the reconnect hint and refuses new ones. */
  endAll(): void {
    this.closing = true;
    for (const userId of this.users()) this.endWhere(userId, () => STREAM_ENDS.shutdown);
  }
}

/** A stream the process will not open: 503, with Retry-After (the route sets it). */
export class StreamRefused extends HttpError {
  constructor(
    code: 'too_many_streams' | 'shutting_down',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, code, message);
  }
}

/** Why the stored account no longer allows a stream verified against `passwordHash`; undefined while it does. */
function accountEnd(user: UserDoc | undefined, passwordHash: string | undefined): StreamEnd | undefined {
  if (!user || isDisabled(user)) return STREAM_ENDS['account-disabled'];
  if (user.passwordHash !== passwordHash) return STREAM_ENDS['credentials-changed'];
  return undefined;
}

/**
 * Ends the streams of `userId` (undefined: of every user with one here) that their stored account no longer allows:
 * disabled or removed, or a password other than the one the stream was opened with.
 */
export async function checkStreamAccounts(streams: LiveStreams, store: Store, userId?: string): Promise<void> {
  for (const id of userId === undefined ? streams.users() : [userId]) {
    if (!streams.has(id)) continue;
    try {
      const user = (await store.get<UserDoc>('Users', id))?.doc;
      streams.endWhere(id, (stream) => accountEnd(user, stream.passwordHash));
    } catch (e) {
      // The store did not answer: the streams stay until the next change or heartbeat check.
      console.error('the accounts of live streams could not be checked', e);
    }
  }
}
