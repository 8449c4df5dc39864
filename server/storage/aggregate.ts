/**
 * What both stores share of `aggregate` (store.ts, AggregateQuery): the checks of a query and the shape of its
 * answer. Each store writes its own SQL (the time buckets differ); a row comes back as `k0…kn` (the group's keys),
 * `n` (its count), and per summed field `s<i>` (the sum) and `c<i>` (how many rows have a value).
 */
import type { AggregateGroup, AggregateQuery, Collection, TimeBucket } from './store';
import { INDEXED_FIELDS } from './indexes';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A groupBy entry as a field and an optional bucket; throws on a field that is not a value one. */
export function groupingsOf(
  collection: Collection,
  query: AggregateQuery,
): { field: string; bucket: TimeBucket | undefined }[] {
  return query.groupBy.map((g) => {
    const field = typeof g === 'string' ? g : g.field;
    const bucket = typeof g === 'string' ? undefined : g.bucket;
    checkField(collection, field);
    if (bucket !== undefined && bucket !== 'week' && bucket !== 'month')
      throw new Error(`unknown bucket ${String(bucket)}`);
    return { field, bucket };
  });
}

/** The summed fields, checked. */
export function sumsOf(collection: Collection, query: AggregateQuery): string[] {
  for (const f of query.sums ?? []) checkField(collection, f);
  return query.sums ?? [];
}

function checkField(collection: Collection, field: string): void {
  if (field === 'created') return;
  const indexed = FIELD_NAME.test(field) ? INDEXED_FIELDS[collection][field] : undefined;
  if (!indexed || indexed.kind === 'text') throw new Error(`${collection} cannot be grouped or summed by ${field}`);
}

/** The database's rows as AggregateGroups. */
export function groupsOf(
  rows: readonly Record<string, unknown>[],
  keys: number,
  sums: readonly string[],
): AggregateGroup[] {
  return rows.map((row) => ({
    keys: Array.from({ length: keys }, (_, i) => keyOf(row[`k${i}`])),
    count: Number(row.n),
    sums: Object.fromEntries(
      sums.map((f, i) => [f, { sum: Number(row[`s${i}`] ?? 0), counted: Number(row[`c${i}`] ?? 0) }]),
    ),
  }));
}

function keyOf(value: unknown): string | number | null {
  if (typeof value === 'number' || typeof value === 'string') return value;
  return typeof value === 'bigint' ? Number(value) : null;
}
