/**
 * HTTP Basic authentication. A scrypt check costs tens of milliseconds, and Basic sends the password with every
 * request, so a verified header is remembered for a short time, keyed by an HMAC of the header (the header itself
 * is never kept). The entry holds the password hash it was verified against: a password change makes it stale at
 * once. Failed attempts are never remembered here (server/http/signInGuard.ts counts them).
 *
 * Checks that need scrypt run through a bounded gate (workGate.ts), so a flood of wrong passwords cannot queue
 * without bound; checks of the same header already running are shared, not repeated.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Collection, Generations, Store, StoreOps } from '../storage/store';
import type { Caller, GroupDoc, UserDoc } from './types';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { makeCaller } from './access';
import { workGate, type WorkGate } from './workGate';

/**
 * Password checks (scrypt) run at once, and waiting at most, unless configured (PASSWORD_CHECKS_*). At once: 2, but
 * never every core: each scrypt holds a core for its tens of milliseconds, and the event loop that answers everyone
 * else needs one (docs/decisions/154-event-loop-share.md); on 2 cores, 1.
 */
export const DEFAULT_PASSWORD_CHECKS = {
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queue: 32,
} as const;

const CACHE_TTL_MS = 60_000;

/**
 * What a caller is built from (`callerFor`: the user and its groups): a write to either collection may change any
 * caller, and anything cached for a caller (here, and the response cache) is stale after one.
 */
export const CALLER_COLLECTIONS: readonly Collection[] = ['Users', 'Groups'];

/** The generations of CALLER_COLLECTIONS, as one comparable value. */
function callerStamp(generations: Generations): string {
  return CALLER_COLLECTIONS.map((c) => generations[c]).join(' ');
}
/**
 * Verified headers remembered at most (one per user and spelling of the header): when full, the oldest goes. Entries
 * are kept in the order they were made, which is the order they expire in (one TTL), so expired ones are dropped from
 * the front as new ones come (docs/decisions/050-memory-bounds.md).
 */
export const CREDENTIAL_CACHE_MAX = 10_000;

interface CacheEntry {
  userId: string;
  passwordHash: string;
  expires: number;
  /** The caller as built at `stamp` (callerStamp); rebuilt after a write to users or groups. */
  caller: Caller;
  stamp: string;
}

/** The outcome of a password check: the caller, or why not ('disabled': right password, `status.approved` false). */
export type Verdict = { ok: true; caller: Caller } | { ok: false; reason: 'wrong' | 'disabled' };

export interface Credentials {
  username: string;
  password: string;
}

