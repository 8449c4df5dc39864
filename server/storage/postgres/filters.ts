/**
 * Filters, sorts and columns of the PostgreSQL store as SQL: the same meaning as the SQLite store's (store.ts), with
 * every value a bind parameter and every name checked against indexes.ts.
 */
import type { Collection, Filter, FilterValue } from '../store';
import { pgColumns, type PgColumn } from './columns';
import { tsqueryAnyOf, tsqueryOf } from './search';

/** Bind parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const columnCache = new Map<Collection, Map<string, PgColumn>>();

/** The indexed columns of a collection, by field name. */
export function columnsOf(collection: Collection): Map<string, PgColumn> {
  let map = columnCache.get(collection);
  if (!map) {
    map = new Map(pgColumns(collection).map((c) => [c.field, c]));
    columnCache.set(collection, map);
  }
  return map;
}

function indexed(collection: Collection, field: string): PgColumn {
  const column = columnsOf(collection).get(field);
  if (!column) throw new Error(`${collection} has no indexed field ${field}`);
  return column;
}

/** The SQL of a field to compare or sort on: the row's `id` / `created`, or an indexed field's column. */
/** An index key part for a field: NULLs first (see orderSql), except on the columns that are never NULL. */
export function indexKey(collection: Collection, field: string): string {
  const col = sortColumn(collection, field);
  return field === '_id' || field === 'created' ? col : `${col} NULLS FIRST`;
}

export function sortColumn(collection: Collection, field: string): string {
  if (field === '_id') return 'id';
  if (field === 'created') return 'created';
  const column = indexed(collection, field);
  if (column.kind === 'words' || column.kind === 'ids') throw new Error(`${collection}.${field} cannot be sorted on`);
  return `"${column.column}"`;
}

/** PostgreSQL text cannot hold NUL: a value with one is equal to nothing stored. */
const NUL = '\u0000';

/** A filter value as its column compares it, or undefined when it can equal nothing stored there. */
function valueFor(numeric: boolean, value: FilterValue | undefined): string | number | undefined {
  if (value === undefined) return undefined;
  if (numeric) {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    const n = value.trim() === '' ? NaN : Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  const s = String(value);
  return s.includes(NUL) ? undefined : s;
}

function isNumeric(collection: Collection, field: string): boolean {
  if (field === 'created') return true;
  if (field === '_id') return false;
  const c = indexed(collection, field);
  return c.kind === 'number' || (c.kind === 'expression' && !c.definition.startsWith('text'));
}

/**
 * A condition on the `created` column (bigint) with bigint values, so its index serves it (compared with a
 * double, the column would be cast and the index left out): `> 5.5` is `> 5`, `< 5.5` is `< 6`, `= 5.5` is nothing.
 */
function createdCondition(op: 'eq' | 'in' | 'lt' | 'gt' | 'gte', list: FilterValue[], params: Params): string {
  const numbers = list.map((v) => valueFor(true, v)).filter((v) => typeof v === 'number');
  if (op === 'eq' || op === 'in') {
    const whole = (op === 'eq' ? numbers.slice(0, 1) : numbers).filter((n) => Number.isSafeInteger(n));
    if (whole.length === 0) return 'FALSE';
    return op === 'eq' ? `created = ${params.add(whole[0])}::bigint` : `created = ANY(${params.add(whole)}::bigint[])`;
  }
  const n = numbers[0];
  if (n === undefined) return 'FALSE';
  if (op === 'gt') return `created > ${params.add(Math.floor(n))}::bigint`;
  if (op === 'gte') return `created >= ${params.add(Math.ceil(n))}::bigint`;
  return `created < ${params.add(Math.ceil(n))}::bigint`;
}

/** The SQL condition of the filters (`TRUE` for none), its values added to `params`. */
export function whereSql(collection: Collection, filters: readonly Filter[] = [], params: Params): string {
  const parts: string[] = [];
  for (const f of filters) {
    if (f.op === 'of') {
      const col = sortColumn(collection, f.field);
      parts.push(`${col} IN (SELECT id FROM "${f.collection}" WHERE ${whereSql(f.collection, f.filters, params)})`);
      continue;
    }
    if (f.op === 'contains') {
      const column = indexed(collection, f.field);
      if (column.kind !== 'words' && column.kind !== 'ids')
        throw new Error(`${collection}.${f.field} is not a text field`);
      const values = Array.isArray(f.value) ? f.value.map(String) : [String(f.value ?? '')];
      if (Array.isArray(f.value) && values.length === 0) {
        parts.push('FALSE');
        continue;
      }
      if (column.kind === 'ids') {
        const ids = values.filter((v) => v !== '' && !v.includes(NUL));
        parts.push(ids.length ? `"${column.column}" ?| ${params.add(ids)}::text[]` : 'FALSE');
        continue;
      }
      const query = Array.isArray(f.value) ? tsqueryAnyOf(values) : tsqueryOf(values[0]!);
      if (query === undefined) {
        // Nothing searchable typed narrows nothing; a list of values none of which is a word matches nothing.
        if (Array.isArray(f.value)) parts.push('FALSE');
        continue;
      }
      parts.push(`"${column.column}" @@ ${params.add(query)}::tsquery`);
      continue;
    }
    const col = sortColumn(collection, f.field);
    const numeric = isNumeric(collection, f.field);
    const list = Array.isArray(f.value) ? f.value : [f.value];
    if (f.field === 'created') {
      parts.push(createdCondition(f.op, list, params));
      continue;
    }
    const type = numeric ? 'double precision' : 'text';
    if (f.op === 'in') {
      const values = list.map((v) => valueFor(numeric, v)).filter((v) => v !== undefined);
      parts.push(values.length ? `${col} = ANY(${params.add(values)}::${type}[])` : 'FALSE');
      continue;
    }
    const value = valueFor(numeric, list[0]);
    if (value === undefined) {
      parts.push('FALSE');
      continue;
    }
    const operator = { eq: '=', lt: '<', gt: '>', gte: '>=' }[f.op];
    parts.push(`${col} ${operator} ${params.add(value)}::${type}`);
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/**
 * The ORDER BY of a sort, `id` breaking ties; NULLs first ascending and last descending, as SQLite sorts them (the
 * field indexes are made `NULLS FIRST`, so both directions walk them).
 */
export function orderSql(collection: Collection, sort: { field: string; dir: 'asc' | 'desc' }, prefix = ''): string {
  const col = sortColumn(collection, sort.field);
  // `id` and `created` are never NULL: a NULLS clause on them would keep the planner from their plain indexes.
  const nulls =
    sort.field === '_id' || sort.field === 'created' ? '' : sort.dir === 'asc' ? ' NULLS FIRST' : ' NULLS LAST';
  const dir = (sort.dir === 'asc' ? 'ASC' : 'DESC') + nulls;
  const idDir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  return `${prefix}${col} ${dir}, ${prefix}id ${idDir}`;
}
