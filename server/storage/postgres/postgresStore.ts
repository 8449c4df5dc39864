/**
 * PostgreSQL implementation of the AsyncStore (node-postgres). One table per collection: `id`, `created`,
 * `version`, the document as `jsonb`, and a column per indexed field (columns.ts: generated for values, filled by the
 * store for word search) with its indexes; schema.ts makes and migrates them at start.
 *
 * Store-level calls run on the pool (each its own statement, committed at once); `transaction` takes one pooled
 * client for BEGIN … COMMIT and hands `fn` a `tx` bound to it, so a store-level read meanwhile (another client)
 * never sees its uncommitted writes. Versions are checked in the UPDATE itself (`WHERE id = … AND version = …`),
 * unique fields by unique indexes: nothing is read first and then written.
 *
 * Inside `fn`, use `tx`: a store-level call there takes another pooled connection, outside the transaction (and a
 * store-level write to a row the transaction has changed would wait for it forever).
 *
 * `generations()` reads one sequence per collection (schema.ts, `generationSequence`), which every write statement on
 * its table bumps (a statement-level trigger) and every commit that wrote it bumps again once it is visible: a reader
 * that took the numbers before a commit and read the old data then sees new numbers afterwards, whichever instance
 * wrote. A second sequence per collection, its layout (`layoutSequence`), is bumped after a commit only when a write
 * may have changed which rows a filter selects (an insert, an indexed column's new value: an UPDATE compares the
 * indexed columns of the row it locked with the ones it made), and finer, the collection's rows (inserts,
 * `updateWhere`) and each indexed column apart: kept counts and page anchors depend on those alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import {
  COLLECTIONS,
  VersionConflict,
  versionToMatch,
  UniqueViolation,
  newId,
  type AggregateGroup,
  type AggregateQuery,
  type AsyncStore,
  type Collection,
  type Doc,
  type Filter,
  type Generations,
  type ListQuery,
  type Page,
  type GetOptions,
  type ReadOptions,
  type SharedCounters,
  type StoreOps,
  type Stored,
  runEffects,
} from '../store';
import { UNIQUE_FIELDS } from '../indexes';
import { COMPOSITE_INDEXES } from '../indexes';
import { pgColumns, type PgColumn } from './columns';
import { Params, columnsOf, orderSql, sortColumn, whereSql } from './filters';
import {
  SCHEMA_VERSION,
  bumpGenerationsSql,
  columnSequence,
  generationSequence,
  layoutSequence,
  migrate,
  rowsSequence,
  type LayoutChange,
  searchedTexts,
  uniqueIndexName,
} from './schema';
import { tsvectorOf } from './search';
import { postgresCounters } from './counters';
import { postgresMemory } from './memory';
import { listJobs, migrateJobs, postgresJobs, runJobs } from './jobs';
import type { JobHandlers, JobQueue, JobRecord, JobRunner, RunnerOptions } from '../jobs';
import { unavailableOr } from '../unavailable';
import { groupingsOf, groupsOf, sumsOf } from '../aggregate';
import { storePool, withClient } from './connection';
import type { TranslationMemory } from '../memory';

/**
 * A document PostgreSQL cannot store: its text holds a NUL character or a lone UTF-16 surrogate (jsonb refuses both;
 * SQLite stores them). The HTTP layer refuses such text in every body for every store (a 400, server/http/jsonBody.ts);
 * this stays for what reaches the store another way (a seed, a migration), saying why.
 */
export class UnstorableText extends Error {
  constructor(readonly collection: Collection) {
    super(`a ${collection} record holds text PostgreSQL cannot store (a NUL character or a lone surrogate)`);
  }
}

/** JSON.stringify escapes exactly these as `\u0000` and `\udXXX` (paired surrogates it writes as characters). */
const UNSTORABLE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** The document's JSON text, refused when PostgreSQL could not store it. */
export function jsonOf(c: Collection, value: unknown): string {
  const json = JSON.stringify(value);
  if (UNSTORABLE.test(json)) throw new UnstorableText(c);
  return json;
}

type Tx = StoreOps & Pick<AsyncStore, 'transaction'>;

/** Two layout changes of one collection in one transaction, as one. */
function joinedChanges(a: LayoutChange | undefined, b: LayoutChange): LayoutChange {
  if (a === undefined) return b;
  if (a === 'rows' || b === 'rows') return 'rows';
  return new Set([...a, ...b]);
}

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The document expression without the omitted top-level fields (PostgreSQL removes them: `doc - text[]`). */
function docSql(omit: string[] | undefined, params: Params, prefix = ''): string {
  if (!omit?.length) return `${prefix}doc`;
  for (const f of omit) if (!SQL_NAME.test(f)) throw new Error(`cannot omit field ${f}`);
  return `${prefix}doc - ${params.add(omit)}::text[]`;
}

interface Row {
  doc: Doc;
  version: number;
}