export function parseBasic(header: string | undefined): Credentials | undefined {
  if (!header) return undefined;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Usernames are e-mail addresses, stored lower-case: the one spelling lookups and sign-in limits use. */
export function normalUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** An administrator withdraws a user's access with `status.approved: false` (docs/API.md, "Sign-in"). */
export function isDisabled(user: UserDoc): boolean {
  return user.status?.approved === false;
}

export class Authenticator {
  private readonly key = randomBytes(32);
  private readonly cache = new Map<string, CacheEntry>();
  private readonly running = new Map<string, Promise<Verdict>>();
  /** A hash of a random password with the current parameters: unknown users cost the same check as known ones. */
  private readonly dummyHash = hashPassword(randomBytes(16).toString('base64'));
  private readonly cacheMax: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Store,
    readonly gate: WorkGate = workGate(DEFAULT_PASSWORD_CHECKS),
    /** `cacheMax`: verified headers remembered at most (CREDENTIAL_CACHE_MAX); `now`: the clock (tests move it). */
    options: { cacheMax?: number; now?: () => number } = {},
  ) {
    this.cacheMax = options.cacheMax ?? CREDENTIAL_CACHE_MAX;
    this.now = options.now ?? Date.now;
  }

  /** Verified headers remembered now. */
  get cacheSize(): number {
    return this.cache.size;
  }

  /** Drops expired entries from the front (the oldest), then the oldest while more than `room` would not fit. */
  private prune(room = 0): void {
    const now = this.now();
    for (const [key, entry] of this.cache) {
      if (entry.expires > now && this.cache.size + room <= this.cacheMax) return;
      this.cache.delete(key);
    }
  }

  /** The user of this username; `ops` is a transaction's `tx` when the lookup decides a write in it. */
  async findUserByUsername(username: string, ops: StoreOps = this.store): Promise<UserDoc | undefined> {
    const page = await ops.list<UserDoc>('Users', {
      filters: [{ field: 'username', op: 'eq', value: normalUsername(username) }],
      offset: 0,
      limit: 1,
    });
    return page.items[0];
  }

  async callerFor(user: UserDoc): Promise<Caller> {
    const ids = user.groups ?? [];
    const byId = new Map((await this.store.getMany<GroupDoc>('Groups', ids)).map((g) => [g.doc._id, g.doc]));
    const groups = ids.map((id) => byId.get(id)).filter((g): g is GroupDoc => g !== undefined);
    return makeCaller(user, groups);
  }

  private cacheKey(header: string): string {
    return createHmac('sha256', this.key).update(header).digest('base64');
  }

  /**
   * The caller for a header verified in the last minute, without any scrypt; undefined otherwise. `generationsNow`:
   * the store's generations as the request sees them (http/generation.ts), else asked here.
   */
  async cached(header: string, generationsNow?: Promise<Generations>): Promise<Caller | undefined> {
    this.prune();
    const cacheKey = this.cacheKey(header);
    const hit = this.cache.get(cacheKey);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.cache.delete(cacheKey);
      return undefined;
    }
    const stamp = callerStamp(await (generationsNow ?? this.store.generations()));
    if (hit.stamp === stamp) return hit.caller;
    const user = (await this.store.get<UserDoc>('Users', hit.userId))?.doc;
    if (user && user.passwordHash === hit.passwordHash && !isDisabled(user)) {
      hit.caller = await this.callerFor(user);
      hit.stamp = stamp;
      return hit.caller;
    }
    this.cache.delete(cacheKey);
    return undefined;
  }

  /**
   * Checks the password with scrypt (through the gate; throws GateFull when it is full). A check of the same header
   * already under way is shared. `priority`: the caller is known to this server (signInGuard.ts).
   */
  /**
   * A hash of a new password, made through the same gate as the checks (throws GateFull when it is full): setting
   * passwords cannot starve sign-ins.
   */
  hashNew(password: string): Promise<string> {
    return this.gate.run(() => hashPassword(password));
  }

  /** Whether a check of this header is under way (a `verify` of it now joins that check, costing nothing more). */
  checking(header: string): boolean {
    return this.running.has(this.cacheKey(header));
  }

  verify(header: string, creds: Credentials, options: { priority?: boolean } = {}): Promise<Verdict> {
    const cacheKey = this.cacheKey(header);
    const under = this.running.get(cacheKey);
    if (under) return under;
    const check = this.gate
      .run(() => this.check(cacheKey, creds), options)
      .finally(() => this.running.delete(cacheKey));
    this.running.set(cacheKey, check);
    return check;
  }

  private async check(cacheKey: string, creds: Credentials): Promise<Verdict> {
    const stamp = callerStamp(await this.store.generations());
    const user = await this.findUserByUsername(creds.username);
    if (!user?.passwordHash) {
      // Not a user, or invited and not registered yet: spend the same time as a real check so they cannot be told apart.
      await verifyPassword(creds.password, await this.dummyHash);
      return { ok: false, reason: 'wrong' };
    }
    if (!(await verifyPassword(creds.password, user.passwordHash))) return { ok: false, reason: 'wrong' };
    if (isDisabled(user)) return { ok: false, reason: 'disabled' };
    const caller = await this.callerFor(user);
    // Made again: last in the order (a header verified again, after its entry went stale).
    this.cache.delete(cacheKey);
    this.prune(1);
    const entry: CacheEntry = {
      userId: user._id,
      passwordHash: user.passwordHash,
      expires: this.now() + CACHE_TTL_MS,
      caller,
      // Read before the user: a write meanwhile makes the entry stale rather than wrongly current.
      stamp,
    };
    this.cache.set(cacheKey, entry);
    if (needsRehash(user.passwordHash)) {
      const oldHash = user.passwordHash;
      // On the next turn, once this check has given its slot back: with one check at a time (DEFAULT_PASSWORD_CHECKS
      // on 2 cores) the gate is never idle while the check that asks for the rehash still holds it.
      setImmediate(() => void this.rehash(user._id, oldHash, creds.password, entry));
    }
    return { ok: true, caller };
  }

  /**
   * Stores a hash with the current parameters for a password just verified against an older hash. Background work:
   * it runs only when the gate has a free slot (else the next sign-in tries again) and gives way to any change of the
   * user made meanwhile.
   */
  private async rehash(userId: string, oldHash: string, password: string, entry: CacheEntry): Promise<void> {
    try {
      await this.gate.runIfIdle(async () => {
        const passwordHash = await hashPassword(password);
        const current = await this.store.get<UserDoc>('Users', userId);
        if (current?.doc.passwordHash !== oldHash) return;
        await this.store.replace<UserDoc>('Users', { ...current.doc, passwordHash }, current.version);
        entry.passwordHash = passwordHash;
      });
    } catch {
      // A concurrent write won (VersionConflict): the old hash still verifies, the next sign-in tries again.
    }
  }
}
