/**
 * Moving an embedded install up to PostgreSQL (`npm run migrate-data`, README "Moving from SQLite to PostgreSQL"; the command: migrateDataCli.ts).
 * Every record of every collection of DATA_DIR/mws.sqlite is copied into a PostgreSQL database as it is: id,
 * creation time, version (ETags are made of id and version, so a client's If-Match stays valid) and document. Then
 * both sides are read again and compared per collection: record count and checksum.
 *
 * - The source is opened read-only with better-sqlite3, never through SqliteStore (whose start adds tables, columns
 *   and indexes to the file): the file is not changed (SQLite may leave empty -wal/-shm files beside it, as any
 *   reader of a WAL database does). The copy reads one snapshot of it (one read transaction).
 * - The target's schema is migrated as a server migrates it at start (postgres/schema.ts, under the same lock). A
 *   target that holds records is refused unless `replace` is given. The whole copy, and the emptying of a replaced
 *   target, is one transaction: a copy that fails leaves the target as it was.
 * - Records go in multi-row INSERTs (postgres/bulkInsert.ts) of at most `batchSize` records and BATCH_BYTES of JSON;
 *   a large collection is loaded with its indexes dropped and made again after (`withoutIndexes`); then ANALYZE.
 * - The checksum of a collection: SHA-256 over one line per record in id order, each the canonical JSON (object keys
 *   sorted at every level) of `[id, created, version, document]`. It is computed in this process for both sides from
 *   the records read back, so jsonb's own key order and number spelling do not matter, and any difference in any field
 *   of any record does.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { COLLECTIONS, type Collection } from './store';
import { bulkInsert, duplicateNamed, type RawRecord } from './postgres/bulkInsert';
import { bumpGenerationsSql, migrate } from './postgres/schema';

/** The file of the embedded database in a data directory (as config.ts names it). */
export const SQLITE_FILE = 'mws.sqlite';
/** The link-signing key in a data directory (server/main.ts). */
export const SIGNING_KEY_FILE = 'signing.key';
/** Records per INSERT, and per read of either side. */
export const DEFAULT_BATCH_SIZE = 1000;
/** JSON per batch at most (a translation's document can be 700 KB): a batch ends at whichever limit comes first. */
const BATCH_BYTES = 16 * 1024 * 1024;

/** A problem the operator can fix, said without a stack trace. */
export class MigrationError extends Error {}

/** The target holds records and `replace` was not given. */
export class TargetNotEmpty extends MigrationError {
  constructor(readonly counts: Map<Collection, number>) {
    super(
      `the target database already holds records (${describeCounts(counts)}): ` +
        'give --replace to drop them and copy the source in their place',
    );
  }
}

