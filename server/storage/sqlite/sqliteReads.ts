/**
 * The SQLite store's reads that take time (list pages, counts, grouped figures), over one connection: the store's
 * own, or a reader worker's (readerPool.ts: the same queries off the event loop). The SQL they build, the plans
 * they steer (`membership`, `indexHint`, `coveringHint`) and the caches they keep until a collection's next write
 * (counts, an indexed column's few values) live here once. Nothing here writes.
 */
import type Database from 'better-sqlite3';
import type {
  AggregateGroup,
  AggregateQuery,
  Collection,
  Filter,
  FilterValue,
  Generations,
  ListQuery,
  ValueFilter,
} from '../store';
import { INDEXED_FIELDS, COMPOSITE_INDEXES, type IndexedField } from '../indexes';
import { ftsAnyOf, ftsQuery, ftsTable } from './fullText';
import { groupingsOf, groupsOf, sumsOf } from '../aggregate';

export const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Up to this many search matches, a page or count reads the matching rows directly (one lookup each). Beyond it, it
 * walks an index of the other filters or of the sort and keeps the entries the search matched: the cost is bounded
 * by the index, where reading every match of "a" (70,000 rows of 100,000) and sorting them took 160 ms.
 */
const FEW_MATCHES = 2000;

/**
 * Up to this many distinct values, an indexed column's values are listed (one index seek each) to tell when an `in`
 * filter holds every row (`universalFilters`); a column with more is not listed.
 */
const FEW_VALUES = 64;

/** A list page as read: the documents' JSON text, and the total of rows the filters select. */
export interface RawPage {
  docs: string[];
  total: number;
}

/** The SQL column of a field: the table's own `id` / `created`, or the generated column of an indexed field. */
export function columnName(field: string): string {
  if (field === '_id') return 'id';
  if (field === 'created') return 'created';
  return `"f_${field}"`;
}

/** The document column, or `json_remove(doc, …)` without the omitted top-level fields (SQLite does the work in C). */
export function docExpression(omit: string[] | undefined): string {
  if (!omit?.length) return 'doc';
  for (const f of omit) if (!SQL_NAME.test(f)) throw new Error(`cannot omit field ${f}`);
  return `json_remove(doc, ${omit.map((f) => `'$.${f}'`).join(', ')}) AS doc`;
}

/** The FTS query of a `contains` filter; undefined when its text has nothing searchable. */
export function searchOf(filter: ValueFilter): string | undefined {
  if (Array.isArray(filter.value)) return ftsAnyOf(filter.value.map(String));
  return ftsQuery(String(filter.value ?? ''));
}

function sqlValue(value: FilterValue): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

export class SqliteReads {
  /** Counts are cached per collection until its next write: list pages ask for the same total again and again. */
  private readonly countCache = new Map<Collection, Map<string, number>>();
  /** Collections whose cached counts used a semi-join (`of`) on the key collection: its writes clear them too. */
  private readonly countDependents = new Map<Collection, Set<Collection>>();
  private readonly pageStatements = new Map<string, Database.Statement>();
  /** Per collection and field: the column's distinct values (null: too many, or a row without one); until a write. */
  private readonly columnValueSets = new Map<Collection, Map<string, ReadonlySet<string | number> | null>>();
  /** The generations the caches were kept at (`catchUp`): a reader worker learns of writes through them. */
  private seen: Generations | undefined;

  constructor(private readonly db: Database.Database) {}

  /** A collection was written: what was derived from its rows (and counts that joined them) is forgotten. */
  touched(c: Collection): void {
    this.countCache.delete(c);
    this.columnValueSets.delete(c);
    for (const dependent of this.countDependents.get(c) ?? []) this.countCache.delete(dependent);
  }

  /** Everything derived is forgotten (a rolled-back transaction may have been counted). */
  forget(): void {
    this.countCache.clear();
    this.columnValueSets.clear();
  }

