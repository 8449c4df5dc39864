/**
 * SQLite implementation of the Store (better-sqlite3, WAL). One table per collection: the JSON document, its
 * version, and stored generated columns for the indexed fields (server/storage/indexes.ts) with an index each, so
 * that filters, sorts and counts never parse documents (a virtual column would parse the JSON at every read). Pages are fetched with a deferred join: the offset walks the
 * index only, and only the page's documents are read. Text fields are searched through FTS5 (fullText.ts).
 *
 * better-sqlite3 is synchronous: a slow query stops the whole server. The generated columns sit after the document
 * in each row, so reading one from the table walks the document's pages; plans that read index entries only are
 * the fast ones, and `list` steers the two cases SQLite's planner gets wrong (see `membership` and `indexHint`).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import {
  COLLECTIONS,
  VersionConflict,
  newId,
  type Collection,
  type Doc,
  type Filter,
  type FilterValue,
  type ListQuery,
  type Page,
  type ReadOptions,
  type Store,
  type Stored,
  type ValueFilter,
} from '../store';
import { INDEXED_FIELDS, COMPOSITE_INDEXES, type IndexedField } from '../indexes';
import { ensureFullText, ftsAnyOf, ftsQuery, ftsTable } from './fullText';

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Up to this many search matches, a page or count reads the matching rows directly (one lookup each). Beyond it, it
 * walks an index of the other filters or the sort and keeps the entries the search matched: the cost is bounded
 * by the index, where reading every match of "a" (70,000 rows of 100,000) and sorting them took 160 ms.
 */
const FEW_MATCHES = 2000;

function columnExpression(field: IndexedField): string {
  if (field.kind === 'expression') return field.sql ?? 'NULL';
  if (field.kind === 'value') return `json_extract(doc, '${field.paths[0]}')`;
  return `lower(${field.paths.map((p) => `coalesce(json_extract(doc, '${p}'), '')`).join(` || ' ' || `)})`;
}

/** The SQL column of a field: the table's own `id` / `created`, or the generated column of an indexed field. */
function columnName(field: string): string {
  if (field === '_id') return 'id';
  if (field === 'created') return 'created';
  return `"f_${field}"`;
}

/** The document column, or `json_remove(doc, …)` without the omitted top-level fields (SQLite does the work in C). */
function docExpression(omit: string[] | undefined): string {
  if (!omit?.length) return 'doc';
  for (const f of omit) if (!SQL_NAME.test(f)) throw new Error(`cannot omit field ${f}`);
  return `json_remove(doc, ${omit.map((f) => `'$.${f}'`).join(', ')}) AS doc`;
}

/** The FTS query of a `contains` filter; undefined when its text has nothing searchable. */
function searchOf(filter: ValueFilter): string | undefined {
  if (Array.isArray(filter.value)) return ftsAnyOf(filter.value.map(String));
  return ftsQuery(String(filter.value ?? ''));
}

function sqlValue(value: FilterValue): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

