/**
 * The PostgreSQL store's shared counters (store.ts, `SharedCounters`): the table `mws_counters` (schema.ts,
 * migration 2), which every instance on the database shares. A bump is one `INSERT … ON CONFLICT DO UPDATE …
 * RETURNING` for all its keys, so bumps from several instances at once all count. Every statement that writes rows
 * (bump, release, clear, the sweep) locks them in one order, the keys' `ORDER BY key`, so statements on overlapping
 * keys wait for each other and never deadlock (an `UPDATE`/`DELETE … WHERE key = ANY(…)` alone would lock them in
 * scan order). Windows are measured with the database's clock
 * (`statement_timestamp()`), one clock for every instance. The table has no generation trigger: counting changes
 * no record.
 */
import type { CounterState, SharedCounters } from '../store';
import type { Query } from './memory';

/** Expired counters are deleted at most this often per instance (at a bump). */
const SWEEP_EVERY_MS = 60_000;

/** The statement's time as epoch milliseconds, the same value throughout one statement. */
const NOW_MS = '(extract(epoch FROM statement_timestamp()) * 1000)::bigint';

interface Row {
  key: string;
  count: number;
  left: string;
}

/**
 * Keys are user input (a sign-in name) and PostgreSQL text cannot hold NUL: stored with NUL as `\0` and a backslash
 * as `\\`, read back as they were given.
 */
const storedKey = (key: string): string => key.replaceAll('\\', '\\\\').replaceAll('\u0000', '\\0');
const givenKey = (key: string): string => key.replace(/\\(\\|0)/g, (_, c: string) => (c === '0' ? '\u0000' : '\\'));

const stateOf = (row: Row): CounterState => ({
  key: givenKey(row.key),
  count: row.count,
  resetsInMs: Number(row.left),
});

export function postgresCounters(query: Query): SharedCounters {
  let swept = 0;
  return {
    async bump(keys, windowMs) {
      if (Date.now() - swept >= SWEEP_EVERY_MS) {
        swept = Date.now();
        // Rows another statement holds are left for the next sweep (SKIP LOCKED): the sweep never waits.
        await query(
          `DELETE FROM mws_counters WHERE key IN (
             SELECT key FROM mws_counters WHERE reset_at <= ${NOW_MS} ORDER BY key FOR UPDATE SKIP LOCKED)`,
          [],
        );
      }
      const { rows } = await query<Row>(
        `INSERT INTO mws_counters AS c (key, count, reset_at)
           SELECT k, 1, ${NOW_MS} + $2 FROM unnest($1::text[]) AS k ORDER BY k
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN c.reset_at <= ${NOW_MS} THEN 1 ELSE c.count + 1 END,
           reset_at = CASE WHEN c.reset_at <= ${NOW_MS} THEN excluded.reset_at ELSE c.reset_at END
         RETURNING key, count, reset_at - ${NOW_MS} AS left`,
        [[...new Set(keys.map(storedKey))].sort(), Math.round(windowMs)],
      );
      return rows.map(stateOf);
    },
    async read(keys) {
      const { rows } = await query<Row>(
        `SELECT key, count, reset_at - ${NOW_MS} AS left FROM mws_counters
         WHERE key = ANY($1::text[]) AND reset_at > ${NOW_MS}`,
        [keys.map(storedKey)],
      );
      return rows.map(stateOf);
    },
    async release(keys) {
      await query(
        `UPDATE mws_counters AS c SET count = greatest(c.count - 1, 0)
         FROM (SELECT key FROM mws_counters WHERE key = ANY($1::text[]) AND reset_at > ${NOW_MS}
               ORDER BY key FOR UPDATE) AS locked
         WHERE c.key = locked.key`,
        [[...new Set(keys.map(storedKey))]],
      );
    },
    async clear(keys) {
      await query(
        `DELETE FROM mws_counters WHERE key IN (
           SELECT key FROM mws_counters WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE)`,
        [keys.map(storedKey)],
      );
    },
  };
}
