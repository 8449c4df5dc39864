/**
 * Authenticates each /api request (docs/API.md, "Sign-in: failed attempts, disabled accounts") and limits failed
 * attempts: only checks that FAIL count, on whatever route they come.
 *
 * - per account and client address: `perAccountAddress` failures per window (the guesses one place may make at
 *   one account);
 * - per client address: `perAddress` failures (one place spraying many accounts, known or not);
 * - per account: `perAccount` failures from all addresses together (a spread-out attack on one account).
 *
 * The counts live in the database (the store's shared counters, store.ts `SharedCounters`), so every instance on it
 * counts the same failures, and a restart forgets none: N instances do not give an attacker N times the budget.
 * A failed check costs one read and one write there; a request answered from the credential cache costs none.
 *
 * An address that has signed in to an account before is "known" for that account: it is held only to the first
 * limit, and its password checks go ahead of strangers' (workGate.ts), so an attacker elsewhere, or a stranger
 * behind the same address, cannot lock the account's user out. Known pairs are shared counters too (any instance may
 * have seen the sign-in); each instance also remembers the ones it has seen, so a cached request needs no query. A
 * success starts the account-and-address count afresh. Verified headers (the authenticator's one-minute cache) are
 * answered before any limit: they cost no scrypt.
 *
 * Failures count when their check ends, so one address could keep the gate's queue full with checks in flight and
 * never reach its limit (refusals for a full queue do not count): an address has at most PER_ADDRESS_IN_FLIGHT
 * checks waiting or running on one instance (known addresses aside); more are answered 503 at once and count
 * against the address's limit like failures.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { normalUsername, parseBasic, type Authenticator } from '../domain/auth';
import type { Caller } from '../domain/types';
import { GateFull } from '../domain/workGate';
import type { CounterState } from '../storage/store';
import { HttpError } from './errors';
import { generationsOf } from './generation';

export interface SignInLimits {
  /** The window failures are counted in, in seconds. */
  windowSeconds: number;
  perAccountAddress: number;
  perAddress: number;
  perAccount: number;
}

/** OWASP ASVS 2.2.1 asks for at most 100 failed attempts per hour on one account: 25 per 15 minutes. */
export const DEFAULT_SIGNIN_LIMITS: SignInLimits = {
  windowSeconds: 900,
  perAccountAddress: 10,
  perAddress: 50,
  perAccount: 25,
};

/** How long an address stays known for an account after a sign-in from it, and how many pairs one instance recalls. */
const KNOWN_FOR_MS = 30 * 86_400_000;
const KNOWN_MAX = 50_000;
/** Password checks one address may have waiting or running at once, unless it is known for the account. */
const PER_ADDRESS_IN_FLIGHT = 4;

/** The shared counters' keys of one account at one address. */
function counterKeys(account: string, address: string) {
  return {
    known: `signin:known\n${account}\n${address}`,
    pair: `signin:fail\n${account}\n${address}`,
    address: `signin:fail-address\n${address}`,
    account: `signin:fail-account\n${account}`,
  };
}
type CounterKeys = ReturnType<typeof counterKeys>;