/** What is known of a collection's writes: its word-search columns, and the unique indexes' fields by name. */
interface WritePlan {
  words: PgColumn[];
  /** Top-level keys the word-search columns read: an updateWhere setting one must refill them. */
  searchedKeys: Set<string>;
  unique: Map<string, string>;
}

const plans = new Map<Collection, WritePlan>();
function writePlan(c: Collection): WritePlan {
  let plan = plans.get(c);
  if (!plan) {
    const words = pgColumns(c).filter((col) => col.kind === 'words');
    plan = {
      words,
      searchedKeys: new Set(words.flatMap((w) => w.paths.map((p) => p.slice(2).split('.')[0]!))),
      unique: new Map((UNIQUE_FIELDS[c] ?? []).map((f) => [uniqueIndexName(c, f), f])),
    };
    plans.set(c, plan);
  }
  return plan;
}

/** A unique violation of PostgreSQL (23505) as the store's UniqueViolation; anything else unchanged. */
function translated(c: Collection, e: unknown): unknown {
  if (e instanceof pg.DatabaseError && e.code === '23505') {
    const field = e.constraint === `${c}_pkey` ? '_id' : writePlan(c).unique.get(e.constraint ?? '');
    return new UniqueViolation(c, field ?? e.constraint ?? 'unknown');
  }
  return e;
}

/** The word-search columns' values of a document, as extra INSERT/UPDATE assignments. */
function wordValues(c: Collection, doc: Record<string, unknown>, params: Params): { col: string; value: string }[] {
  return writePlan(c).words.map((col) => ({
    col: `"${col.column}"`,
    value: `${params.add(tsvectorOf(searchedTexts(doc, col)))}::tsvector`,
  }));
}

type Sort = NonNullable<ListQuery['sort']>;

/** Which rows of a list's order a query of ids answers: `limit` after `offset`, from a row on when `from` is given. */
interface Window {
  limit: number;
  offset: number;
  /** A condition selecting the rows from a kept anchor on (anchoredFrom), or undefined from the first. */
  from?: string;
}

/** The query of a page's ids, each with its sort key (`k`). */
function pageIds(c: Collection, filters: readonly Filter[] | undefined, sort: Sort, params: Params, w: Window): string {
  const where = whereSql(c, filters, params) + (w.from ? ` AND ${w.from}` : '');
  return (
    `SELECT id, ${sortColumn(c, sort.field)} AS k FROM "${c}" WHERE ${where} ORDER BY ${orderSql(c, sort)} ` +
    `LIMIT ${params.add(w.limit)} OFFSET ${params.add(w.offset)}`
  );
}

/**
 * The query of a page's ids when the list's only filter is an `in` of several values with a composite index
 * (value, sort field): one ordered index range per value, merged (PostgreSQL plans `UNION ALL` of ordered arms under
 * an ORDER BY as a Merge Append), so a page costs its offset instead of a walk of the sort's index that skips the
 * other values, or a sort of every match (a coordinator's studios, by date). Otherwise undefined.
 */
function mergedPageIds(
  c: Collection,
  filters: readonly Filter[] | undefined,
  sort: Sort,
  params: Params,
  w: Window,
): string | undefined {
  const [split, ...others] = filters ?? [];
  if (!split || others.length > 0 || split.op !== 'in' || !Array.isArray(split.value)) return undefined;
  const values = [...new Set(split.value)];
  const indexed = (COMPOSITE_INDEXES[c] ?? []).some(([a, b]) => a === split.field && b === sort.field);
  if (!indexed || values.length < 2 || values.length > 50) return undefined;
  const end = params.add(w.offset + w.limit);
  const from = w.from ? ` AND ${w.from}` : '';
  const arms = values.map(
    (value) =>
      `(SELECT id, ${sortColumn(c, sort.field)} AS k FROM "${c}" ` +
      `WHERE ${whereSql(c, [{ field: split.field, op: 'eq', value }], params)}${from} ORDER BY ${orderSql(c, sort)} LIMIT ${end})`,
  );
  const merged = orderSql(c, sort).replace(sortColumn(c, sort.field), 'k');
  return (
    `SELECT id, k FROM (${arms.join(' UNION ALL ')}) u ORDER BY ${merged} ` +
    `LIMIT ${params.add(w.limit)} OFFSET ${params.add(w.offset)}`
  );
}

/** Rows between kept page anchors (PostgresStore, `anchors`): a deep page walks at most this many to its offset. */
const ANCHOR_SPACING = 500;

/** A list's kept anchors: the sort key (as text) and id of the rows at positions ANCHOR_SPACING, 2 × …, in order. */
interface Anchors {
  stamp: string;
  keys: [key: string, id: string][];
}