  /** Forgets what was derived from the collections written since the generations last seen (a reader worker). */
  catchUp(generations: Generations): void {
    const seen = this.seen;
    this.seen = generations;
    if (!seen) return;
    for (const c of Object.keys(generations) as Collection[]) if (seen[c] !== generations[c]) this.touched(c);
  }

  column(collection: Collection, field: string, kind?: IndexedField['kind']): string {
    const own = field === '_id' || field === 'created';
    if (!own && (!SQL_NAME.test(field) || !(field in INDEXED_FIELDS[collection]))) {
      throw new Error(`${collection} has no indexed field ${field}`);
    }
    if (kind && INDEXED_FIELDS[collection][field]?.kind !== kind)
      throw new Error(`${collection}.${field} is not a ${kind} field`);
    return columnName(field);
  }

  where(collection: Collection, filters: Filter[] = []): { sql: string; params: (string | number)[] } {
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
        case 'gte':
          parts.push(`${col} >= ?`);
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

  prepared(sql: string): Database.Statement {
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

  /**
   * The distinct values of an indexed field's column, found by seeking its index from one value to the next (a few
   * microseconds each); null when some row has none (NULL: no `in` holds it) or there are more than FEW_VALUES.
   * Kept until the collection's next write.
   */
  private columnValues(collection: Collection, field: string): ReadonlySet<string | number> | null {
    let sets = this.columnValueSets.get(collection);
    const known = sets?.get(field);
    if (known !== undefined) return known;
    const col = this.column(collection, field);
    const table = `"${collection}"`;
    let values: Set<string | number> | null = null;
    if (!this.prepared(`SELECT 1 FROM ${table} WHERE ${col} IS NULL LIMIT 1`).get()) {
      values = new Set();
      const first = this.prepared(`SELECT ${col} FROM ${table} WHERE ${col} IS NOT NULL ORDER BY ${col} LIMIT 1`);
      const next = this.prepared(`SELECT ${col} FROM ${table} WHERE ${col} > ? ORDER BY ${col} LIMIT 1`);
      let row = first.raw().get() as [string | number] | undefined;
      while (row && values) {
        values.add(row[0]);
        row = next.raw().get(row[0]) as [string | number] | undefined;
        if (values.size > FEW_VALUES) values = null;
      }
    }
    if (!sets) this.columnValueSets.set(collection, (sets = new Map<string, ReadonlySet<string | number> | null>()));
    sets.set(field, values);
    return values;
  }

  /**
   * The filters without those every row satisfies: an `in` whose list holds each value its column has (a coordinator
   * of every studio: `studio in (all of them)`). Such a filter selects the same rows as none, but counting or paging
   * through it walks its index entry by entry (a count of 100,000 work requests by studio took 25-55 ms, after every
   * write, where the table's own count takes 0.1 ms; a page at offset 50,000 merged by studio 7 ms, by date alone
   * 0.5 ms). Access scoping is unchanged: a filter is dropped only when it would keep every row.
   */
  private universalFilters(collection: Collection, filters: Filter[] | undefined): Filter[] | undefined {
    let kept = filters;
    for (const f of filters ?? []) {
      if (f.op !== 'in' || !Array.isArray(f.value) || f.value.length === 0) continue;
      const fields = INDEXED_FIELDS[collection];
      if (!Object.hasOwn(fields, f.field) || fields[f.field]!.kind === 'text') continue;
      const values = this.columnValues(collection, f.field);
      if (!values) continue;
      const wanted = new Set(f.value.map(sqlValue));
      if ([...values].every((v) => wanted.has(v))) kept = kept!.filter((k) => k !== f);
    }
    return kept;
  }

  countRows(collection: Collection, given: Filter[] = []): number {
    const filters = this.universalFilters(collection, given) ?? [];
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

  /**
   * `INDEXED BY` a composite index holding every column an aggregate reads (its groups, sums and filters), so it
   * reads that index alone: SQLite's planner takes the one-column `created` index for a date range and then reads
   * every row from the table (2-3 s for a report over 100,000 work requests, against ~100 ms walking the covering
   * index). One leading with a field filtered to a few values (a studio) first, else one leading with a filtered range.
   */
  private coveringHint(collection: Collection, read: string[], filters: Filter[]): string {
    if (filters.some((f) => f.op === 'contains' || f.op === 'of')) return '';
    const needed = new Set([...read, ...filters.map((f) => f.field)]);
    const covering = (COMPOSITE_INDEXES[collection] ?? []).filter((cols) => [...needed].every((f) => cols.includes(f)));
    const leadsWith = (op: (f: Filter) => boolean) =>
      covering.find((cols) => filters.some((f) => f.field === cols[0] && op(f)));
    const best =
      leadsWith((f) => f.op === 'eq' || f.op === 'in') ??
      leadsWith((f) => f.op === 'gte' || f.op === 'lt' || f.op === 'gt');
    return best ? `INDEXED BY "${collection}_${best.join('_')}"` : '';
  }

  /** A page's documents as stored (JSON text: the caller parses them, on its own thread) and the total. */
  listRows(collection: Collection, given: ListQuery): RawPage {
    const query = { ...given, filters: this.universalFilters(collection, given.filters) };
    const sort = query.sort ?? { field: 'created', dir: 'desc' as const };
    const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
    const order = `${this.column(collection, sort.field)} ${dir}, id ${dir}`;
    const total = this.countRows(collection, query.filters);
    const merged = this.mergedPageIds(collection, query, sort.field, dir);
    if (merged) {
      const rows = this.prepared(
        `SELECT ${docExpression(query.omit)} FROM "${collection}" WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ${order}`,
      )
        .pluck()
        .all(JSON.stringify(merged)) as string[];
      return { docs: rows, total };
    }
    const { sql, params } = this.where(collection, query.filters);
    const hint = this.indexHint(collection, query.filters ?? [], sort.field);
    const rows = this.prepared(
      `SELECT ${docExpression(query.omit)} FROM "${collection}" WHERE id IN ` +
        `(SELECT id FROM "${collection}" ${hint} ${sql} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
    )
      .pluck()
      .all(...params, query.limit, query.offset) as string[];
    return { docs: rows, total };
  }

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

  aggregate(collection: Collection, query: AggregateQuery): AggregateGroup[] {
    const groupings = groupingsOf(collection, query);
    const sums = sumsOf(collection, query);
    const keys = groupings.map(({ field, bucket }, i) => {
      const col = this.column(collection, field);
      // UTC weeks start on Monday: 'weekday 0' moves to the next Sunday (a Sunday stays), '-6 days' back to its Monday.
      const sql =
        bucket === 'month'
          ? `strftime('%Y-%m', ${col}, 'unixepoch')`
          : bucket === 'week'
            ? `date(${col}, 'unixepoch', 'weekday 0', '-6 days')`
            : col;
      return `${sql} AS k${i}`;
    });
    const measures = sums.flatMap((f, i) => {
      const col = this.column(collection, f);
      return [`total(${col}) AS s${i}`, `count(${col}) AS c${i}`];
    });
    const filters = this.universalFilters(collection, query.filters);
    const { sql, params } = this.where(collection, filters);
    const hint = this.coveringHint(collection, [...groupings.map((g) => g.field), ...sums], filters ?? []);
    const by = keys.length ? ` GROUP BY ${keys.map((_, i) => `k${i}`).join(', ')}` : '';
    const rows = this.prepared(
      `SELECT ${[...keys, 'count(*) AS n', ...measures].join(', ')} FROM "${collection}" ${hint} ${sql}${by}`,
    ).all(...params) as Record<string, unknown>[];
    return groupsOf(rows, keys.length, sums);
  }
}
