/**
 * SQLite implementation of the Store (better-sqlite3, WAL). One table per collection: the JSON document, its
 * version, and stored generated columns for the indexed fields (server/storage/indexes.ts) with an index each, so
 * that filters, sorts and counts never parse documents (a virtual column would parse the JSON at every read). Pages are fetched with a deferred join: the offset walks the
 * index only, and only the page's documents are read. Text fields are searched through FTS5 (fullText.ts).
 *
 * The Store contract is async (store.ts, `AsyncStore`, shared with PostgreSQL); better-sqlite3 stays synchronous
 * underneath, so every call runs whole when its turn comes. A transaction (`transaction(async (tx) => …)`) holds the
 * one connection from BEGIN IMMEDIATE to COMMIT across its awaits: meanwhile, calls on the store itself (other
 * requests) wait for it to end, so they neither see its uncommitted writes nor join it; only `tx` goes through.
 * A `transaction` on `tx` joins the outer one (no savepoint: a throw inside rolls back the whole when it reaches
 * the outer function, as with the synchronous store before).
 *
 * better-sqlite3 is synchronous: a slow query stops the whole server. The generated columns sit after the document
 * in each row, so reading one from the table walks the document's pages; plans that read index entries only are
 * the fast ones, and `list` steers the two cases SQLite's planner gets wrong (see `membership` and `indexHint`).
 */
import Database from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import {
  COLLECTIONS,
  UniqueViolation,
  VersionConflict,
  versionToMatch,
  newId,
  type AggregateGroup,
  type AggregateQuery,
  type Collection,
  type Doc,
  type Filter,
  type Generations,
  type ListQuery,
  type Page,
  type GetOptions,
  type ReadOptions,
  type SharedCounters,
  type Store,
  type Transaction,
  type Stored,
  runEffects,
} from '../store';
import { INDEXED_FIELDS, COMPOSITE_INDEXES, UNIQUE_FIELDS, type IndexedField } from '../indexes';
import { ensureFullText } from './fullText';
import { sqliteCounters } from './counters';
import { migrateMemory, sqliteMemory } from './memory';
import { migrateJobs, sqliteJobs } from './jobs';
import type { JobHandlers, JobQueue, JobRecord, JobRunner, RunnerOptions } from '../jobs';
import type { TranslationMemory } from '../memory';
import { SpaceWatch } from './space';
import { SqliteReads, SQL_NAME, columnName, docExpression, type RawPage } from './sqliteReads';
import { ReaderPool } from './readerPool';

function columnExpression(field: IndexedField): string {
  if (field.kind === 'expression') return field.sql ?? 'NULL';
  if (field.kind === 'value') return `json_extract(doc, '${field.paths[0]}')`;
  return `lower(${field.paths.map((p) => `coalesce(json_extract(doc, '${p}'), '')`).join(` || ' ' || `)})`;
}

/** A page read as text, parsed on this thread. */
function parsedPage<T extends Doc>(page: RawPage): Page<T> {
  return { items: page.docs.map((doc) => JSON.parse(doc) as T), total: page.total };
}

interface Statements {
  get: Database.Statement;
  getMany: Database.Statement;
  /** The version and creation time alone: a replace need not parse the stored document. */
  head: Database.Statement;
  /** Ids and versions alone (`versions`). */
  versions: Database.Statement;
  insert: Database.Statement;
  update: Database.Statement;
}

/** SQLite's answer to a write that would duplicate a UNIQUE index's value, as UniqueViolation (else unchanged). */
function uniqueViolationOf(collection: Collection, e: unknown): unknown {
  if (!(e instanceof Database.SqliteError) || e.code !== 'SQLITE_CONSTRAINT_UNIQUE') return e;
  const field = /\.f_([A-Za-z0-9_]+)/.exec(e.message)?.[1];
  return field ? new UniqueViolation(collection, field) : e;
}