export type AuthenticateRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Returns the function the auth hook calls (`app` gives the store: its shared counters and generations). */
export async function installSignInGuard(
  app: FastifyInstance,
  auth: Authenticator,
  limits: SignInLimits,
): Promise<AuthenticateRequest> {
  const counters = app.services.store.counters;
  const windowMs = limits.windowSeconds * 1000;
  const limited: { key: keyof CounterKeys; max: number; appliesToKnown: boolean }[] = [
    { key: 'pair', max: limits.perAccountAddress, appliesToKnown: true },
    { key: 'address', max: limits.perAddress, appliesToKnown: false },
    { key: 'account', max: limits.perAccount, appliesToKnown: false },
  ];

  /** Known pairs this instance has seen (in the shared counters too), until when, by this clock. */
  const knownHere = new Map<string, number>();
  const isKnownHere = (keys: CounterKeys) => (knownHere.get(keys.known) ?? 0) > Date.now();
  const recall = (keys: CounterKeys, forMs: number) => {
    knownHere.delete(keys.known);
    if (knownHere.size >= KNOWN_MAX) knownHere.delete(knownHere.keys().next().value ?? '');
    knownHere.set(keys.known, Date.now() + forMs);
  };
  /** A sign-in from the address: it is known for the account (for every instance), its failures start afresh. */
  const remember = async (keys: CounterKeys) => {
    await counters.clear([keys.pair, keys.known]);
    await counters.bump([keys.known], KNOWN_FOR_MS);
    recall(keys, KNOWN_FOR_MS);
  };

  // normalizeIP parses IPv6 addresses (some 10 µs): remembered, as the guard runs for every request.
  const addresses = new Map<string, string>();
  const addressOf = (ip: string): string => {
    let address = addresses.get(ip);
    if (address === undefined) {
      if (addresses.size >= KNOWN_MAX) addresses.clear();
      address = normalizeIP(ip);
      addresses.set(ip, address);
    }
    return address;
  };
  const inFlight = new Map<string, number>();

  /** Seconds until the attempt may be made again, or 0 when no limit that applies to it is reached. */
  const blockedFor = (keys: CounterKeys, states: CounterState[], known: boolean): number => {
    let seconds = 0;
    for (const { key, max, appliesToKnown } of limited) {
      if (known && !appliesToKnown) continue;
      const state = states.find((c) => c.key === keys[key]);
      // The limit is reached when the next failure would go over it.
      if (state && state.count >= max) seconds = Math.max(seconds, Math.ceil(state.resetsInMs / 1000));
    }
    return seconds;
  };

  return async (request, reply) => {
    const header = request.headers.authorization;
    const creds = parseBasic(header);
    if (!header || !creds)
      throw unauthorized(request, reply, header ? 'wrong username or password' : 'sign in to continue');
    const account = normalUsername(creds.username);
    // The socket's remoteAddress is undefined once the client has gone (typed string): such requests share one key.
    const ip: string | undefined = request.ip;
    const address = addressOf(ip ?? 'gone');
    const keys = counterKeys(account, address);

    const cached = await auth.cached(header, generationsOf(request, app.services.store));
    if (cached) {
      // The right password from this address (verified less than a minute ago, maybe from another one).
      if (!isKnownHere(keys)) await remember(keys);
      return cached;
    }

    // One query: whether the pair is known (to any instance), and the counts of the limits.
    const states = await counters.read(Object.values(keys));
    const knownState = states.find((c) => c.key === keys.known);
    if (knownState && !isKnownHere(keys)) recall(keys, knownState.resetsInMs);
    const isKnown = knownState !== undefined || isKnownHere(keys);

    const wait = blockedFor(keys, states, isKnown);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, 'too_many_attempts', `too many failed sign-ins: try again in ${minutes(wait)}`, {
        retryAfter: wait,
      });
    }
    // The same header already being checked (an app's first requests, sent together): this one waits for that
    // check's verdict and is no further check of the address's.
    const joins = auth.checking(header);
    const checking = inFlight.get(address) ?? 0;
    if (!joins && !isKnown && checking >= PER_ADDRESS_IN_FLIGHT) {
      // More at once than any one place signs in with: counts against the address like a failure.
      await counters.bump([keys.address], windowMs);
      throw busy(reply);
    }
    if (!joins) inFlight.set(address, checking + 1);
    let verdict;
    try {
      verdict = await auth.verify(header, creds, { priority: isKnown });
    } catch (error) {
      if (error instanceof GateFull) throw busy(reply);
      throw error;
    } finally {
      if (!joins) {
        const left = (inFlight.get(address) ?? 1) - 1;
        if (left > 0) inFlight.set(address, left);
        else inFlight.delete(address);
      }
    }
    if (verdict.ok) {
      await remember(keys);
      return verdict.caller;
    }
    await counters.bump([keys.pair, keys.address, keys.account], windowMs);
    if (verdict.reason === 'disabled') {
      throw new HttpError(403, 'account_disabled', 'this account is disabled: ask an administrator to enable it');
    }
    throw unauthorized(request, reply, 'wrong username or password');
  };
}

function busy(reply: FastifyReply): HttpError {
  reply.header('Retry-After', '1');
  return new HttpError(503, 'busy', 'the server is busy checking passwords: try again in a moment');
}

function unauthorized(request: FastifyRequest, reply: FastifyReply, message: string): HttpError {
  // Browsers running the app send X-Requested-With: without WWW-Authenticate they show no login dialog of their own.
  if (!request.headers['x-requested-with']) reply.header('WWW-Authenticate', 'Basic realm="MWS", charset="UTF-8"');
  return new HttpError(401, 'unauthorized', message);
}
