/**
 * Many records into one PostgreSQL table in one statement, kept as they are: id, creation time, version and document
 * (the store's `insert` makes a new record at version 1; this path is for moving records that already exist, as
 * `npm run migrate-data` does, storage/migrateData.ts). The word-search columns are made as the store's `insert`
 * makes them (search.ts); the generated columns fill themselves.
 */
import pg from 'pg';
import type { Collection } from '../store';
import { pgColumns } from './columns';
import { jsonOf, UnstorableText } from './postgresStore';
import { searchedTexts } from './schema';
import { tsvectorOf } from './search';

/** A record as both databases hold it: the table's own columns and the document. */
export interface RawRecord {
  id: string;
  created: number;
  version: number;
  doc: Record<string, unknown>;
}

/**
 * Inserts the records (one `INSERT … SELECT FROM unnest(…)`). A record PostgreSQL cannot store, or one that repeats a
 * unique value (SQLite keeps working without a unique index when an old file holds duplicates), is refused with a
 * message naming it; the statement then changes nothing.
 */
export async function bulkInsert(client: pg.ClientBase, c: Collection, records: readonly RawRecord[]): Promise<void> {
  if (records.length === 0) return;
  const words = pgColumns(c).filter((col) => col.kind === 'words');
  // One JSON parameter (an array of rows) read by jsonb_to_recordset: PostgreSQL parses it once, where text[] of
  // escaped documents cast one by one to jsonb was several times slower for large documents.
  const rows = records.map((r) => {
    const row: Record<string, unknown> = { id: r.id, created: Math.floor(r.created), version: r.version, doc: r.doc };
    words.forEach((w, i) => (row[`w${i}`] = tsvectorOf(searchedTexts(r.doc, w))));
    return row;
  });
  let json: string;
  try {
    json = jsonOf(c, rows);
  } catch (e) {
    if (!(e instanceof UnstorableText)) throw e;
    const bad = records.find((r) => {
      try {
        jsonOf(c, r.doc);
        return false;
      } catch {
        return true;
      }
    });
    throw new Error(`${c} ${bad?.id ?? ''}: ${e.message}`, { cause: e });
  }
  const sql =
    `INSERT INTO "${c}" (id, created, version, doc${words.map((w) => `, "${w.column}"`).join('')}) ` +
    `SELECT id, created, version, doc${words.map((_, i) => `, w${i}::tsvector`).join('')} ` +
    `FROM jsonb_to_recordset($1::jsonb) AS v(id text, created bigint, version integer, doc jsonb` +
    `${words.map((_, i) => `, w${i} text`).join('')})`;
  const params = [json];
  try {
    await client.query(sql, params);
  } catch (e) {
    throw duplicateNamed(c, e);
  }
}

/** PostgreSQL's unique violation (an insert, or a unique index made over the rows) said for people; else unchanged. */
export function duplicateNamed(c: Collection, e: unknown): unknown {
  if (!(e instanceof pg.DatabaseError) || e.code !== '23505') return e;
  return new Error(
    `${c}: two records hold the same value of a unique field (${e.detail ?? e.constraint}): ` +
      'remove the duplicate from the source first',
    { cause: e },
  );
}
