/**
 * HTTP Basic authentication. A scrypt check costs tens of milliseconds, and Basic sends the password with every
 * request, so a verified header is remembered for a short time, keyed by an HMAC of the header (the header itself
 * is never kept). The entry holds the password hash it was verified against: a password change makes it stale at
 * once. Failed attempts are never remembered.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Store } from '../storage/store';
import type { Caller, GroupDoc, UserDoc } from './types';
import { verifyPassword } from './passwords';
import { makeCaller } from './access';

const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

interface CacheEntry {
  userId: string;
  passwordHash: string;
  expires: number;
  /** The caller as built at `generation` of the store; rebuilt after any write (a group or user may have changed). */
  caller: Caller;
  generation: number;
}

export function parseBasic(header: string | undefined): { username: string; password: string } | undefined {
  if (!header) return undefined;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export class Authenticator {
  private readonly key = randomBytes(32);
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly store: Store) {}

  findUserByUsername(username: string): UserDoc | undefined {
    const page = this.store.list<UserDoc>('Users', {
      filters: [{ field: 'username', op: 'eq', value: username.trim().toLowerCase() }],
      offset: 0,
      limit: 1,
    });
    return page.items[0];
  }

  callerFor(user: UserDoc): Caller {
    const groups = (user.groups ?? [])
      .map((id) => this.store.get<GroupDoc>('Groups', id)?.doc)
      .filter((g): g is GroupDoc => g !== undefined);
    return makeCaller(user, groups);
  }

  /** The caller for an Authorization header, or undefined when it is missing or wrong. */
  async authenticate(header: string | undefined): Promise<Caller | undefined> {
    const creds = parseBasic(header);
    if (!creds || !header) return undefined;
    const cacheKey = createHmac('sha256', this.key).update(header).digest('base64');
    const now = Date.now();
    const hit = this.cache.get(cacheKey);
    if (hit && hit.expires > now) {
      const generation = this.store.generation();
      if (hit.generation === generation) return hit.caller;
      const user = this.store.get<UserDoc>('Users', hit.userId)?.doc;
      if (user && user.passwordHash === hit.passwordHash) {
        hit.caller = this.callerFor(user);
        hit.generation = generation;
        return hit.caller;
      }
      this.cache.delete(cacheKey);
    }
    const user = this.findUserByUsername(creds.username);
    if (!user?.passwordHash) {
      // Spend the same time as a real check so unknown users cannot be told apart by timing.
      await verifyPassword(creds.password, DUMMY_HASH);
      return undefined;
    }
    if (!(await verifyPassword(creds.password, user.passwordHash))) return undefined;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const generation = this.store.generation();
    const caller = this.callerFor(user);
    this.cache.set(cacheKey, { userId: user._id, passwordHash: user.passwordHash, expires: now + CACHE_TTL_MS, caller, generation });
    return caller;
  }
}

/** A valid hash of a random password, used to spend a real scrypt check on unknown users. */
const DUMMY_HASH = 'scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
