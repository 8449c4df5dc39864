/**
 * Authenticates each /api request (docs/API.md, "Sign-in: failed attempts, disabled accounts") and limits failed
 * attempts with @fastify/rate-limit's manual limiters: only checks that FAIL count, on whatever route they come.
 *
 * - per account and client address: `perAccountAddress` failures per window (the guesses one place may make at
 *   one account);
 * - per client address: `perAddress` failures (one place spraying many accounts, known or not);
 * - per account: `perAccount` failures from all addresses together (a spread-out attack on one account).
 *
 * An address that has signed in to an account before is "known" for that account: it is held only to the first
 * limit, and its password checks go ahead of strangers' (workGate.ts), so an attacker elsewhere, or a stranger
 * behind the same address, cannot lock the account's user out. A success starts the account-and-address count
 * afresh. Verified headers (the authenticator's one-minute cache) are answered before any limit: they cost no scrypt.
 *
 * Failures count when their check ends, so one address could keep the gate's queue full with checks in flight and
 * never reach its limit (refusals for a full queue do not count): an address has at most PER_ADDRESS_IN_FLIGHT
 * checks waiting or running (known addresses aside); more are answered 503 at once and count against the address's
 * limit like failures.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { normalUsername, parseBasic, type Authenticator } from '../domain/auth';
import type { Caller } from '../domain/types';
import { GateFull } from '../domain/workGate';
import { HttpError } from './errors';
import { generationOf } from './generation';

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

/** How long an address stays known for an account after a sign-in from it, and how many pairs are remembered. */
const KNOWN_FOR_MS = 30 * 86_400_000;
const KNOWN_MAX = 50_000;
/** Password checks one address may have waiting or running at once, unless it is known for the account. */
const PER_ADDRESS_IN_FLIGHT = 4;
/** Entries each limiter keeps (an LRU): large enough that spraying names cannot push a real count out. */
const LIMITER_ENTRIES = 100_000;

interface Attempt {
  account: string;
  address: string;
  /** Bumped at each success, so the account-and-address count starts afresh. */
  round: number;
  known: boolean;
}

export type AuthenticateRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Registers the limiter plugin on `app` and returns the function the auth hook calls. */
export async function installSignInGuard(
  app: FastifyInstance,
  auth: Authenticator,
  limits: SignInLimits,
): Promise<AuthenticateRequest> {
  await app.register(rateLimit, { global: false });

  const known = new Map<string, { round: number; until: number }>();
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
  const attempts = new WeakMap<FastifyRequest, Attempt>();
  const attemptOf = (request: FastifyRequest): Attempt => {
    const found = attempts.get(request);
    if (!found) throw new Error('sign-in limiter used before the attempt was read');
    return found;
  };
  const limiter = (max: number, key: (a: Attempt) => string) => {
    // `cache` is read by the plugin's local store (store/LocalStore.js, child()) though its type does not name it.
    const options = {
      max,
      timeWindow: limits.windowSeconds * 1000,
      keyGenerator: (r: FastifyRequest) => key(attemptOf(r)),
      cache: LIMITER_ENTRIES,
    };
    return app.createRateLimit(options);
  };
  const perAddress = limiter(limits.perAddress, (a) => a.address);
  const limiters = [
    { check: limiter(limits.perAccountAddress, (a) => `${a.account}\n${a.address}\n${a.round}`), appliesToKnown: true },
    { check: perAddress, appliesToKnown: false },
    { check: limiter(limits.perAccount, (a) => a.account), appliesToKnown: false },
  ];

  const remember = (attempt: Attempt) => {
    const pair = `${attempt.account}\n${attempt.address}`;
    known.delete(pair);
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value ?? '');
    known.set(pair, { round: attempt.round + 1, until: Date.now() + KNOWN_FOR_MS });
  };

  /** Seconds until the attempt may be made again, or 0 when no limit that applies to it is reached. */
  const blockedFor = async (request: FastifyRequest, attempt: Attempt): Promise<number> => {
    let seconds = 0;
    for (const { check, appliesToKnown } of limiters) {
      if (attempt.known && !appliesToKnown) continue;
      const state = await check(request, { increment: false });
      // A peek reports the count so far: the limit is reached when the next failure would go over it.
      if (!state.isAllowed && state.remaining === 0) seconds = Math.max(seconds, state.ttlInSeconds);
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
    const pair = known.get(`${account}\n${address}`);
    const isKnown = pair !== undefined && pair.until > Date.now();
    const attempt: Attempt = { account, address, round: isKnown ? pair.round : 0, known: isKnown };

    const cached = await auth.cached(header, generationOf(request, app.services.store));
    if (cached) {
      // The right password from this address (verified less than a minute ago, maybe from another one).
      if (!isKnown) remember(attempt);
      return cached;
    }
    attempts.set(request, attempt);

    const wait = await blockedFor(request, attempt);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, 'too_many_attempts', `too many failed sign-ins: try again in ${minutes(wait)}`, {
        retryAfter: wait,
      });
    }
    const checking = inFlight.get(address) ?? 0;
    if (!isKnown && checking >= PER_ADDRESS_IN_FLIGHT) {
      // More at once than any one place signs in with: counts against the address like a failure.
      await perAddress(request);
      throw busy(reply);
    }
    inFlight.set(address, checking + 1);
    let verdict;
    try {
      verdict = await auth.verify(header, creds, { priority: isKnown });
    } catch (error) {
      if (error instanceof GateFull) throw busy(reply);
      throw error;
    } finally {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left > 0) inFlight.set(address, left);
      else inFlight.delete(address);
    }
    if (verdict.ok) {
      remember(attempt);
      return verdict.caller;
    }
    for (const { check } of limiters) await check(request);
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
