/**
 * The SQLite store's shared counters (store.ts, `SharedCounters`): a table `mws_counters` beside the collections, so
 * an embedded install keeps its sign-in limits over a restart. Each bump is one upsert (better-sqlite3 runs it whole),
 * windows are measured with this process's clock (only one process uses the file).
 */
import type Database from 'better-sqlite3';
import type { CounterState, SharedCounters } from '../store';

/** Expired counters are deleted at most this often (at a bump), so spraying names cannot grow the table for good. */
const SWEEP_EVERY_MS = 60_000;

interface Row {
  key: string;
  count: number;
  reset_at: number;
}

export function createCounterTable(db: Database.Database): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS mws_counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL) WITHOUT ROWID',
  );
}

/** `waitTurn` resolves when no transaction holds the connection (a counter write must not join one). */
export function sqliteCounters(db: Database.Database, waitTurn: () => Promise<void>): SharedCounters {
  createCounterTable(db);
  const bump = db.prepare<{ key: string; now: number; until: number }, Row>(
    `INSERT INTO mws_counters (key, count, reset_at) VALUES (@key, 1, @until)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END
     RETURNING key, count, reset_at`,
  );
  const read = db.prepare<[string, number], Row>(
    'SELECT key, count, reset_at FROM mws_counters WHERE key IN (SELECT value FROM json_each(?)) AND reset_at > ?',
  );
  const clear = db.prepare<[string]>('DELETE FROM mws_counters WHERE key IN (SELECT value FROM json_each(?))');
  const release = db.prepare<[string, number]>(
    'UPDATE mws_counters SET count = max(count - 1, 0) WHERE key IN (SELECT value FROM json_each(?)) AND reset_at > ?',
  );
  const sweep = db.prepare<[number]>('DELETE FROM mws_counters WHERE reset_at <= ?');
  let swept = 0;
  const state = (row: Row, now: number): CounterState => ({
    key: row.key,
    count: row.count,
    resetsInMs: row.reset_at - now,
  });
  return {
    async bump(keys, windowMs) {
      await waitTurn();
      const now = Date.now();
      if (now - swept >= SWEEP_EVERY_MS) {
        sweep.run(now);
        swept = now;
      }
      const rows = db.transaction(() =>
        [...new Set(keys)].map((key) => bump.get({ key, now, until: now + windowMs })!),
      )();
      return rows.map((row) => state(row, now));
    },
    async read(keys) {
      await waitTurn();
      const now = Date.now();
      return read.all(JSON.stringify(keys), now).map((row) => state(row, now));
    },
    async release(keys) {
      await waitTurn();
      release.run(JSON.stringify([...new Set(keys)]), Date.now());
    },
    async clear(keys) {
      await waitTurn();
      clear.run(JSON.stringify(keys));
    },
  };
}
