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
 * A check reserves its failure in every count before it runs (one atomic bump) and gives it back when it succeeds
 * or does not run (a full gate: 503), so checks in flight count: a concurrent burst gets exactly the budget's checks,
 * the rest 429 at once. A stranger's reserved checks run at most PER_ADDRESS_IN_FLIGHT at a time per address on one
 * instance, the rest waiting in line, so one address cannot fill the shared gate's queue.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { normalUsername, parseBasic, type Authenticator, type Credentials, type Verdict } from '../domain/auth';
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
export type ConfirmPassword = (
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  password: string,
) => Promise<void>;

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Returns the function the auth hook calls (`app` gives the store: its shared counters and generations). */
export async function installSignInGuard(
  app: FastifyInstance,
  auth: Authenticator,
  limits: SignInLimits,
): Promise<{ authenticate: AuthenticateRequest; confirm: ConfirmPassword }> {
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
  const lines = addressLines(PER_ADDRESS_IN_FLIGHT);
  /** Attempts under way on this instance, by Authorization header. */
  const attempts = new Map<string, Promise<Attempt>>();

  /**
   * Seconds until an attempt may be made again, or 0: past the limits that apply when a count is over `max` less
   * `headroom` (1 before reserving: the next failure would go over; 0 after, the reservation included).
   */
  const secondsOver = (keys: CounterKeys, states: CounterState[], known: boolean, headroom: number): number => {
    let seconds = 0;
    for (const { key, max, appliesToKnown } of limited) {
      if (known && !appliesToKnown) continue;
      const state = states.find((c) => c.key === keys[key]);
      if (state && state.count > max - headroom) seconds = Math.max(seconds, Math.ceil(state.resetsInMs / 1000));
    }
    return seconds;
  };
  const blockedFor = (keys: CounterKeys, states: CounterState[], known: boolean) => secondsOver(keys, states, known, 1);
  const overBudget = (keys: CounterKeys, states: CounterState[], known: boolean) => secondsOver(keys, states, known, 0);

  const signIn = async (request: FastifyRequest, reply: FastifyReply, header: string | undefined): Promise<Caller> => {
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
    if (wait > 0) throw tooMany(reply, wait);
    // The same header already being tried (an app's first requests, sent together): this one waits for that attempt
    // and is no further attempt (nothing reserved, nothing counted). Registered before any wait, so requests that
    // arrive together find it.
    let attempt = attempts.get(header);
    if (!attempt) {
      attempt = auth.checking(header)
        ? checkOnly(header, creds, isKnown)
        : reserveAndCheck(header, creds, keys, address, isKnown);
      attempts.set(header, attempt);
      void attempt.finally(() => attempts.delete(header)).catch(() => undefined);
    }
    const outcome = await attempt;
    if (outcome.kind === 'over') throw tooMany(reply, outcome.seconds);
    if (outcome.kind === 'busy') throw busy(reply);
    return answer(request, reply, outcome.verdict);
  };

  /**
   * A password the signed-in caller types again (their current one, to change it): checked as a sign-in from the
   * request's address would be (the same limits, reservation and gate), a wrong one answered `403` naming the field
   * (not `401`: the caller's own credentials are fine).
   */
  const confirm: ConfirmPassword = async (request, reply, username, password) => {
    const header = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
    try {
      await signIn(request, reply, header);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401)
        throw new HttpError(403, 'forbidden', 'currentPassword: the current password is wrong');
      throw error;
    }
  };

  return { authenticate: (request, reply) => signIn(request, reply, request.headers.authorization), confirm };

  async function checkOnly(header: string, creds: Credentials, known: boolean): Promise<Checked> {
    try {
      return { kind: 'checked', verdict: await auth.verify(header, creds, { priority: known }) };
    } catch (error) {
      if (error instanceof GateFull) return { kind: 'busy' };
      throw error;
    }
  }

  /**
   * One failure is reserved in every count before the check, in one atomic statement, and taken back when the check
   * succeeds or never runs: so checks in flight count, and a burst gets exactly the budget's checks and 429 for the
   * rest (counting at the end let a burst past the limit).
   */
  async function reserveAndCheck(
    header: string,
    creds: Credentials,
    keys: CounterKeys,
    address: string,
    known: boolean,
  ): Promise<Attempt> {
    const reserved = [keys.pair, keys.address, keys.account];
    const over = overBudget(keys, await counters.bump(reserved, windowMs), known);
    if (over > 0) {
      await counters.release(reserved);
      return { kind: 'over', seconds: over };
    }
    let outcome: Checked;
    try {
      // Strangers at one address check a few passwords at a time: the rest of their reserved attempts wait in line.
      outcome = known
        ? await checkOnly(header, creds, true)
        : await lines.run(address, () => checkOnly(header, creds, false));
    } catch (error) {
      await counters.release(reserved);
      throw error;
    }
    if (outcome.kind === 'busy') await counters.release(reserved);
    else if (outcome.verdict.ok) {
      await remember(keys);
      await counters.release([keys.address, keys.account]);
    }
    return outcome;
  }
}

/** How an attempt ended: checked, over the budget (not checked), or refused by a full gate (not checked). */
type Checked = { kind: 'checked'; verdict: Verdict } | { kind: 'busy' };
type Attempt = Checked | { kind: 'over'; seconds: number };

function answer(request: FastifyRequest, reply: FastifyReply, verdict: Verdict): Caller {
  if (verdict.ok) return verdict.caller;
  if (verdict.reason === 'disabled') {
    throw new HttpError(403, 'account_disabled', 'this account is disabled: ask an administrator to enable it');
  }
  throw unauthorized(request, reply, 'wrong username or password');
}

function tooMany(reply: FastifyReply, seconds: number): HttpError {
  reply.header('Retry-After', String(seconds));
  return new HttpError(429, 'too_many_attempts', `too many failed sign-ins: try again in ${minutes(seconds)}`, {
    retryAfter: seconds,
  });
}

/**
 * One line per client address: at most `running` tasks of an address at once, the others waiting in order. Lines
 * are made when used and dropped when empty.
 */
function addressLines(running: number) {
  const lines = new Map<string, { running: number; waiting: (() => void)[] }>();
  return {
    async run<T>(address: string, task: () => Promise<T>): Promise<T> {
      let line = lines.get(address);
      if (!line) lines.set(address, (line = { running: 0, waiting: [] }));
      if (line.running >= running) await new Promise<void>((start) => line.waiting.push(start));
      else line.running++;
      try {
        return await task();
      } finally {
        const next = line.waiting.shift();
        if (next) next();
        else if (--line.running === 0) lines.delete(address);
      }
    },
  };
}

/** Runs password work through the gate, a full gate answering 503 `busy` with Retry-After. */
export async function throughGate<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GateFull) throw busy(reply);
    throw error;
  }
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