/** "Users 3, Workrequests 400", the non-zero counts. */
export function describeCounts(counts: Map<Collection, number>): string {
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${c} ${n.toLocaleString('en')}`)
    .join(', ');
}

/** The canonical JSON of a value: object keys sorted at every level, no blanks (a stable text to hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object)
      .filter((k) => object[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Reads one batch of a collection's records in id order, after `after` (ids sort the same on both sides). */
type BatchReader = (c: Collection, after: string) => Promise<RawRecord[]>;

/** An embedded install's database, opened read-only. */
export class SqliteSource {
  private readonly db: Database.Database;
  private readonly tables: Set<string>;

  private constructor(
    /** The database file. */
    readonly file: string,
    /** The data directory it lives in (where the signing key is). */
    readonly dataDir: string,
    private readonly batchSize: number,
  ) {
    try {
      this.db = new Database(file, { readonly: true, fileMustExist: true });
      this.tables = new Set(
        (this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map(
          (r) => r.name,
        ),
      );
    } catch (e) {
      throw new MigrationError(`${file} cannot be read as an SQLite database: ${(e as Error).message}`, { cause: e });
    }
    if (!COLLECTIONS.some((c) => this.tables.has(c))) {
      this.db.close();
      throw new MigrationError(`${file} is an SQLite database, but not an MWS one (it has none of its tables)`);
    }
  }

  /** `from`: a data directory (its mws.sqlite) or the database file itself. */
  static open(from: string, batchSize = DEFAULT_BATCH_SIZE): SqliteSource {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(from);
    } catch {
      throw new MigrationError(`--from: ${from} does not exist`);
    }
    const file = stat.isDirectory() ? path.join(from, SQLITE_FILE) : from;
    if (!fs.existsSync(file)) {
      throw new MigrationError(`--from: ${from} holds no ${SQLITE_FILE}: is it the server's DATA_DIR?`);
    }
    return new SqliteSource(file, path.dirname(file), batchSize);
  }

  /** The collections this file has a table of (an older file may lack a newer collection: it holds none of it). */
  has(c: Collection): boolean {
    return this.tables.has(c);
  }

  count(c: Collection): number {
    if (!this.has(c)) return 0;
    return (this.db.prepare(`SELECT count(*) AS n FROM "${c}"`).get() as { n: number }).n;
  }

  /** Runs `fn` on one snapshot of the file: what another process writes meanwhile is not seen. */
  async snapshot<R>(fn: () => Promise<R>): Promise<R> {
    this.db.exec('BEGIN');
    try {
      return await fn();
    } finally {
      this.db.exec('COMMIT');
    }
  }

  readonly read: BatchReader = async (c, after) => {
    // Reading is synchronous: PostgreSQL's answers are let in first (the other side works meanwhile).
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.has(c)) return [];
    const rows = this.db
      .prepare(`SELECT id, created, version, doc FROM "${c}" WHERE id > ? ORDER BY id LIMIT ?`)
      .iterate(after, this.batchSize) as IterableIterator<{
      id: string;
      created: number;
      version: number;
      doc: string;
    }>;
    const batch: RawRecord[] = [];
    let bytes = 0;
    for (const row of rows) {
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(row.doc) as Record<string, unknown>;
      } catch (e) {
        throw new MigrationError(`${c} ${row.id}: the stored document is not JSON`, { cause: e });
      }
      batch.push({ id: row.id, created: row.created, version: row.version, doc });
      bytes += row.doc.length;
      if (bytes >= BATCH_BYTES) break; // leaving the loop ends the statement
    }
    return batch;
  };

  close(): void {
    this.db.close();
  }
}

