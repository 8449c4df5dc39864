/**
 * Which database errors mean "the store is unavailable" rather than "this request is wrong": the one place that
 * knows, for both stores (store.ts, `StoreUnavailable`; docs/API.md "Errors"). Each store passes what its driver
 * threw through `unavailableOr` at its boundary; the HTTP edge answers the StoreUnavailable (503 + Retry-After, or 507).
 */
import { StoreUnavailable } from './store';

/**
 * PostgreSQL SQLSTATEs of a database that is not there for now: class 08 (connection exception) by prefix, and the
 * server going down or not up yet (57P01 admin_shutdown: a restart or fast stop ends every connection with it; 57P02
 * crash_shutdown; 57P03 cannot_connect_now: starting up or shutting down), or no connection slot free (53300).
 */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's socket errors on the way to the database (refused while it restarts, reset when it goes away, …). */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres' own errors for a connection lost or never made (no code): "Connection terminated unexpectedly",
 * "Connection terminated due to connection timeout", "timeout exceeded when trying to connect" (the pool's
 * connectionTimeoutMillis), "Client has encountered a connection error and is not queryable".
 */
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client .* not queryable)/;

/** No space left: SQLite's SQLITE_FULL (a full disk, or max_page_count reached), PostgreSQL's 53100 disk_full. */
const FULL_CODES = new Set(['SQLITE_FULL', '53100']);

function codeOf(e: Error): string {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/** Why `e` says the store is unavailable, or undefined when it says something else. */
function unavailability(e: unknown): StoreUnavailable['reason'] | undefined {
  if (e instanceof StoreUnavailable) return e.reason;
  if (!(e instanceof Error)) return undefined;
  const code = codeOf(e);
  if (FULL_CODES.has(code)) return 'full';
  if (code.startsWith('08') || UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_SOCKET_CODES.has(code)) {
    return 'unreachable';
  }
  if (UNREACHABLE_MESSAGES.test(e.message)) return 'unreachable';
  // A connect tried on several addresses (IPv4 and IPv6) fails with each one's error.
  if (e instanceof AggregateError && e.errors.some((inner) => unavailability(inner) === 'unreachable')) {
    return 'unreachable';
  }
  return undefined;
}

/** `e` as a StoreUnavailable when it says the database is unavailable (keeping it as the cause), else unchanged. */
export function unavailableOr(e: unknown): unknown {
  if (e instanceof StoreUnavailable) return e;
  const reason = unavailability(e);
  if (!reason) return e;
  const cause = (e as Error).message || codeOf(e as Error);
  const what = reason === 'full' ? 'the database has no space left' : 'the database is unavailable';
  return new StoreUnavailable(reason, `${what}: ${cause}`, { cause: e });
}