/** The transaction under way: its `tx`, its effects after commit, and whether it has ended (a kept `tx` must not write). */
class OpenTransaction {
  readonly effects: (() => void)[] = [];
  ended = false;
  readonly ops: Transaction;
  constructor(opsOf: (open: OpenTransaction) => Transaction) {
    this.ops = opsOf(this);
  }
}

/**
 * The memory SQLite may use (SQLITE_CACHE_MB and SQLITE_MMAP_MB: server/config.ts; docs/decisions/050-memory-bounds.md):
 * its page cache, and how much of the database file it reads through a memory map (0: none).
 */
export interface SqliteMemory {
  cacheMb: number;
  mmapMb: number;
}
export const SQLITE_MEMORY_DEFAULTS: SqliteMemory = { cacheMb: 64, mmapMb: 1024 };

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly statements = new Map<Collection, Statements>();
  /** The list pages, counts and grouped figures, with their caches (sqliteReads.ts). */
  private readonly reads: SqliteReads;
  /** The same reads on reader workers' own connections, off the event loop (absent: read here). */
  readonly readers: ReaderPool | undefined;
  readonly counters: SharedCounters;
  /** better-sqlite3 runs every statement synchronously, on the event loop. */
  readonly queriesOnCallingThread = true;
  readonly memory: TranslationMemory;
  /** The translation memory's statements, bound per use (store level, or one transaction's `tx`). */
  private readonly memoryOn: ReturnType<typeof sqliteMemory>;
  readonly jobs: JobQueue;
  /** The job queue's statements (sqlite/jobs.ts), and the runners started on this store (stopped at close). */
  private readonly jobsOn: ReturnType<typeof sqliteJobs>;
  private readonly runners = new Set<{ runner: JobRunner; wake: () => void }>();

  /**
   * `readers`: how many reader workers answer list pages, counts and grouped figures (readerPool.ts; SQLITE_READERS);
   * 0 reads on the calling thread. An in-memory database has no file for them to open, so it always reads here.
   */
  constructor(file: string, limits: SqliteMemory = SQLITE_MEMORY_DEFAULTS, readers = 0) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    // Negative: a size in KiB (SQLite's page cache: the process's own memory, up to this much).
    this.db.pragma(`cache_size = -${Math.round(limits.cacheMb * 1024)}`);
    // Pages read through a memory map instead of one read() call each: plans that must read rows (a filter whose
    // column is not in the index walked) ran 3-4 times faster on 100,000 work requests (docs/BENCHMARKS.md). The
    // pages mapped count in the process's RSS as file pages, which the kernel takes back under pressure.
    this.db.pragma(`mmap_size = ${Math.round(limits.mmapMb * 1024 * 1024)}`);
    this.reads = new SqliteReads(this.db);
    this.migrate();
    this.readers =
      readers > 0 && file !== ':memory:' && file !== ''
        ? new ReaderPool({ file, cacheMb: limits.cacheMb, mmapMb: limits.mmapMb }, readers)
        : undefined;
    this.space = new SpaceWatch(this.db);
    const counters = sqliteCounters(this.db, async () => {
      while (this.open) await this.turn();
    });
    this.counters = {
      ...counters,
      bump: (keys, windowMs) => this.writing(() => counters.bump(keys, windowMs)),
      release: (keys) => this.writing(() => counters.release(keys)),
      clear: (keys) => this.writing(() => counters.clear(keys)),
    };
    migrateMemory(this.db);
    this.memoryOn = sqliteMemory(this.db);
    const memory = this.memoryOn(async () => {
      while (this.open) await this.turn();
    });
    this.memory = {
      ...memory,
      replace: (translation, segments) => this.writing(() => memory.replace(translation, segments)),
    };
    migrateJobs(this.db);
    this.jobsOn = sqliteJobs(this.db);
    const jobs = this.jobsOn.queueOn(
      () => this.noTransaction(),
      () => this.wakeRunners(),
    );
    this.jobs = { add: (task, payload, options) => this.writing(() => jobs.add(task, payload, options)) };
  }

  /** Resolves once no transaction is open: a statement of its own then runs outside any. */
  private async noTransaction(): Promise<void> {
    while (this.open) await this.turn();
  }

  private wakeRunners(): void {
    for (const r of this.runners) r.wake();
  }

  async runJobs(handlers: JobHandlers, options: RunnerOptions = {}): Promise<JobRunner> {
    const started = this.jobsOn.run(handlers, options, () => this.noTransaction());
    this.runners.add(started);
    return {
      stop: async () => {
        this.runners.delete(started);
        await started.runner.stop();
      },
    };
  }

  async listJobs(limit?: number): Promise<JobRecord[]> {
    await this.noTransaction();
    return this.jobsOn.list(limit);
  }

  /** A lack of space for a write is remembered (not ready until space is back), and every error is the store's. */
  private readonly space: SpaceWatch;

  /** A store-level write outside the record tables (counters, the memory): its errors go through `space`. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      throw this.space.refused(e);
    }
  }

  private migrate(): void {
    for (const c of COLLECTIONS) {
      const fields = INDEXED_FIELDS[c];
      const generated = Object.entries(fields)
        .map(([name, f]) => `, "f_${name}" GENERATED ALWAYS AS (${columnExpression(f)}) STORED`)
        .join('');
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS "${c}" (id TEXT PRIMARY KEY, created INTEGER NOT NULL, version INTEGER NOT NULL, doc TEXT NOT NULL${generated})`,
      );
      this.addMissingColumns(c);
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${c}_created" ON "${c}" (created, id)`);
      for (const [name, f] of Object.entries(fields)) {
        if (f.kind === 'text') ensureFullText(this.db, c, name);
        else this.db.exec(`CREATE INDEX IF NOT EXISTS "${c}_${name}" ON "${c}" ("f_${name}", id)`);
      }
      for (const cols of COMPOSITE_INDEXES[c] ?? []) {
        this.db.exec(
          `CREATE INDEX IF NOT EXISTS "${c}_${cols.join('_')}" ON "${c}" (${cols.map(columnName).join(', ')}, id)`,
        );
      }
      this.statements.set(c, {
        get: this.db.prepare(`SELECT doc, version FROM "${c}" WHERE id = ?`),
        getMany: this.db.prepare(`SELECT doc, version FROM "${c}" WHERE id IN (SELECT value FROM json_each(?))`),
        head: this.db.prepare(`SELECT created, version FROM "${c}" WHERE id = ?`),
        versions: this.db.prepare(`SELECT id, version FROM "${c}" WHERE id IN (SELECT value FROM json_each(?))`),
        insert: this.db.prepare(`INSERT INTO "${c}" (id, created, version, doc) VALUES (?, ?, 1, ?)`),
        update: this.db.prepare(
          `UPDATE "${c}" SET doc = ?, version = version + 1 WHERE id = ? AND (? IS NULL OR version = ?) RETURNING version`,
        ),
      });
      this.ensureUnique(c);
    }
  }

  /**
   * The UNIQUE indexes of UNIQUE_FIELDS. A database that already holds duplicates keeps working without the index
   * (reported once at start): the routes' own checks still answer, and an operator removes the duplicates.
   */
  private ensureUnique(c: Collection): void {
    for (const field of UNIQUE_FIELDS[c] ?? []) {
      try {
        this.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS "${c}_unique_${field}" ON "${c}" ("f_${field}")`);
      } catch (e) {
        console.error(`${c}.${field} holds duplicates: no unique index until they are removed`, e);
      }
    }
  }

  /**
   * A database made before a field was indexed lacks its column: it is added as a virtual generated column (SQLite
   * cannot add a stored one), which its index then holds computed. New databases get stored columns.
   */
  private addMissingColumns(c: Collection): void {
    const existing = new Set((this.db.pragma(`table_xinfo("${c}")`) as { name: string }[]).map((col) => col.name));
    for (const [name, f] of Object.entries(INDEXED_FIELDS[c])) {
      if (existing.has(`f_${name}`)) continue;
      this.db.exec(`ALTER TABLE "${c}" ADD COLUMN "f_${name}" GENERATED ALWAYS AS (${columnExpression(f)}) VIRTUAL`);
    }
  }

  private stmts(c: Collection): Statements {
    const s = this.statements.get(c);
    if (!s) throw new Error(`unknown collection ${c}`);
    return s;
  }

  /**
   * Writes per collection since the store opened: its generation. In-process, as the database is (one process holds
   * it). Bumped at the write, inside a transaction too: readers wait for the transaction to end before they read, so
   * numbers taken meanwhile are never older than what they then read.
   */
  private readonly writes = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<Collection, number>;

  private touched(c: Collection): void {
    this.reads.touched(c);
    this.writes[c]++;
  }

  private readOne<T extends Doc>(collection: Collection, id: string, options?: ReadOptions): Stored<T> | undefined {
    const statement = options?.omit?.length
      ? this.reads.prepared(`SELECT ${docExpression(options.omit)}, version FROM "${collection}" WHERE id = ?`)
      : this.stmts(collection).get;
    const row = statement.get(id) as { doc: string; version: number } | undefined;
    return row ? { doc: JSON.parse(row.doc) as T, version: row.version } : undefined;
  }

  private readMany<T extends Doc>(collection: Collection, ids: readonly string[], options?: ReadOptions): Stored<T>[] {
    if (ids.length === 0) return [];
    const statement = options?.omit?.length
      ? this.reads.prepared(
          `SELECT ${docExpression(options.omit)}, version FROM "${collection}" WHERE id IN (SELECT value FROM json_each(?))`,
        )
      : this.stmts(collection).getMany;
    const rows = statement.all(JSON.stringify([...new Set(ids)])) as { doc: string; version: number }[];
    return rows.map((row) => ({ doc: JSON.parse(row.doc) as T, version: row.version }));
  }

  private insertRow<T extends Doc>(
    collection: Collection,
    input: Omit<T, '_id' | 'created'> & Partial<Doc>,
  ): Stored<T> {
    const doc = {
      ...input,
      _id: typeof input._id === 'string' ? input._id : newId(),
      created: typeof input.created === 'number' ? input.created : Math.floor(Date.now() / 1000),
    } as unknown as T;
    try {
      this.stmts(collection).insert.run(doc._id, doc.created, JSON.stringify(doc));
    } catch (e) {
      throw this.space.refused(uniqueViolationOf(collection, e));
    }
    this.touched(collection);
    return { doc, version: 1 };
  }

  /**
   * Only the version and `created` are read first (a translation's document can be 700 KB of JSON); the version
   * check is the UPDATE's own `WHERE version = ?`, so no other writer (another process) can slip in between. The
   * whole record is read only for a conflict, whose answer shows it.
   */
  private replaceRow<T extends Doc>(collection: Collection, doc: T, expectedVersion?: number): Stored<T> {
    const current = this.stmts(collection).head.get(doc._id) as { created: number; version: number } | undefined;
    if (!current) throw new Error(`no ${collection} record ${doc._id}`);
    const next = { ...doc, created: current.created };
    const expected = expectedVersion === undefined ? null : versionToMatch(expectedVersion);
    let row: { version: number } | undefined;
    try {
      row = this.stmts(collection).update.get(JSON.stringify(next), doc._id, expected, expected) as
        { version: number } | undefined;
    } catch (e) {
      throw this.space.refused(uniqueViolationOf(collection, e));
    }
    if (!row) {
      const now = this.readOne(collection, doc._id);
      if (!now) throw new Error(`no ${collection} record ${doc._id}`);
      throw new VersionConflict(now);
    }
    this.touched(collection);
    return { doc: next, version: row.version };
  }

  /** One UPDATE over the filtered ids: `json_set` of each field (values as JSON), at most `limit` rows. */
  private updateRows(
    collection: Collection,
    filters: Filter[],
    fields: Record<string, unknown>,
    limit?: number,
  ): number {
    const names = Object.keys(fields);
    if (names.length === 0) return 0;
    for (const f of names)
      if (!SQL_NAME.test(f) || f === '_id' || f === 'created') throw new Error(`cannot set field ${f}`);
    const { sql, params } = this.reads.where(collection, filters);
    // A field given as undefined is removed (json_remove), the others set (json_set).
    const set = names.filter((f) => fields[f] !== undefined);
    const removed = names.filter((f) => fields[f] === undefined);
    let merged = 'doc';
    if (set.length) merged = `json_set(${merged}, ${set.map((f) => `'$.${f}', json(?)`).join(', ')})`;
    if (removed.length) merged = `json_remove(${merged}, ${removed.map((f) => `'$.${f}'`).join(', ')})`;
    const bounded = limit === undefined ? '' : ' LIMIT ?';
    let changes: number;
    try {
      changes = this.reads
        .prepared(
          `UPDATE "${collection}" SET doc = ${merged}, version = version + 1 ` +
            `WHERE id IN (SELECT id FROM "${collection}" ${sql}${bounded})`,
        )
        .run(...set.map((f) => JSON.stringify(fields[f])), ...params, ...(limit === undefined ? [] : [limit])).changes;
    } catch (e) {
      throw this.space.refused(uniqueViolationOf(collection, e));
    }
    if (changes > 0) this.touched(collection);
    return changes;
  }

  /** The transaction holding the connection, and a promise settled when it ends. */
  private open: OpenTransaction | undefined;
  private ended: Promise<void> = Promise.resolve();
  /** Which transaction the running code belongs to: a call on the store from inside its own transaction is a bug. */
  private readonly scope = new AsyncLocalStorage<OpenTransaction>();

  /**
   * Waits for the open transaction to end. Callers loop (`while (this.open) await this.turn()`) and then run at once,
   * with no await in between: another waiter may have opened a transaction before they resumed.
   */
  private async turn(): Promise<void> {
    if (this.open && this.scope.getStore() === this.open) {
      throw new Error("the store was called inside its own transaction: use the transaction's `tx`");
    }
    await this.ended;
  }

  async generations(): Promise<Generations> {
    return { ...this.writes };
  }

  async versions(collection: Collection, ids: readonly string[]): Promise<Map<string, number>> {
    while (this.open) await this.turn();
    if (ids.length === 0) return new Map();
    const rows = this.stmts(collection)
      .versions.raw()
      .all(JSON.stringify([...new Set(ids)])) as [string, number][];
    return new Map(rows);
  }

  /**
   * The schema is migrated in the constructor: left to check are the file's answer and, after a write failed for lack
   * of space, whether there is space again (space.ts: a probe write, between transactions).
   */
  async ready(): Promise<void> {
    this.db.prepare('SELECT 1').get();
    if (!this.space.lackingSpace) return;
    while (this.open) await this.turn();
    this.space.check();
  }

  /** `forUpdate` needs nothing here: transactions hold the one connection, one at a time. */
  async get<T extends Doc = Doc>(
    collection: Collection,
    id: string,
    options?: GetOptions,
  ): Promise<Stored<T> | undefined> {
    while (this.open) await this.turn();
    return this.readOne<T>(collection, id, options);
  }

  async getMany<T extends Doc = Doc>(
    collection: Collection,
    ids: readonly string[],
    options?: ReadOptions,
  ): Promise<Stored<T>[]> {
    while (this.open) await this.turn();
    return this.readMany<T>(collection, ids, options);
  }

  async insert<T extends Doc = Doc>(
    collection: Collection,
    doc: Omit<T, '_id' | 'created'> & Partial<Doc>,
  ): Promise<Stored<T>> {
    while (this.open) await this.turn();
    return this.insertRow<T>(collection, doc);
  }

  async replace<T extends Doc = Doc>(collection: Collection, doc: T, expectedVersion?: number): Promise<Stored<T>> {
    while (this.open) await this.turn();
    return this.replaceRow(collection, doc, expectedVersion);
  }

  async list<T extends Doc = Doc>(collection: Collection, query: ListQuery): Promise<Page<T>> {
    while (this.open) await this.turn();
    if (this.readers) {
      const read = () => this.reads.listRows(collection, query);
      return parsedPage(await this.readers.read({ op: 'list', collection, query }, this.writes, read));
    }
    return parsedPage(this.reads.listRows(collection, query));
  }

  async count(collection: Collection, filters?: Filter[]): Promise<number> {
    while (this.open) await this.turn();
    if (this.readers) {
      const read = () => this.reads.countRows(collection, filters);
      return this.readers.read({ op: 'count', collection, filters }, this.writes, read);
    }
    return this.reads.countRows(collection, filters);
  }

  async aggregate(collection: Collection, query: AggregateQuery): Promise<AggregateGroup[]> {
    while (this.open) await this.turn();
    if (this.readers) {
      const read = () => this.reads.aggregate(collection, query);
      return this.readers.read({ op: 'aggregate', collection, query }, this.writes, read);
    }
    return this.reads.aggregate(collection, query);
  }

  async updateWhere(
    collection: Collection,
    filters: Filter[],
    fields: Record<string, unknown>,
    limit?: number,
  ): Promise<number> {
    while (this.open) await this.turn();
    return this.updateRows(collection, filters, fields, limit);
  }

  /** Outside a transaction the effect runs at once; called (by mistake) from inside one, it waits for its commit. */
  afterCommit(effect: () => void): void {
    const inside = this.scope.getStore();
    if (inside && inside === this.open) inside.effects.push(effect);
    else runEffects([effect]);
  }

  /** The operations of one open transaction: straight to the connection, refused once it has ended. */
  private opsOf(open: OpenTransaction): Transaction {
    const live = () => {
      if (open.ended) throw new Error("a transaction's `tx` was used after the transaction ended");
    };
    return {
      get: async (c, id, options) => (live(), this.readOne(c, id, options)),
      getMany: async (c, ids, options) => (live(), this.readMany(c, ids, options)),
      insert: async (c, doc) => (live(), this.insertRow(c, doc)),
      replace: async (c, doc, expected) => (live(), this.replaceRow(c, doc, expected)),
      list: async (c, query) => (live(), parsedPage(this.reads.listRows(c, query))),
      count: async (c, filters) => (live(), this.reads.countRows(c, filters)),
      updateWhere: async (c, filters, fields, limit) => (live(), this.updateRows(c, filters, fields, limit)),
      memory: this.memoryOn(live),
      // In the transaction: the job exists once it commits, and the runners look for it then.
      jobs: this.jobsOn.queueOn(live, () => open.effects.push(() => this.wakeRunners())),
      afterCommit: (effect) => {
        live();
        open.effects.push(effect);
      },
      // Nested: joins the outer transaction (its writes commit or roll back with it).
      transaction: async (fn) => (live(), fn(open.ops)),
    };
  }

  async transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    while (this.open) await this.turn();
    const open = new OpenTransaction((o) => this.opsOf(o));
    let release!: () => void;
    this.ended = new Promise((resolve) => (release = resolve));
    this.open = open;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const result = await this.scope.run(open, () => fn(open.ops));
      this.db.exec('COMMIT');
      this.finish(open, release);
      runEffects(open.effects);
      return result;
    } catch (e) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // Counts and column values read inside the transaction may include rows that were rolled back.
      this.reads.forget();
      this.finish(open, release);
      throw this.space.refused(e);
    }
  }

  private finish(open: OpenTransaction, release: () => void): void {
    open.ended = true;
    this.open = undefined;
    release();
  }

  async close(): Promise<void> {
    await Promise.all([...this.runners].map((r) => r.runner.stop()));
    this.runners.clear();
    while (this.open) await this.turn();
    await this.readers?.close();
    this.db.close();
  }
}