/** A PostgreSQL database named by URL, on one connection. */
export class PostgresTarget {
  /** Records per read: adapted to the documents' size so a read stays near BATCH_BYTES. */
  private readLimit = 50;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly client: pg.PoolClient,
    /** The URL without its password, for people. */
    readonly where: string,
    private readonly batchSize: number,
  ) {}

  static async connect(url: string, batchSize = DEFAULT_BATCH_SIZE): Promise<PostgresTarget> {
    const shown = redacted(url);
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => undefined); // a dropped idle connection: the next query reports it
    try {
      const client = await pool.connect();
      // Held for the whole copy, where the pool does not listen to it: a connection the server ends between two
      // statements (a restart) would otherwise be an unhandled 'error' event that kills the tool without a message.
      // The next statement fails instead, and the tool reports it.
      client.on('error', () => undefined);
      return new PostgresTarget(pool, client, shown, batchSize);
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new MigrationError(`--to: cannot connect to ${shown}: ${connectionProblem(e)}`, { cause: e });
    }
  }

  /** Brings the schema up to date as a server does at start. */
  async migrate(): Promise<void> {
    await migrate(this.client);
  }

  /** Whether a server (or this tool) has made the MWS schema here. */
  async hasSchema(): Promise<boolean> {
    const { rows } = await this.client.query<{ ok: boolean }>(
      `SELECT to_regclass('schema_migrations') IS NOT NULL AS ok`,
    );
    return rows[0]?.ok === true;
  }

  private async existing(): Promise<Set<string>> {
    const { rows } = await this.client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`,
    );
    return new Set(rows.map((r) => r.name));
  }

  /** Every collection's record count (0 for a table that does not exist). */
  async counts(): Promise<Map<Collection, number>> {
    const tables = await this.existing();
    const counts = new Map<Collection, number>();
    for (const c of COLLECTIONS) {
      if (!tables.has(c)) counts.set(c, 0);
      else
        counts.set(c, Number((await this.client.query<{ n: string }>(`SELECT count(*) AS n FROM "${c}"`)).rows[0]!.n));
    }
    return counts;
  }

  readonly read: BatchReader = async (c, after) => {
    const { rows } = await this.client.query<{ id: string; created: string; version: number; doc: string }>(
      `SELECT id, created, version, doc::text AS doc FROM "${c}" WHERE id > $1 ORDER BY id LIMIT $2`,
      [after, this.readLimit],
    );
    const bytes = rows.reduce((sum, r) => sum + r.doc.length, 0);
    if (rows.length > 0) {
      this.readLimit = Math.max(1, Math.min(this.batchSize, Math.floor(BATCH_BYTES / (bytes / rows.length))));
    }
    return rows.map((r) => ({
      id: r.id,
      created: Number(r.created),
      version: r.version,
      doc: JSON.parse(r.doc) as Record<string, unknown>,
    }));
  };

  /**
   * Runs `fn` in one transaction: committed when it returns, rolled back when it throws. Every server sharing the
   * database then sees new generations (postgresStore.ts), so no cached count survives the change.
   */
  async transaction(fn: () => Promise<void>): Promise<void> {
    await this.client.query('BEGIN');
    try {
      await fn();
      await this.client.query('COMMIT');
    } catch (e) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    await this.client.query(bumpGenerationsSql(COLLECTIONS));
  }

  /** Every collection's table emptied (inside the copy's transaction). */
  async empty(): Promise<void> {
    await this.client.query(`TRUNCATE ${COLLECTIONS.map((c) => `"${c}"`).join(', ')}`);
  }

  /**
   * Runs `load` with the collection's indexes dropped (all but the primary key), then makes them again from their
   * definitions as PostgreSQL reports them, all inside the copy's transaction: one build per index after the load
   * instead of an entry per inserted row (an insert into the indexed work-request table cost ~1.8× one into a bare
   * one). A unique index that the rows break fails here, naming the value.
   */
  async withoutIndexes(c: Collection, load: () => Promise<void>): Promise<void> {
    const { rows } = await this.client.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition FROM pg_index x ` +
        `JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = to_regclass($1) AND NOT x.indisprimary`,
      [`"${c}"`],
    );
    for (const r of rows) await this.client.query(`DROP INDEX "${r.name}"`);
    await load();
    for (const r of rows) {
      try {
        await this.client.query(r.definition);
      } catch (e) {
        throw duplicateNamed(c, e);
      }
    }
  }

  insert(c: Collection, records: readonly RawRecord[]): Promise<void> {
    return bulkInsert(this.client, c, records);
  }

  /** Fresh planner statistics after a bulk load (else the first queries are planned on an empty table's). */
  async analyze(): Promise<void> {
    for (const c of COLLECTIONS) await this.client.query(`ANALYZE "${c}"`);
  }

  async close(): Promise<void> {
    this.client.release();
    await this.pool.end();
  }
}

/** The URL without its password. */
export function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** What went wrong connecting, in words (node's network codes and PostgreSQL's own messages). */
function connectionProblem(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'connection refused (is PostgreSQL running, on that host and port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === '3D000') return `${(e as Error).message} (create it first: createdb, or CREATE DATABASE)`;
  return (e as Error).message;
}

export interface Progress {
  phase: 'copy' | 'verify source' | 'verify target';
  collection: Collection;
  done: number;
  total: number;
}

export interface CopyOptions {
  replace?: boolean;
  /** Told what a replace drops, before it does. */
  onReplace?: (counts: Map<Collection, number>) => void;
  onProgress?: (p: Progress) => void;
  /**
   * A collection of at least this many records is loaded with its indexes dropped and made again after
   * (`PostgresTarget.withoutIndexes`); smaller ones keep them (rebuilding a few dozen indexes costs more than it
   * saves). Default REBUILD_INDEXES_FROM.
   */
  rebuildIndexesFrom?: number;
}

