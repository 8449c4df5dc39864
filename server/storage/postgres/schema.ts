/**
 * The PostgreSQL schema: versioned migrations (`schema_migrations`) and, after them, the tables, columns and indexes
 * that indexes.ts (its indexed and unique fields) and columns.ts describe, brought up to date at every start. Both run under one
 * advisory lock, each step in a transaction, so instances starting together take turns and the later ones find
 * the work done.
 *
 * A derived column's or index's definition is recorded in `schema_fields`: when indexes.ts or columns.ts change it,
 * it is dropped and made again (a column's indexes with it); a word-search column is then filled from the documents.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { COLLECTIONS, type Collection } from '../store';
import { COMPOSITE_INDEXES } from '../indexes';
import { UNIQUE_FIELDS } from '../indexes';
import { checkPgFields, pgColumns, type PgColumn } from './columns';
import { indexKey } from './filters';
import { tsvectorOf } from './search';

/** The advisory lock key of schema changes (any constant all instances share: "mws schema"). */
const SCHEMA_LOCK = 0x6d7773_5343;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Hand-written, in order, never edited once released: add a new one instead. */
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'generation counter and derived-column records',
    sql: `
      CREATE SEQUENCE IF NOT EXISTS mws_generation;
      CREATE OR REPLACE FUNCTION mws_bump_generation() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN PERFORM nextval('mws_generation'); RETURN NULL; END $$;
      CREATE TABLE IF NOT EXISTS schema_fields (
        tbl text NOT NULL, col text NOT NULL, definition text NOT NULL, PRIMARY KEY (tbl, col)
      );`,
  },
  {
    version: 2,
    name: 'shared counters (the sign-in limiter)',
    // No generation trigger: a counter is not a record (store.ts, SharedCounters).
    sql: `
      CREATE TABLE IF NOT EXISTS mws_counters (
        key text COLLATE "C" PRIMARY KEY, count integer NOT NULL, reset_at bigint NOT NULL
      );`,
  },
  {
    version: 3,
    name: 'translation memory (segments, exact and trigram indexes)',
    // No generation trigger: a segment is not a record (storage/memory.ts). pg_trgm is trusted (PostgreSQL 13+).
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE TABLE IF NOT EXISTS mws_memory (
        id bigserial PRIMARY KEY, studio text COLLATE "C" NOT NULL, source text COLLATE "C" NOT NULL,
        target text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL, fuzzy text NOT NULL, original text NOT NULL,
        text text NOT NULL, translation text COLLATE "C" NOT NULL, work_request text COLLATE "C" NOT NULL,
        approved bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS mws_memory_exact ON mws_memory (studio, source, target, key);
      CREATE INDEX IF NOT EXISTS mws_memory_translation ON mws_memory (translation);
      CREATE INDEX IF NOT EXISTS mws_memory_fuzzy ON mws_memory USING gin (fuzzy gin_trgm_ops);`,
  },
  {
    version: 4,
    name: "job runners' heartbeats (jobs held by a dead instance are taken back)",
    // No generation trigger: a heartbeat is not a record (postgres/jobs.ts).
    sql: `
      CREATE TABLE IF NOT EXISTS mws_job_runners (
        id text COLLATE "C" PRIMARY KEY, workers text[] NOT NULL, seen_at timestamptz NOT NULL
      );`,
  },
];

/**
 * The sequence holding a collection's generation (store.ts, `generations`): bumped by a statement-level trigger at
 * every write statement on the collection's table, and again by the store once the write's commit is visible.
 * Sequences, not rows: `nextval` takes no lock and is not undone by a rollback, so writers of one collection never
 * wait for each other's commits to bump it (an UPDATE of a counter row would queue them, and could deadlock two
 * transactions writing two collections in opposite orders).
 */
export function generationSequence(c: Collection): string {
  return `mws_gen_${c.toLowerCase()}`;
}

/**
 * The sequence of a collection's row layout: which rows it holds and their indexed columns' values (every column but
 * the document and its version). Bumped, after the commit, by a write that may change them: an insert, an update that
 * changed an indexed column's value (a status change: yes; a translation's save or a comment changing only unindexed
 * members: no), any `updateWhere`. What a kept count reading the collection through a semi-join depends on
 * (postgresStore.ts): a write that leaves the layout as it was cannot change which rows a filter selects.
 */
export function layoutSequence(c: Collection): string {
  return `mws_layout_${c.toLowerCase()}`;
}

/**
 * The same, finer, in two parts. The collection's rows (`mws_rows_<c>`): bumped by an insert and by any `updateWhere`
 * (which may change any column); and one sequence per indexed column (`mws_layout_<c>_<column>`), bumped when an
 * update changed that column's value. A kept count or page anchor (postgresStore.ts) depends on the rows and on the
 * columns its filters and sort read: a status change leaves the total of a studio's work requests kept.
 */
export function rowsSequence(c: Collection): string {
  return `mws_rows_${c.toLowerCase()}`;
}

export function columnSequence(c: Collection, column: string): string {
  const name = `${layoutSequence(c)}_${column}`;
  if (Buffer.byteLength(name) > 63) throw new Error(`sequence name ${name} is too long for PostgreSQL`);
  return name;
}

/** What a commit may have changed of a collection's layout: its rows (any column), or these indexed columns' values. */
export type LayoutChange = 'rows' | ReadonlySet<string>;

/**
 * One statement bumping the generations of these collections, and the layouts of `moved` (by default all of them,
 * rows and all) (after a commit: postgresStore.ts, migrateData.ts).
 */
export function bumpGenerationsSql(
  collections: Iterable<Collection>,
  moved?: ReadonlyMap<Collection, LayoutChange>,
): string {
  const written = [...collections];
  const layouts = moved ?? new Map(written.map((c) => [c, 'rows' as const]));
  const bumps = [
    ...written.map((c) => `nextval('${generationSequence(c)}')`),
    ...[...layouts].flatMap(([c, change]) => [
      `nextval('${layoutSequence(c)}')`,
      ...(change === 'rows' ? [rowsSequence(c)] : [...change].map((col) => columnSequence(c, col))).map(
        (seq) => `nextval('${seq}')`,
      ),
    ]),
  ];
  return `SELECT ${bumps.join(', ')}`;
}

/** The trigger function: bumps the sequence its trigger names (every collection's table has one, syncCollection). */
const GENERATION_TRIGGER_FUNCTION = `
  CREATE OR REPLACE FUNCTION mws_bump_collection_generation() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN PERFORM nextval(TG_ARGV[0]::regclass); RETURN NULL; END $$;`;

/** The name of an index (PostgreSQL keeps 63 bytes of a name: longer ones would be cut and could collide). */
function indexName(collection: Collection, parts: string[]): string {
  let name = `${collection}_${parts.join('_')}`;
  // A wide index (the reports' covering ones) is named by its first column and a digest of them all.
  if (Buffer.byteLength(name) > 63) {
    const digest = createHash('sha256').update(parts.join(',')).digest('hex').slice(0, 12);
    name = `${collection}_${parts[0]}_${parts.length}_${digest}`;
  }
  if (Buffer.byteLength(name) > 63) throw new Error(`index name ${name} is too long for PostgreSQL`);
  return name;
}

/** Applies the pending migrations and brings the derived schema up to date, under the schema lock. */
/** The schema version this code needs: the last migration's. */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

export async function migrate(client: PoolClient): Promise<void> {
  checkPgFields();
  await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
  try {
    await inTransaction(client, () =>
      client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`),
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await inTransaction(client, async () => {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      });
    }
    await inTransaction(client, () => client.query(GENERATION_TRIGGER_FUNCTION));
    for (const c of COLLECTIONS) await inTransaction(client, () => syncCollection(client, c));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
  }
}