/** The condition of the rows from an anchor on, itself included, in the sort's order (`created` or `_id`). */
function anchoredFrom(sort: Sort, [key, id]: [string, string], params: Params): string {
  const op = sort.dir === 'asc' ? '>=' : '<=';
  if (sort.field === '_id') return `id ${op} ${params.add(id)}`;
  return `(created, id) ${op} (${params.add(key)}::bigint, ${params.add(id)}::text)`;
}

/** The query of a window's ids and sort keys: merged per value where mergedPageIds can, else one walk. */
function windowIds(
  c: Collection,
  filters: readonly Filter[] | undefined,
  sort: Sort,
  params: Params,
  w: Window,
): string {
  return mergedPageIds(c, filters, sort, params, w) ?? pageIds(c, filters, sort, params, w);
}

/** The operations, bound to the pool (store level) or to one transaction's client. */
class Operations implements StoreOps {
  /** Effects waiting for the transaction to commit (none at store level: they run at once). */
  readonly effects: (() => void)[] = [];
  /** The collections a transaction wrote: their generations are bumped again once it has committed. */
  readonly written = new Set<Collection>();
  /** Those of them whose row layout it may have changed, and how (schema.ts, `layoutSequence`): bumped too. */
  readonly moved = new Map<Collection, LayoutChange>();

  constructor(
    protected readonly db: pg.Pool | pg.PoolClient,
    /** True for a transaction's client. */
    private readonly inTransaction: boolean,
    private readonly committed: (c: Collection, moved: LayoutChange | undefined) => Promise<void>,
  ) {}

  /** Every statement of the store goes through here: a database that is not there is the store's StoreUnavailable. */
  protected async query<R extends pg.QueryResultRow>(
    sql: string | pg.QueryConfig | pg.QueryArrayConfig,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    try {
      // A config object carries its own values: a second argument, even empty, would replace them.
      return await (typeof sql === 'string' ? this.db.query<R>(sql, params) : this.db.query<R>(sql));
    } catch (e) {
      throw unavailableOr(e);
    }
  }

  /** The job queue on this connection: in a transaction, the job commits with it (postgres/jobs.ts). */
  get jobs(): JobQueue {
    const queue = postgresJobs((sql, params) => this.query(sql, params));
    return {
      add: async (task, payload, options) => {
        if (!this.inTransaction) this.refuseWithinTransaction();
        return queue.add(task, payload, options);
      },
    };
  }

  /** The translation memory on this connection (a replace at store level runs in a transaction of its own). */
  get memory(): TranslationMemory {
    return postgresMemory(
      (sql, params) => this.query(sql, params),
      (fn) => {
        if (!this.inTransaction) this.refuseWithinTransaction();
        return this.inTransaction
          ? fn((sql, params) => this.query(sql, params))
          : this.transactionOf((ops) => fn((sql, params) => ops.query(sql, params)));
      },
    );
  }

  /** Guarded writes of one transaction, one at a time (their savepoints must not interleave). */
  private guard: Promise<unknown> = Promise.resolve();

  /**
   * A write statement. In a transaction, one that may break a unique index runs under a savepoint: a UniqueViolation
   * then leaves the transaction usable (as in SQLite), rather than aborting it. At store level, the commit is
   * announced (generation, and the layout when `moves` says the statement may have changed it) once it is done.
   */
  private async write<R extends pg.QueryResultRow>(
    c: Collection,
    sql: string,
    params: unknown[],
    moves: (result: pg.QueryResult<R>) => LayoutChange | undefined,
  ): Promise<pg.QueryResult<R>> {
    if (this.inTransaction) {
      this.written.add(c);
      let result: pg.QueryResult<R>;
      if (writePlan(c).unique.size > 0) {
        const run = this.guard.then(() => this.savepointed<R>(c, sql, params));
        this.guard = run.catch(() => undefined);
        result = await run;
      } else {
        result = await this.translatedQuery<R>(c, sql, params);
      }
      const change = moves(result);
      if (change) this.moved.set(c, joinedChanges(this.moved.get(c), change));
      return result;
    }
    this.refuseWithinTransaction();
    const result = await this.translatedQuery<R>(c, sql, params);
    await this.committed(c, moves(result));
    return result;
  }

  /** A statement whose unique violation is the store's UniqueViolation. */
  private async translatedQuery<R extends pg.QueryResultRow>(
    c: Collection,
    sql: string,
    params: unknown[],
  ): Promise<pg.QueryResult<R>> {
    try {
      return await this.query<R>(sql, params);
    } catch (e) {
      throw translated(c, e);
    }
  }

  private async savepointed<R extends pg.QueryResultRow>(
    c: Collection,
    sql: string,
    params: unknown[],
  ): Promise<pg.QueryResult<R>> {
    await this.query('SAVEPOINT mws_write');
    try {
      const result = await this.query<R>(sql, params);
      await this.query('RELEASE SAVEPOINT mws_write');
      return result;
    } catch (e) {
      await this.query('ROLLBACK TO SAVEPOINT mws_write');
      throw translated(c, e);
    }
  }

