/**
 * SQLite implementation of the Store (better-sqlite3, WAL). One table per collection: the JSON document, its
 * version, and stored generated columns for the indexed fields (server/storage/indexes.ts) with an index each, so
 * that filters, sorts and counts never parse documents (a virtual column would parse the JSON at every read). Pages are fetched with a deferred join: the offset walks the
 * index only, and only the page's documents are read.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import {
  COLLECTIONS, VersionConflict, newId,
  type Collection, type Doc, type Filter, type FilterValue, type ListQuery, type Page, type ReadOptions, type Store,
  type Stored,
} from '../store';
import { INDEXED_FIELDS, COMPOSITE_INDEXES, type IndexedField } from '../indexes';

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

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
  private readonly pageStatements = new Map<string, Database.Statement>();

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('cache_size = -65536');
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
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${c}_created" ON "${c}" (created, id)`);
      for (const [name, f] of Object.entries(fields)) {
        if (f.kind === 'text') continue;
        this.db.exec(`CREATE INDEX IF NOT EXISTS "${c}_${name}" ON "${c}" ("f_${name}", id)`);
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

  private stmts(c: Collection): Statements {
    const s = this.statements.get(c);
    if (!s) throw new Error(`unknown collection ${c}`);
    return s;
  }

  private writes = 0;

  private touched(c: Collection): void {
    this.countCache.delete(c);
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
      if (expectedVersion !== undefined && expectedVersion !== current.version) throw new VersionConflict(this.get(collection, doc._id)!);
      const next = { ...doc, created: current.created };
      this.stmts(collection).update.run(JSON.stringify(next), doc._id, current.version);
      this.touched(collection);
      return { doc: next, version: current.version + 1 };
    });
  }

  private column(collection: Collection, field: string): string {
    const own = field === '_id' || field === 'created';
    if (!own && (!SQL_NAME.test(field) || !(field in INDEXED_FIELDS[collection]))) {
      throw new Error(`${collection} has no indexed field ${field}`);
    }
    return columnName(field);
  }

  private where(collection: Collection, filters: Filter[] = []): { sql: string; params: (string | number)[] } {
    const parts: string[] = [];
    const params: (string | number)[] = [];
    for (const f of filters) {
      const col = this.column(collection, f.field);
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
        case 'contains':
          parts.push(`instr(${col}, ?) > 0`);
          params.push(String(values[0] ?? '').toLowerCase());
          break;
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

  count(collection: Collection, filters: Filter[] = []): number {
    const key = JSON.stringify(filters);
    let cache = this.countCache.get(collection);
    const hit = cache?.get(key);
    if (hit !== undefined) return hit;
    const { sql, params } = this.where(collection, filters);
    const row = this.prepared(`SELECT count(*) AS n FROM "${collection}" ${sql}`).get(...params) as { n: number };
    if (!cache) this.countCache.set(collection, (cache = new Map<string, number>()));
    if (cache.size > 1000) cache.clear();
    cache.set(key, row.n);
    return row.n;
  }

  list<T extends Doc = Doc>(collection: Collection, query: ListQuery): Page<T> {
    const { sql, params } = this.where(collection, query.filters);
    const sort = query.sort ?? { field: 'created', dir: 'desc' as const };
    const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
    const order = `${this.column(collection, sort.field)} ${dir}, id ${dir}`;
    const rows = this.prepared(
      `SELECT ${docExpression(query.omit)} FROM "${collection}" WHERE id IN ` +
        `(SELECT id FROM "${collection}" ${sql} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
    ).all(...params, query.limit, query.offset) as { doc: string }[];
    return { items: rows.map((r) => JSON.parse(r.doc) as T), total: this.count(collection, query.filters) };
  }

  transaction<R>(fn: () => R): R {
    if (this.db.inTransaction) return fn();
    return this.db.transaction(fn)();
  }

  close(): void {
    this.db.close();
  }
}