interface Statements {
  get: Database.Statement;
  /** The version and creation time alone: a replace need not parse the stored document. */
  head: Database.Statement;
  insert: Database.Statement;
  update: Database.Statement;
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly statements = new Map<Collection, Statements>();
  /** Counts are cached per collection until its next write: list pages ask for the same total again and again. */
  private readonly countCache = new Map<Collection, Map<string, number>>();
  /** Collections whose cached counts used a semi-join (`of`) on the key collection: its writes clear them too. */
  private readonly countDependents = new Map<Collection, Set<Collection>>();
  private readonly pageStatements = new Map<string, Database.Statement>();

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('cache_size = -65536');
    // Pages read through a memory map instead of one read() call each: plans that must read rows (a filter whose
    // column is not in the index walked) ran 3-4 times faster on 100,000 work requests (docs/BENCHMARKS.md).
    this.db.pragma('mmap_size = 1073741824');
    this.migrate();
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
        head: this.db.prepare(`SELECT created, version FROM "${c}" WHERE id = ?`),
        insert: this.db.prepare(`INSERT INTO "${c}" (id, created, version, doc) VALUES (?, ?, 1, ?)`),
        update: this.db.prepare(`UPDATE "${c}" SET doc = ?, version = version + 1 WHERE id = ? AND version = ?`),
      });
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

  private writes = 0;

  private touched(c: Collection): void {
    this.countCache.delete(c);
    for (const dependent of this.countDependents.get(c) ?? []) this.countCache.delete(dependent);
    this.writes++;
  }

  generation(): number {
    return this.writes;
  }

  get<T extends Doc = Doc>(collection: Collection, id: string, options?: ReadOptions): Stored<T> | undefined {
    const statement = options?.omit?.length
      ? this.prepared(`SELECT ${docExpression(options.omit)}, version FROM "${collection}" WHERE id = ?`)
      : this.stmts(collection).get;
    const row = statement.get(id) as { doc: string; version: number } | undefined;
    return row ? { doc: JSON.parse(row.doc) as T, version: row.version } : undefined;
  }

  insert<T extends Doc = Doc>(collection: Collection, input: Omit<T, '_id' | 'created'> & Partial<Doc>): Stored<T> {
    const doc = {
      ...input,
      _id: typeof input._id === 'string' ? input._id : newId(),
      created: typeof input.created === 'number' ? input.created : Math.floor(Date.now() / 1000),
    } as unknown as T;
    this.stmts(collection).insert.run(doc._id, doc.created, JSON.stringify(doc));
    this.touched(collection);
    return { doc, version: 1 };
  }

  replace<T extends Doc = Doc>(collection: Collection, doc: T, expectedVersion?: number): Stored<T> {
    return this.transaction(() => {
      // Only the version and `created` are needed (a translation's document can be 700 KB of JSON); the whole
      // record is read only for a conflict, whose answer shows it.
      const current = this.stmts(collection).head.get(doc._id) as { created: number; version: number } | undefined;
      if (!current) throw new Error(`no ${collection} record ${doc._id}`);
      if (expectedVersion !== undefined && expectedVersion !== current.version)
        throw new VersionConflict(this.get(collection, doc._id)!);
      const next = { ...doc, created: current.created };
      this.stmts(collection).update.run(JSON.stringify(next), doc._id, current.version);
      this.touched(collection);
      return { doc: next, version: current.version + 1 };
    });
  }

  private column(collection: Collection, field: string, kind?: IndexedField['kind']): string {
    const own = field === '_id' || field === 'created';
    if (!own && (!SQL_NAME.test(field) || !(field in INDEXED_FIELDS[collection]))) {
      throw new Error(`${collection} has no indexed field ${field}`);
    }
    if (kind && INDEXED_FIELDS[collection][field]?.kind !== kind)
      throw new Error(`${collection}.${field} is not a ${kind} field`);
    return columnName(field);
  }

  private where(collection: Collection, filters: Filter[] = []): { sql: string; params: (string | number)[] } {
    const parts: string[] = [];
    const params: (string | number)[] = [];
    for (const f of filters) {
      const col = this.column(collection, f.field);
      if (f.op === 'of') {
        const inner = this.where(f.collection, f.filters);
        parts.push(`${col} IN (SELECT id FROM "${f.collection}" ${inner.sql})`);
        params.push(...inner.params);
        continue;
      }
      const values = Array.isArray(f.value) ? f.value : [f.value];
      switch (f.op) {
        case 'eq':
          parts.push(`${col} = ?`);
          params.push(sqlValue(values[0] ?? ''));
          break;
        case 'in':
          if (values.length === 0) parts.push('0');
          else parts.push(`${col} IN (${values.map(() => '?').join(', ')})`);
          params.push(...values.map(sqlValue));
          break;
        case 'lt':
          parts.push(`${col} < ?`);
          params.push(sqlValue(values[0] ?? 0));
          break;
        case 'gt':
          parts.push(`${col} > ?`);
          params.push(sqlValue(values[0] ?? 0));
          break;
        case 'contains': {
          // Several values: any of them (a list of ids such as a user's groups); none matches nothing.
          if (Array.isArray(f.value) && f.value.length === 0) {
            parts.push('0');
            break;
          }
          const query = searchOf(f);
          if (query === undefined) break;
          parts.push(this.membership(collection, f.field, query));
          params.push(query);
          break;
        }
      }
    }
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  }

  private prepared(sql: string): Database.Statement {
    let s = this.pageStatements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      if (this.pageStatements.size > 500) this.pageStatements.clear();
      this.pageStatements.set(sql, s);
    }
    return s;
  }

  /** A count from the cache, else computed and kept until the collection's next write. */
  private cachedCount(collection: Collection, key: string, compute: () => number, filters: Filter[] = []): number {
    let cache = this.countCache.get(collection);
    const hit = cache?.get(key);
    if (hit !== undefined) return hit;
    const n = compute();
    if (!cache) this.countCache.set(collection, (cache = new Map<string, number>()));
    for (const f of filters) {
      if (f.op !== 'of') continue;
      let dependents = this.countDependents.get(f.collection);
      if (!dependents) this.countDependents.set(f.collection, (dependents = new Set()));
      dependents.add(collection);
    }
    if (cache.size > 1000) cache.clear();
    cache.set(key, n);
    return n;
  }

  count(collection: Collection, filters: Filter[] = []): number {
    return this.cachedCount(
      collection,
      JSON.stringify(filters),
      () => {
        // A search alone is counted in its own index, without visiting the collection's rows.
        const only = filters.length === 1 && filters[0]!.op === 'contains' ? filters[0]! : undefined;
        const query = only && searchOf(only);
        if (only && query) return this.matchCount(collection, only.field, query);
        const { sql, params } = this.where(collection, filters);
        return (this.prepared(`SELECT count(*) AS n FROM "${collection}" ${sql}`).get(...params) as { n: number }).n;
      },
      filters,
    );
  }

  /** How many rows a full-text query matches. */
  private matchCount(collection: Collection, field: string, query: string): number {
    this.column(collection, field, 'text');
    return this.cachedCount(collection, `match ${field} ${query}`, () => {
      const table = ftsTable(collection, field);
      return (
        this.prepared(`SELECT count(*) AS n FROM "${table}" WHERE "${table}" MATCH ?`).get(query) as { n: number }
      ).n;
    });
  }

  /**
   * The condition "the row matches the search". With few matches SQLite reads them first (`rowid IN`); with many, the
   * unary `+` keeps it from doing so, and it walks the index of the other filters or of the sort instead, checking
   * each entry's rowid against the matches (no row is read for that): left alone, it would read every match.
   */
  private membership(collection: Collection, field: string, query: string): string {
    const table = ftsTable(collection, field);
    const many = this.matchCount(collection, field, query) > FEW_MATCHES;
    return `${many ? '+' : ''}"${collection}".rowid IN (SELECT rowid FROM "${table}" WHERE "${table}" MATCH ?)`;
  }

  /**
   * `INDEXED BY` the composite index (filter field, sort field) when a page filters on that one field (besides a
   * search): for a list of values (`status IN (…)`) SQLite's planner takes the one-field index and then reads each
   * row's sort column from the table to sort them: 200–400 ms for two statuses of 100,000 work requests, against
   * well under 1 ms walking the composite index.
   */
  private indexHint(collection: Collection, filters: Filter[], sortField: string): string {
    const plain = filters.filter((f) => f.op !== 'contains');
    if (plain.length !== 1 || (plain[0]!.op !== 'eq' && plain[0]!.op !== 'in')) return '';
    const field = plain[0]!.field;
    const composite = (COMPOSITE_INDEXES[collection] ?? []).find(
      (cols) => cols.length === 2 && cols[0] === field && cols[1] === sortField,
    );
    // A search with few matches is read first; an index walk would only slow it down.
    const fewMatches = filters.some((f) => {
      if (f.op !== 'contains') return false;
      const query = searchOf(f);
      return query !== undefined && this.matchCount(collection, f.field, query) <= FEW_MATCHES;
    });
    return composite && !fewMatches ? `INDEXED BY "${collection}_${composite.join('_')}"` : '';
  }

  list<T extends Doc = Doc>(collection: Collection, query: ListQuery): Page<T> {
    const sort = query.sort ?? { field: 'created', dir: 'desc' as const };
    const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
    const order = `${this.column(collection, sort.field)} ${dir}, id ${dir}`;
    const total = this.count(collection, query.filters);
    const merged = this.mergedPageIds(collection, query, sort.field, dir);
    if (merged) {
      const rows = this.prepared(
        `SELECT ${docExpression(query.omit)} FROM "${collection}" WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ${order}`,
      ).all(JSON.stringify(merged)) as { doc: string }[];
      return { items: rows.map((r) => JSON.parse(r.doc) as T), total };
    }
    const { sql, params } = this.where(collection, query.filters);
    const hint = this.indexHint(collection, query.filters ?? [], sort.field);
    const rows = this.prepared(
      `SELECT ${docExpression(query.omit)} FROM "${collection}" WHERE id IN ` +
        `(SELECT id FROM "${collection}" ${hint} ${sql} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
    ).all(...params, query.limit, query.offset) as { doc: string }[];
    return { items: rows.map((r) => JSON.parse(r.doc) as T), total };
  }

  /** Effects waiting for the open transaction to commit (`afterCommit`). */
  private committed: (() => void)[] = [];
  /**
   * The page's ids when the list's only filter is an `in` of several values that has a composite index with the sort
   * field (a coordinator's studios, by date): one ordered index range per value, merged by SQLite (a compound
   * `UNION ALL … ORDER BY` is read as a merge), so a page costs its offset instead of a sort of every match.
   * Otherwise undefined. (With other filters beside it, the arms were measured slower than SQLite's own plan.)
   */
  private mergedPageIds(
    collection: Collection,
    query: ListQuery,
    sortField: string,
    dir: 'ASC' | 'DESC',
  ): string[] | undefined {
    const [split, ...others] = query.filters ?? [];
    if (!split || others.length > 0 || split.op !== 'in' || !Array.isArray(split.value)) return undefined;
    const values = [...new Set(split.value)];
    const indexed = (COMPOSITE_INDEXES[collection] ?? []).some(([a, b]) => a === split.field && b === sortField);
    if (!indexed || values.length < 2 || values.length > 50) return undefined;
    const arms = values.map((value) => this.where(collection, [{ field: split.field, op: 'eq', value }]));
    const sortColumn = this.column(collection, sortField);
    const sql =
      arms.map((a) => `SELECT id, ${sortColumn} FROM "${collection}" ${a.sql}`).join(' UNION ALL ') +
      ` ORDER BY 2 ${dir}, 1 ${dir} LIMIT ? OFFSET ?`;
    const rows = this.prepared(sql)
      .raw()
      .all(...arms.flatMap((a) => a.params), query.limit, query.offset) as [string, unknown][];
    return rows.map((r) => r[0]);
  }

  transaction<R>(fn: () => R): R {
    if (this.db.inTransaction) return fn();
    let result: R;
    try {
      result = this.db.transaction(fn)();
    } catch (e) {
      this.committed = [];
      // Counts read inside the transaction may include rows that were rolled back.
      this.countCache.clear();
      throw e;
    }
    this.runCommitted();
    return result;
  }

  afterCommit(effect: () => void): void {
    this.committed.push(effect);
    if (!this.db.inTransaction) this.runCommitted();
  }

  /** The write is stored: a failing effect is reported and does not undo it (or make the write look failed). */
  private runCommitted(): void {
    const effects = this.committed;
    this.committed = [];
    for (const effect of effects) {
      try {
        effect();
      } catch (e) {
        console.error('an effect after a committed write failed', e);
      }
    }
  }

  close(): void {
    this.db.close();
  }
}