  async get<T extends Doc = Doc>(c: Collection, id: string, options?: GetOptions): Promise<Stored<T> | undefined> {
    if (id.includes('\u0000')) return undefined; // no stored id holds one (and PostgreSQL text cannot)
    const params = new Params();
    const doc = docSql(options?.omit, params);
    const { rows } = await this.query<Row>(
      `SELECT ${doc} AS doc, version FROM "${c}" WHERE id = ${params.add(id)}${options?.forUpdate ? ' FOR UPDATE' : ''}`,
      params.values,
    );
    const row = rows[0];
    return row ? { doc: row.doc as T, version: row.version } : undefined;
  }

  async getMany<T extends Doc = Doc>(
    c: Collection,
    ids: readonly string[],
    options?: ReadOptions,
  ): Promise<Stored<T>[]> {
    ids = ids.filter((id) => !id.includes('\u0000'));
    if (ids.length === 0) return [];
    const params = new Params();
    const doc = docSql(options?.omit, params);
    const { rows } = await this.query<Row>(
      `SELECT ${doc} AS doc, version FROM "${c}" WHERE id = ANY(${params.add([...new Set(ids)])}::text[])`,
      params.values,
    );
    return rows.map((r) => ({ doc: r.doc as T, version: r.version }));
  }

  async insert<T extends Doc = Doc>(
    c: Collection,
    input: Omit<T, '_id' | 'created'> & Partial<Doc>,
  ): Promise<Stored<T>> {
    const doc = {
      ...input,
      _id: typeof input._id === 'string' ? input._id : newId(),
      created: typeof input.created === 'number' ? input.created : Math.floor(Date.now() / 1000),
    } as unknown as T;
    const params = new Params();
    const words = wordValues(c, doc, params);
    const columns = ['id', 'created', 'version', 'doc', ...words.map((w) => w.col)];
    const values = [
      params.add(doc._id),
      params.add(Math.floor(doc.created)),
      '1',
      `${params.add(jsonOf(c, doc))}::jsonb`,
      ...words.map((w) => w.value),
    ];
    await this.write(
      c,
      `INSERT INTO "${c}" (${columns.join(', ')}) VALUES (${values.join(', ')})`,
      params.values,
      () => 'rows',
    );
    return { doc, version: 1 };
  }

  async replace<T extends Doc = Doc>(c: Collection, doc: T, expectedVersion?: number): Promise<Stored<T>> {
    const params = new Params();
    const sets = [
      // The stored creation time stays: the column, not the document (which may be large) is read.
      `doc = jsonb_set(${params.add(jsonOf(c, doc))}::jsonb, '{created}', to_jsonb(t.created))`,
      'version = t.version + 1',
      ...wordValues(c, doc, params).map((w) => `${w.col} = ${w.value}`),
    ];
    // The indexed columns as they were (the row locked, so they are the ones this statement replaces) and as they are
    // made: those whose value moved (the collection's layout, column by column).
    const indexed = pgColumns(c).map((col) => col.column);
    const changed = indexed.map((col) => `CASE WHEN old."${col}" IS DISTINCT FROM t."${col}" THEN '${col}' END`);
    const moved = `array_remove(ARRAY[${changed.join(', ')}]::text[], NULL)`;
    const old = `SELECT id${indexed.map((col) => `, "${col}"`).join('')} FROM "${c}" WHERE id = ${params.add(doc._id)} FOR UPDATE`;
    let where = 't.id = old.id';
    if (expectedVersion !== undefined) where += ` AND t.version = ${params.add(versionToMatch(expectedVersion))}`;
    const { rows } = await this.write<{ version: number; created: string; moved: string[] }>(
      c,
      `WITH old AS (${old}) UPDATE "${c}" t SET ${sets.join(', ')} FROM old WHERE ${where} ` +
        `RETURNING t.version, t.created, ${moved} AS moved`,
      params.values,
      (result) => {
        const columns = result.rows[0]?.moved ?? [];
        return columns.length ? new Set(columns) : undefined;
      },
    );
    const row = rows[0];
    if (row) return { doc: { ...doc, created: Number(row.created) }, version: row.version };
    const current = await this.get(c, doc._id);
    if (!current) throw new Error(`no ${c} record ${doc._id}`);
    throw new VersionConflict(current);
  }

