/**
 * Reads a test server's database from the test process, beside the running server, whichever store it runs on:
 * SQLite in its data directory (read-only; WAL lets a second process read while the server writes) or its
 * PostgreSQL database (`TestServer.databaseUrl`, one connection of the test's own). It gives a cheap fingerprint of
 * every table, to prove a refused request changed nothing, the stored document of one record, to look at fields the
 * API never sends, and every document of a collection, to check what a write caused.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import type { Collection } from '../../server/storage/store';
import type { TestServer } from './server';

export interface StoredRecord {
  doc: Record<string, unknown>;
  version: number;
}

export interface DatabaseReader {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * One line per table: its row count and the sum of its versions. Every store write inserts a row or raises a
   * version (both stores), so two equal fingerprints mean no record was written between. Taken once no background
   * job is due (polling, at most 10 s; see `settled`): an earlier accepted write's queued work (a comment's
   * notification mail) would otherwise land between two fingerprints and read as a write of the request between.
   */
  fingerprint(): Promise<Record<string, string>>;
  /** The stored document and version of one record, or undefined. */
  storedRecord(collection: Collection, id: string): Promise<StoredRecord | undefined>;
  /** Every stored document of a collection (the demo data is small). */
  documents(collection: Collection): Promise<Record<string, unknown>[]>;
  /**
   * Rows that are not whole records: a document whose `_id` or `created` is not its row's, or a version below 1.
   * Empty when every row is a record as the store writes it.
   */
  brokenRecords(collection: Collection): Promise<string[]>;
  /**
   * Background jobs due now or running (a notification's mail, a fan-out): work an earlier request started that
   * may still write. Zero when the queue is quiet.
   */
  jobsDue(): Promise<number>;
  close(): Promise<void>;
}

/** Waits until `jobsDue` answers 0, polling, at most `limitMs`; past it the caller goes on (a write then shows). */
async function settled(jobsDue: () => Promise<number>, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while ((await jobsDue()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
}

/** The SQLite file a server keeps in its data directory (server/config.ts). */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'mws.sqlite');
}

/** A reader of the server's database: its PostgreSQL one when it has one, else its SQLite file. */
export async function openDatabaseReader(server: TestServer): Promise<DatabaseReader> {
  return server.databaseUrl ? openPostgresReader(server.databaseUrl) : openSqliteReader(server.dataDir);
}

/** The SQLite file itself, for what only SQLite has (`PRAGMA integrity_check`). */
export function openSqliteFile(dataDir: string): Database.Database {
  return new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
}

/** The condition of a row that is not a whole record, given the SQL of its document's `_id` and `created`. */
const BROKEN_WHERE = (id: string, created: string) =>
  `${id} IS DISTINCT FROM id OR ${created} IS DISTINCT FROM created OR version IS NULL OR version < 1`;

function openSqliteReader(dataDir: string): DatabaseReader {
  const db = openSqliteFile(dataDir);
  const jobsDue = () => {
    const row = db
      .prepare('SELECT count(*) AS n FROM mws_jobs WHERE run_at <= ? AND attempts < max_attempts')
      .get(Date.now()) as { n: number };
    return Promise.resolve(row.n);
  };
  return {
    kind: 'sqlite',
    async fingerprint() {
      await settled(jobsDue);
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
    },
    storedRecord(collection, id) {
      const row = db.prepare(`SELECT doc, version FROM "${collection}" WHERE id = ?`).get(id) as
        { doc: string; version: number } | undefined;
      return Promise.resolve(
        row ? { doc: JSON.parse(row.doc) as Record<string, unknown>, version: row.version } : undefined,
      );
    },
    documents(collection) {
      const rows = db.prepare(`SELECT doc FROM "${collection}"`).all() as { doc: string }[];
      return Promise.resolve(rows.map((r) => JSON.parse(r.doc) as Record<string, unknown>));
    },
    brokenRecords(collection) {
      const rows = db
        .prepare(
          `SELECT id FROM "${collection}" WHERE ${BROKEN_WHERE("json_extract(doc, '$._id')", "json_extract(doc, '$.created')")}`,
        )
        .all() as { id: string }[];
      return Promise.resolve(rows.map((r) => r.id));
    },
    jobsDue,
    close() {
      db.close();
      return Promise.resolve();
    },
  };
}

async function openPostgresReader(url: string): Promise<DatabaseReader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const jobsDue = async () => {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM graphile_worker.jobs WHERE run_at <= now() AND attempts < max_attempts',
    );
    return Number(rows[0]?.n ?? 0);
  };
  return {
    kind: 'postgres',
    async fingerprint() {
      await settled(jobsDue);
      // Every table of the store's schema, in one round trip (badInput takes two fingerprints per case).
      const tables = (
        await client.query<{ table_name: string; versioned: boolean }>(
          `SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = t.table_schema
             AND c.table_name = t.table_name AND c.column_name = 'version') AS versioned
           FROM information_schema.tables t WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
           ORDER BY t.table_name`,
        )
      ).rows;
      const rows = (
        await client.query<{ name: string; n: string; v: string }>(
          tables
            .map(
              (t) =>
                `SELECT ${pg.escapeLiteral(t.table_name)} AS name, count(*) AS n, ${t.versioned ? 'coalesce(sum(version), 0)' : '0'} AS v FROM ${pg.escapeIdentifier(t.table_name)}`,
            )
            .join(' UNION ALL '),
        )
      ).rows;
      return Object.fromEntries(rows.map((r) => [r.name, `${r.n} rows, versions ${r.v}`]));
    },
    async storedRecord(collection, id) {
      const row = (
        await client.query<StoredRecord>(`SELECT doc, version FROM ${pg.escapeIdentifier(collection)} WHERE id = $1`, [
          id,
        ])
      ).rows[0];
      return row ? { doc: row.doc, version: row.version } : undefined;
    },
    async documents(collection) {
      return (
        await client.query<{ doc: Record<string, unknown> }>(`SELECT doc FROM ${pg.escapeIdentifier(collection)}`)
      ).rows.map((r) => r.doc);
    },
    async brokenRecords(collection) {
      const rows = (
        await client.query<{ id: string }>(
          `SELECT id FROM ${pg.escapeIdentifier(collection)} WHERE ${BROKEN_WHERE("doc->>'_id'", "(doc->>'created')::numeric")}`,
        )
      ).rows;
      return rows.map((r) => r.id);
    },
    jobsDue,
    async close() {
      await client.end();
    },
  };
}