/** See CopyOptions.rebuildIndexesFrom. */
export const REBUILD_INDEXES_FROM = 10_000;

export interface CopySummary {
  records: number;
  ms: number;
}

/** Copies every collection of the source into the target (migrated), in one transaction. */
export async function copyAll(
  source: SqliteSource,
  target: PostgresTarget,
  options: CopyOptions = {},
): Promise<CopySummary> {
  const started = performance.now();
  let records = 0;
  try {
    await target.transaction(async () => {
      records = await copyRecords(source, target, options);
    });
  } catch (e) {
    if (e instanceof TargetNotEmpty) throw e;
    const why = (e as Error).message;
    throw new MigrationError(`the copy failed and was undone (the target holds what it held before): ${why}`, {
      cause: e,
    });
  }
  await target.analyze();
  return { records, ms: Math.round(performance.now() - started) };
}

/** The copy inside the target's transaction: refuses or empties a target that holds records, then copies. */
async function copyRecords(source: SqliteSource, target: PostgresTarget, options: CopyOptions): Promise<number> {
  const counts = await target.counts();
  if ([...counts.values()].some((n) => n > 0)) {
    if (!options.replace) throw new TargetNotEmpty(counts);
    options.onReplace?.(counts);
    await target.empty();
  }
  let records = 0;
  await source.snapshot(async () => {
    for (const c of COLLECTIONS) {
      const total = source.count(c);
      if (total === 0) continue;
      const load = async () => {
        let done = 0;
        // The next batch is read (and parsed) here while PostgreSQL stores the one before.
        let batch = await source.read(c, '');
        while (batch.length > 0) {
          const stored = target.insert(c, batch);
          stored.catch(() => undefined); // awaited below: a read that fails meanwhile must not leave it unhandled
          const next = await source.read(c, batch[batch.length - 1]!.id);
          await stored;
          done += batch.length;
          options.onProgress?.({ phase: 'copy', collection: c, done, total });
          batch = next;
        }
        records += done;
      };
      if (total >= (options.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM)) await target.withoutIndexes(c, load);
      else await load();
    }
  });
  return records;
}

export interface Digest {
  count: number;
  /** SHA-256, hex. */
  checksum: string;
}

/** A collection's count and checksum, read through `read` in id order. */
export async function digest(c: Collection, read: BatchReader, onBatch?: (done: number) => void): Promise<Digest> {
  const hash = createHash('sha256');
  let count = 0;
  for (let after = ''; ;) {
    const batch = await read(c, after);
    if (batch.length === 0) break;
    for (const r of batch) hash.update(`${canonicalJson([r.id, r.created, r.version, r.doc])}\n`);
    count += batch.length;
    after = batch[batch.length - 1]!.id;
    onBatch?.(count);
  }
  return { count, checksum: hash.digest('hex') };
}

export interface Comparison {
  collection: Collection;
  source: Digest;
  target: Digest;
  ok: boolean;
}

/** Reads both sides again and compares every collection. */
export async function compareAll(
  source: SqliteSource,
  target: PostgresTarget,
  onProgress?: (p: Progress) => void,
): Promise<Comparison[]> {
  const results: Comparison[] = [];
  for (const c of COLLECTIONS) {
    const total = source.count(c);
    // Both sides at once: this process reads the file while PostgreSQL answers.
    const [from, to] = await Promise.all([
      source.snapshot(() =>
        digest(c, source.read, (done) => onProgress?.({ phase: 'verify source', collection: c, done, total })),
      ),
      digest(c, target.read, (done) => onProgress?.({ phase: 'verify target', collection: c, done, total })),
    ]);
    results.push({
      collection: c,
      source: from,
      target: to,
      ok: from.count === to.count && from.checksum === to.checksum,
    });
  }
  return results;
}