  async list<T extends Doc = Doc>(c: Collection, query: ListQuery): Promise<Page<T>> {
    const sort = query.sort ?? { field: 'created', dir: 'desc' as const };
    orderSql(c, sort); // refuses a sort on a field that is not indexed, even when nothing is to be listed
    const params = new Params();
    // The page's ids first (an index can answer them without reading documents), then only those documents.
    const ids = windowIds(c, query.filters, sort, params, { limit: query.limit, offset: query.offset });
    const sql =
      `SELECT ${docSql(query.omit, params, 't.')} AS doc FROM "${c}" t JOIN (${ids}) p ON p.id = t.id ` +
      `ORDER BY ${orderSql(c, sort, 't.')}`;
    // The total and the page at once, on two pooled connections (a transaction's one client runs them in turn): after
    // a write the total is counted again (10-20 ms for 100,000 rows), and the page no longer waits for it.
    const [total, { rows }] = await Promise.all([
      this.count(c, query.filters),
      this.query<{ doc: T }>(sql, params.values),
    ]);
    if (total === 0 || query.offset >= total) return { items: [], total };
    return { items: rows.map((r) => r.doc), total };
  }

  async count(c: Collection, filters: Filter[] = []): Promise<number> {
    const params = new Params();
    const where = whereSql(c, filters, params);
    const { rows } = await this.query<{ n: string }>(`SELECT count(*) AS n FROM "${c}" WHERE ${where}`, params.values);
    return Number(rows[0]!.n);
  }

  async updateWhere(
    c: Collection,
    filters: Filter[],
    fields: Record<string, unknown>,
    limit?: number,
  ): Promise<number> {
    for (const key of Object.keys(fields)) {
      if (key === '_id' || key === 'created') throw new Error(`updateWhere cannot change ${key}`);
    }
    const params = new Params();
    const where = whereSql(c, filters, params);
    const limited = limit === undefined ? '' : ` LIMIT ${params.add(Math.max(0, Math.floor(limit)))}`;
    const patch = params.add(jsonOf(c, fields));
    // A field given as undefined is removed (JSON.stringify leaves it out of the patch; `-` binds before `||`).
    const removed = Object.keys(fields).filter((k) => fields[k] === undefined);
    const merged = removed.length
      ? `(doc || ${patch}::jsonb) - ${params.add(removed)}::text[]`
      : `doc || ${patch}::jsonb`;
    const plan = writePlan(c);
    const words = Object.keys(fields).some((k) => plan.searchedKeys.has(k)) ? plan.words : [];
    if (words.length === 0) {
      const { rowCount } = await this.write(
        c,
        `UPDATE "${c}" SET doc = ${merged}, version = version + 1 ` +
          `WHERE id IN (SELECT id FROM "${c}" WHERE ${where}${limited})`,
        params.values,
        () => 'rows',
      );
      return rowCount ?? 0;
    }
    // The fields change searched text: the word columns are made here from each merged document (one statement).
    const run = async (ops: Operations) => {
      const { rows } = await ops.query<{ id: string; doc: Record<string, unknown> }>(
        `SELECT id, ${merged} AS doc FROM "${c}" WHERE ${where} ORDER BY id${limited} FOR UPDATE`,
        params.values,
      );
      if (rows.length === 0) return 0;
      const assignments = words.map((w, i) => `"${w.column}" = (v.w)[${i + 1}]::tsvector`);
      const vectors = rows.map(
        (r) => `{${words.map((w) => JSON.stringify(tsvectorOf(searchedTexts(r.doc, w)))).join(',')}}`,
      );
      const { rowCount } = await ops.write(
        c,
        `UPDATE "${c}" t SET doc = (t.doc || $1::jsonb) - $4::text[], version = t.version + 1, ${assignments.join(', ')} ` +
          `FROM (SELECT unnest($2::text[]) AS id, unnest($3::text[])::text[] AS w) v WHERE t.id = v.id`,
        [JSON.stringify(fields), rows.map((r) => r.id), vectors, removed],
        () => 'rows',
      );
      return rowCount ?? 0;
    };
    return this.inTransaction ? run(this) : this.transactionOf(run);
  }

  /** Overridden by the store: throws when called from inside one of its open transactions. */
  protected refuseWithinTransaction(): void {}

  /** Overridden by the store and the transaction: runs `fn` within a transaction. */
  protected transactionOf<R>(_fn: (ops: Operations) => Promise<R>): Promise<R> {
    return Promise.reject(new Error('no transaction here'));
  }

  afterCommit(effect: () => void): void {
    if (this.inTransaction) this.effects.push(effect);
    else runEffects([effect]);
  }
}

/** A transaction's operations: bound to its client; nested transactions join it. */
class TransactionOperations extends Operations implements Tx {
  constructor(client: pg.PoolClient) {
    super(client, true, () => Promise.resolve());
  }

  /** BEGIN, COMMIT, ROLLBACK: through `query`, so a lost connection is a StoreUnavailable there too. */
  async statement(sql: string): Promise<void> {
    await this.query(sql);
  }

  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return fn(this);
  }

  protected override transactionOf<R>(fn: (ops: Operations) => Promise<R>): Promise<R> {
    return fn(this);
  }
}

export interface PostgresStoreOptions {
  /** Pooled connections (node-postgres' default is 10). Each open transaction holds one. */
  maxConnections?: number;
  /**
   * Keep store-level counts and page anchors until the layout of what they read moves (default true; the bench turns
   * it off to time counts and walks).
   */
  cacheCounts?: boolean;
}

