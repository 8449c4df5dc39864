/**
 * The PostgreSQL connections of a server (the store's pool, a client checked out of it, the notification bus's):
 * none may end the process when the database drops it (a restart ends every connection with 57P01), and none waits
 * for the database forever. docs/API.md, "The database unavailable".
 */
import pg from 'pg';
import { StoreUnavailable } from '../store';
import { unavailableOr } from '../unavailable';

/**
 * Every connection's options: a connection (or a free one of the pool) not had within 5 s fails, as StoreUnavailable
 * (a 503), rather than a request hanging while the database is down; TCP keep-alive notices a database gone without
 * a word (a host lost, a network cut).
 */
export const CONNECTION_OPTIONS = { connectionTimeoutMillis: 5000, keepAlive: true } as const;

/** The store's pool. A connection that drops while idle in it must not crash the process: the next query opens one. */
export function storePool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, ...CONNECTION_OPTIONS });
  pool.on('error', (e) => console.error('PostgreSQL connection error (idle connection)', e.message));
  return pool;
}

/**
 * Runs `fn` on a client checked out of the pool (a transaction, the migration). While it is checked out the pool does
 * not listen to it: a connection ended by the server between two statements (a restart's 57P01, with no statement to
 * fail) would be an 'error' event nobody handles, which ends the process. It is heard here, and the client is then
 * closed rather than returned to the pool (the statement that follows fails: StoreUnavailable).
 */
export async function withClient<R>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient, broken: (e: unknown) => void) => Promise<R>,
): Promise<R> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    throw unavailableOr(e);
  }
  let broken: Error | undefined;
  const markBroken = (e: unknown) => (broken ??= e instanceof Error ? e : new Error(String(e)));
  const lost = (e: Error) => {
    markBroken(e);
    console.error('PostgreSQL connection lost in use', e.message);
  };
  client.on('error', lost);
  try {
    return await fn(client, markBroken);
  } catch (e) {
    if (unavailableOr(e) instanceof StoreUnavailable) markBroken(e);
    throw e;
  } finally {
    if (broken) {
      // Kept listening: the closing client may still report the loss.
      client.release(broken);
    } else {
      client.off('error', lost);
      client.release();
    }
  }
}
