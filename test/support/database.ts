/**
 * Reads a test server's SQLite database from the test process, read-only (WAL lets a second process read while
 * the server writes): a cheap fingerprint of every table, to prove a refused request changed nothing, and the
 * stored document of one record, to look at fields the API never sends (a user's passwordHash).
 */
import Database from 'better-sqlite3';
import path from 'node:path';

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'mws.sqlite');
}

export function openReadOnly(dataDir: string): Database.Database {
  return new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
}

/**
 * One line per table: its row count and the sum of its versions. Every store write inserts a row or raises a
 * version (server/storage/sqlite/sqliteStore.ts), so two equal fingerprints mean no record was written between.
 */
export function fingerprint(db: Database.Database): Record<string, string> {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as { name: string }[];
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name);
    const sum = columns.includes('version') ? 'total(version)' : '0';
    const row = db.prepare(`SELECT count(*) AS n, ${sum} AS v FROM "${name}"`).get() as { n: number; v: number };
    out[name] = `${row.n} rows, versions ${row.v}`;
  }
  return out;
}

/** The stored document and version of one record, or undefined. */
export function storedRecord(
  db: Database.Database,
  collection: string,
  id: string,
): { doc: Record<string, unknown>; version: number } | undefined {
  const row = db.prepare(`SELECT doc, version FROM "${collection}" WHERE id = ?`).get(id) as
    { doc: string; version: number } | undefined;
  return row ? { doc: JSON.parse(row.doc) as Record<string, unknown>, version: row.version } : undefined;
}