async function inTransaction(client: PoolClient, fn: () => Promise<unknown>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
}

/** The collection's table, its derived columns and its indexes, as the current code describes them. */
async function syncCollection(client: PoolClient, c: Collection): Promise<void> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS "${c}" (id text COLLATE "C" PRIMARY KEY, created bigint NOT NULL, ` +
      `version integer NOT NULL, doc jsonb NOT NULL)`,
  );
  // One generation per collection (tables used to bump `mws_generation`, one for all: it is no longer read).
  await client.query(`CREATE SEQUENCE IF NOT EXISTS ${generationSequence(c)}`);
  await client.query(`CREATE SEQUENCE IF NOT EXISTS ${layoutSequence(c)}`);
  await client.query(`CREATE SEQUENCE IF NOT EXISTS ${rowsSequence(c)}`);
  await client.query(
    `CREATE OR REPLACE TRIGGER "${c}_generation" AFTER INSERT OR UPDATE OR DELETE ON "${c}" ` +
      `FOR EACH STATEMENT EXECUTE FUNCTION mws_bump_collection_generation('${generationSequence(c)}')`,
  );
  const recorded = new Map(
    (
      await client.query<{ col: string; definition: string }>(
        'SELECT col, definition FROM schema_fields WHERE tbl = $1',
        [c],
      )
    ).rows.map((r) => [r.col, r.definition]),
  );
  const columns = pgColumns(c);
  const wanted = new Set(columns.map((col) => col.column));
  for (const [col] of recorded) {
    if (wanted.has(col) || col.startsWith('index:')) continue;
    await client.query(`ALTER TABLE "${c}" DROP COLUMN IF EXISTS "${col}"`);
    await client.query('DELETE FROM schema_fields WHERE tbl = $1 AND col = $2', [c, col]);
  }
  let remade = false;
  for (const col of columns) {
    if (recorded.get(col.column) === col.definition) continue;
    await client.query(`ALTER TABLE "${c}" DROP COLUMN IF EXISTS "${col.column}"`);
    await client.query(`ALTER TABLE "${c}" ADD COLUMN "${col.column}" ${col.definition}`);
    await record(client, c, col.column, col.definition);
    if (col.kind === 'words') await fillWords(client, c, col);
    remade = true;
  }
  // A column made again holds values made anew: what instances kept by the layout is void.
  if (remade) await client.query(bumpGenerationsSql([c]));
  for (const col of columns) await client.query(`CREATE SEQUENCE IF NOT EXISTS ${columnSequence(c, col.column)}`);
  const indexes = new Map<string, string>([[indexName(c, ['created']), `ON "${c}" (created, id)`]]);
  for (const col of columns) {
    const name = indexName(c, [col.field]);
    if (col.kind === 'words' || col.kind === 'ids') indexes.set(name, `ON "${c}" USING gin ("${col.column}")`);
    else indexes.set(name, `ON "${c}" (${indexKey(c, col.field)}, id)`);
  }
  for (const cols of COMPOSITE_INDEXES[c] ?? []) {
    indexes.set(indexName(c, cols), `ON "${c}" (${cols.map((f) => indexKey(c, f)).join(', ')}, id)`);
  }
  for (const field of UNIQUE_FIELDS[c] ?? []) {
    const col = columns.find((x) => x.field === field);
    if (!col || (col.kind !== 'text' && col.kind !== 'number')) {
      throw new Error(`indexes.ts UNIQUE_FIELDS: ${c}.${field} must be an indexed value field`);
    }
    indexes.set(uniqueIndexName(c, field), `UNIQUE:ON "${c}" ("${col.column}")`);
  }
  // Indexes are recorded like columns (`index:<name>`): one whose definition changed is made again.
  for (const [name, definition] of indexes) {
    const key = `index:${name}`;
    const found = await client.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [`"${name}"`]);
    const exists = found.rows[0]?.ok === true;
    if (exists && recorded.get(key) === definition) continue;
    await client.query(`DROP INDEX IF EXISTS "${name}"`);
    const unique = definition.startsWith('UNIQUE:');
    await client.query(
      `CREATE ${unique ? 'UNIQUE ' : ''}INDEX "${name}" ${unique ? definition.slice('UNIQUE:'.length) : definition}`,
    );
    await record(client, c, key, definition);
  }
  for (const [key] of recorded) {
    if (!key.startsWith('index:') || indexes.has(key.slice('index:'.length))) continue;
    await client.query(`DROP INDEX IF EXISTS "${key.slice('index:'.length)}"`);
    await client.query('DELETE FROM schema_fields WHERE tbl = $1 AND col = $2', [c, key]);
  }
}

async function record(client: PoolClient, c: Collection, col: string, definition: string): Promise<void> {
  await client.query(
    `INSERT INTO schema_fields (tbl, col, definition) VALUES ($1, $2, $3) ` +
      `ON CONFLICT (tbl, col) DO UPDATE SET definition = excluded.definition`,
    [c, col, definition],
  );
}

/** The unique index of a field: its name tells a unique violation's field (postgresStore.ts). */
export function uniqueIndexName(collection: Collection, field: string): string {
  return indexName(collection, [field, 'unique']);
}

/** The texts a word-search column is made of, from a document (joined like the SQLite column). */
export function searchedTexts(doc: Record<string, unknown>, col: PgColumn): string[] {
  return col.paths.map((path) => {
    let value: unknown = doc;
    for (const key of path.slice(2).split('.')) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return value === undefined || value === null ? '' : JSON.stringify(value);
  });
}

/** Fills a word-search column added to a table that has rows (batches of 1,000). */
async function fillWords(client: PoolClient, c: Collection, col: PgColumn): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await client.query<{ id: string; doc: Record<string, unknown> }>(
      `SELECT id, doc FROM "${c}" WHERE id > $1 ORDER BY id LIMIT 1000`,
      [after],
    );
    if (rows.length === 0) return;
    await client.query(
      `UPDATE "${c}" t SET "${col.column}" = v.w::tsvector FROM unnest($1::text[], $2::text[]) AS v(id, w) WHERE t.id = v.id`,
      [rows.map((r) => r.id), rows.map((r) => tsvectorOf(searchedTexts(r.doc, col)))],
    );
    after = rows[rows.length - 1]!.id;
  }
}