/** `work_mem` for a report's grouped scan (see `aggregate`). */
const AGGREGATE_WORK_MEM = '64MB';

export class PostgresStore extends Operations implements AsyncStore {
  /**
   * Store-level counts by filters, each with the layouts it reads (layoutSequencesRead; read before it was counted):
   * the counted collection's rows and filtered columns, the whole layout of its semi-joins. Valid while they are
   * unchanged: layouts are shared by every instance and bumped after each commit that inserted rows or changed an
   * indexed column's value, so a count is never served once any instance has made such a write to what it reads
   * since, and it outlives the writes that cannot change it (a comment, a translation's save, an edit of unindexed
   * members, a status change for a count that does not filter on the status). List
   * pages ask the same total again and again; a count of a common word among 100,000 work requests took ~40 ms, of
   * every work request of two studios 16-40 ms, reading the layouts ~0.1 ms.
   */
  private readonly counts = new Map<string, { stamp: string; n: number }>();
  /**
   * Counts running now, by stamp and filters: a list asked again while its total is being counted (after each write,
   * every list in flight misses the kept count at once) waits for that statement instead of counting again. Under the
   * mixed bench's load the same `count(*)` of 100,000 rows otherwise ran once per list, ~35 ms of PostgreSQL's CPU each.
   */
  private readonly counting = new Map<string, Promise<number>>();
  /** The transaction whose `fn` is running (in its async context), while it is open. */
  private readonly current = new AsyncLocalStorage<{ open: boolean }>();
  readonly counters: SharedCounters;
  /** The job runners started on this instance (stopped before the pool closes). */
  private readonly runners = new Set<JobRunner>();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly cacheCounts: boolean,
    /** The database's URL: the job runners open pools of their own on it (postgres/jobs.ts). */
    private readonly url: string,
  ) {
    super(pool, false, (c, moved) => announceCommit(pool, [c], moved ? new Map([[c, moved]]) : new Map()));
    this.counters = postgresCounters((sql, params) => this.query(sql, params));
  }

  /**
   * Page anchors kept per list (collection, filters, sort), with the layouts (layoutSequencesRead) they were found
   * at: the sort key and id of every ANCHOR_SPACING-th row of the list's order, as far as a page has walked. A page at
   * a deep offset starts from the nearest anchor before it (an index range from that key) instead of walking the
   * whole offset; the walk it does make notes the anchors it passes. Valid while those layouts are unchanged: no row
   * was inserted or had a filtered column change since, in any instance, so each anchor is still the row at its
   * position. Only for sorts on `created` or `_id` (never NULL, never changed: the key alone says where a row is).
   */
  private readonly anchors = new Map<string, Anchors>();

  async aggregate(c: Collection, query: AggregateQuery): Promise<AggregateGroup[]> {
    const groupings = groupingsOf(c, query);
    const sums = sumsOf(c, query);
    const keys = groupings.map(({ field, bucket }, i) => {
      const col = sortColumn(c, field);
      const at = `(to_timestamp(${col}) AT TIME ZONE 'UTC')`;
      const sql =
        bucket === 'month'
          ? `to_char(${at}, 'YYYY-MM')`
          : bucket === 'week'
            ? `to_char(date_trunc('week', ${at}), 'YYYY-MM-DD')`
            : col;
      return `${sql} AS k${i}`;
    });
    const measures = sums.flatMap((f, i) => {
      const col = sortColumn(c, f);
      return [`coalesce(sum(${col}), 0) AS s${i}`, `count(${col}) AS c${i}`];
    });
    const params = new Params();
    const where = whereSql(c, query.filters, params);
    const by = keys.length ? ` GROUP BY ${keys.map((_, i) => `k${i}`).join(', ')}` : '';
    const sql = `SELECT ${[...keys, 'count(*) AS n', ...measures].join(', ')} FROM "${c}" WHERE ${where}${by}`;
    // The planner cannot tell how many groups several keys make (it guesses one per row) and, with the server's
    // 4 MB work_mem, sorts 100,000 rows on disk to group them; with room for a hash table it hashes them in memory
    // (the spending report on 100,000 orders: 229 ms → 74 ms). The memory used is the groups', not the guess's.
    const rows = await withClient(this.pool, async (client, broken) => {
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL work_mem = '${AGGREGATE_WORK_MEM}'`);
        const result = await client.query<Record<string, unknown>>(sql, params.values);
        await client.query('COMMIT');
        return result.rows;
      } catch (e) {
        await client.query('ROLLBACK').catch(broken);
        throw unavailableOr(e);
      }
    });
    return groupsOf(rows, keys.length, sums);
  }

  override async list<T extends Doc = Doc>(c: Collection, query: ListQuery): Promise<Page<T>> {
    const sort = query.sort ?? { field: 'created', dir: 'desc' as const };
    const anchored = sort.field === 'created' || sort.field === '_id';
    if (!this.cacheCounts || !anchored || query.offset < ANCHOR_SPACING) return super.list(c, query);
    const filters = query.filters ?? [];
    // `_id` and `created` add no column: the count's layouts are the page's.
    const stamp = await this.layouts(layoutSequencesRead(c, filters, sort.field));
    const key = `${c} ${sort.field} ${sort.dir} ${JSON.stringify(filters)}`;
    let kept = this.anchors.get(key);
    if (kept?.stamp !== stamp) {
      kept = { stamp, keys: [] };
      if (this.anchors.size >= 200) this.anchors.clear();
      this.anchors.set(key, kept);
    }
    const [total, items] = await Promise.all([
      this.keptCount(c, filters, stamp),
      this.anchoredPage<T>(c, query, sort, kept),
    ]);
    if (total === 0 || query.offset >= total) return { items: [], total };
    return { items, total };
  }

  /**
   * The page from the nearest kept anchor at or before its offset (one statement): the rows from there in the
   * list's order, numbered (`n`), the page's with their documents, and every ANCHOR_SPACING-th passed on the way
   * noted as an anchor.
   */
  private async anchoredPage<T extends Doc>(c: Collection, query: ListQuery, sort: Sort, kept: Anchors): Promise<T[]> {
    const known = Math.min(Math.floor(query.offset / ANCHOR_SPACING), kept.keys.length);
    const anchor = known > 0 ? kept.keys[known - 1] : undefined;
    const skip = query.offset - known * ANCHOR_SPACING;
    const params = new Params();
    const from = anchor ? anchoredFrom(sort, anchor, params) : undefined;
    const ids = windowIds(c, query.filters, sort, params, { limit: skip + query.limit, offset: 0, from });
    const order = orderSql(c, sort).replace(sortColumn(c, sort.field), 'k');
    const after = params.add(skip);
    const { rows } = await this.query<{ n: string; k: string; id: string; doc: T | null }>(
      `WITH w AS (SELECT id, k, row_number() OVER (ORDER BY ${order}) AS n FROM (${ids}) s) ` +
        `SELECT w.n, w.k::text AS k, w.id, ${docSql(query.omit, params, 't.')} AS doc ` +
        `FROM w LEFT JOIN "${c}" t ON w.n > ${after} AND t.id = w.id ` +
        `WHERE w.n > ${after} OR w.n % ${ANCHOR_SPACING} = 1 ORDER BY w.n`,
      params.values,
    );
    const items: T[] = [];
    for (const row of rows) {
      const n = Number(row.n);
      // The row at position known * ANCHOR_SPACING + n - 1: an anchor when that is a further multiple of the spacing.
      const index = known + (n - 1) / ANCHOR_SPACING - 1;
      if (n > 1 && (n - 1) % ANCHOR_SPACING === 0 && index === kept.keys.length) kept.keys.push([row.k, row.id]);
      if (n > skip && row.doc) items.push(row.doc);
    }
    return items;
  }

  override count(c: Collection, filters: Filter[] = []): Promise<number> {
    if (!this.cacheCounts) return super.count(c, filters);
    return this.layouts(layoutSequencesRead(c, filters)).then((stamp) => this.keptCount(c, filters, stamp));
  }

  /** The count of `filters` at these layouts: kept, being counted, or counted now. */
  private async keptCount(c: Collection, filters: Filter[], stamp: string): Promise<number> {
    const key = `${c} ${JSON.stringify(filters)}`;
    const hit = this.counts.get(key);
    if (hit?.stamp === stamp) return hit.n;
    const flight = `${stamp}\n${key}`;
    let running = this.counting.get(flight);
    if (!running) {
      running = super.count(c, filters).then(
        (n) => {
          this.counting.delete(flight);
          if (this.counts.size >= 1000) this.counts.clear();
          this.counts.set(key, { stamp, n });
          return n;
        },
        (e: unknown) => {
          this.counting.delete(flight);
          throw e;
        },
      );
      this.counting.set(flight, running);
    }
    return running;
  }

  /**
   * These layout sequences' values (layoutSequencesRead), as one comparable value. A sequence never bumped has
   * `last_value` 1, as after its first bump: `is_called` tells them apart (the first insert into an empty collection
   * must void its count of 0).
   */
  private async layouts(sequences: string[]): Promise<string> {
    const value = (seq: string) => `(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${seq})`;
    const { rows } = await this.query<string[]>({
      text: `SELECT ${sequences.map(value).join(', ')}`,
      rowMode: 'array',
    });
    return rows[0]!.join(' ');
  }

  /** Connects, migrates the schema (under a lock shared by all instances) and answers the ready store. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = storePool(url, options.maxConnections ?? 10);
    try {
      await withClient(pool, (client) => migrate(client));
      await migrateJobs(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PostgresStore(pool, options.cacheCounts ?? true, url);
  }

  /**
   * A store-level write or transaction inside an open transaction's `fn` is a mistake: it would run on another
   * connection, outside the transaction (not undone with it; waiting forever for a row the transaction holds, or
   * for a pooled connection). It is refused at once, naming the fix.
   */
  protected override refuseWithinTransaction(): void {
    if (this.current.getStore()?.open) {
      throw new Error('a store-level write inside a transaction: write through its tx (tx.insert, tx.transaction, …)');
    }
  }

  async transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    this.refuseWithinTransaction();
    const state = { open: true };
    let tx: TransactionOperations | undefined;
    const result = await withClient(this.pool, async (client, broken) => {
      tx = new TransactionOperations(client);
      try {
        await tx.statement('BEGIN');
        const value = await this.current.run(state, () => fn(tx!));
        state.open = false;
        await tx.statement('COMMIT');
        return value;
      } catch (e) {
        state.open = false;
        // The transaction's own error is the answer; a connection that cannot even roll back is closed, not reused.
        await tx.statement('ROLLBACK').catch(broken);
        throw e;
      }
    });
    await announceCommit(this.pool, tx!.written, tx!.moved);
    runEffects(tx!.effects);
    return result;
  }

  protected override transactionOf<R>(fn: (ops: Operations) => Promise<R>): Promise<R> {
    return this.transaction((tx) => fn(tx as TransactionOperations));
  }

  async generations(): Promise<Generations> {
    const { rows } = await this.query<string[]>({ text: READ_GENERATIONS, rowMode: 'array' });
    const values = rows[0]!;
    return Object.fromEntries(COLLECTIONS.map((c, i) => [c, Number(values[i])])) as Record<Collection, number>;
  }

  async versions(c: Collection, ids: readonly string[]): Promise<Map<string, number>> {
    const wanted = [...new Set(ids)].filter((id) => !id.includes('\u0000'));
    if (wanted.length === 0) return new Map();
    const { rows } = await this.query<[string, number]>({
      text: `SELECT id, version FROM "${c}" WHERE id = ANY($1::text[])`,
      values: [wanted],
      rowMode: 'array',
    });
    return new Map(rows);
  }

  /** The database answers, and its schema is at this code's version (not behind: another instance may be newer). */
  async ready(): Promise<void> {
    const { rows } = await this.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    const version = rows[0]?.v ?? 0;
    if (version < SCHEMA_VERSION)
      throw new Error(`the schema is at version ${version}, this server needs ${SCHEMA_VERSION}`);
  }

  async runJobs(handlers: JobHandlers, options?: RunnerOptions): Promise<JobRunner> {
    const started = await runJobs(this.url, handlers, options);
    const runner: JobRunner = {
      stop: async () => {
        this.runners.delete(runner);
        await started.stop();
      },
    };
    this.runners.add(runner);
    return runner;
  }

  async listJobs(limit?: number): Promise<JobRecord[]> {
    return listJobs((sql, params) => this.query(sql, params), limit);
  }

  async close(): Promise<void> {
    await Promise.all([...this.runners].map((r) => r.stop()));
    await this.pool.end();
  }
}

/**
 * The layout sequences (schema.ts) a count or page of `c` under these filters (and in this sort's order) depends on:
 * the collection's rows, the columns its filters and sort read (`_id` and `created` never change), and the whole
 * layout of every collection a semi-join reads. Unchanged, no write since can have changed which rows the filters
 * select or their order.
 */
function layoutSequencesRead(c: Collection, filters: readonly Filter[], sortField?: string): string[] {
  const read = new Set([rowsSequence(c)]);
  const column = (field: string) => {
    const col = field === '_id' || field === 'created' ? undefined : columnsOf(c).get(field);
    if (col) read.add(columnSequence(c, col.column));
  };
  for (const f of filters) {
    column(f.field);
    if (f.op === 'of') read.add(layoutSequence(f.collection)); // its filters are of values only (store.ts)
  }
  if (sortField !== undefined) column(sortField);
  return [...read];
}

/** Every collection's generation in one statement (the sequences' `last_value`, in COLLECTIONS order). */
const READ_GENERATIONS = `SELECT ${COLLECTIONS.map((c) => `(SELECT last_value FROM ${generationSequence(c)})`).join(', ')}`;

/**
 * Bumps the written collections' generations once a commit is visible (the trigger's bump came before it). The write
 * is stored either way: a failure here is reported, not thrown.
 */
async function announceCommit(
  pool: pg.Pool,
  written: Iterable<Collection>,
  moved: ReadonlyMap<Collection, LayoutChange>,
): Promise<void> {
  const collections = [...written];
  if (collections.length === 0) return;
  try {
    await pool.query(bumpGenerationsSql(collections, moved));
  } catch (e) {
    console.error('the generations could not be bumped after a commit', e);
  }
}
