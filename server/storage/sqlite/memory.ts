/**
 * The SQLite store's translation memory (storage/memory.ts): the table `mws_memory` (a segment a row, an index on
 * its scope and exact key, one on its translation) and an external-content FTS5 table over its `fuzzy` text with
 * the trigram tokenizer, kept in step by triggers. Versioned: each step of MEMORY_MIGRATIONS runs once, recorded
 * in `mws_schema_versions` under the part's name (other parts of the schema are still made by
 * `CREATE … IF NOT EXISTS` at every start).
 */
import type Database from 'better-sqlite3';
import {
  MEMORY_COLUMNS,
  segmentOfRow,
  type MemoryRow,
  type MemoryScope,
  type MemorySegment,
  type TranslationMemory,
} from '../memory';

/** Hand-written, in order, never edited once released: add a new one instead. */
const MEMORY_MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE mws_memory (
        id INTEGER PRIMARY KEY, studio TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL,
        key TEXT NOT NULL, fuzzy TEXT NOT NULL, original TEXT NOT NULL, text TEXT NOT NULL,
        translation TEXT NOT NULL, work_request TEXT NOT NULL, approved INTEGER NOT NULL);
      CREATE INDEX mws_memory_exact ON mws_memory (studio, source, target, key);
      CREATE INDEX mws_memory_translation ON mws_memory (translation);
      CREATE VIRTUAL TABLE mws_memory_fts USING fts5(
        fuzzy, content='mws_memory', content_rowid='id', tokenize='trigram remove_diacritics 1');
      CREATE TRIGGER mws_memory_ai AFTER INSERT ON mws_memory BEGIN
        INSERT INTO mws_memory_fts (rowid, fuzzy) VALUES (new.id, new.fuzzy);
      END;
      CREATE TRIGGER mws_memory_ad AFTER DELETE ON mws_memory BEGIN
        INSERT INTO mws_memory_fts (mws_memory_fts, rowid, fuzzy) VALUES ('delete', old.id, old.fuzzy);
      END;`,
  },
];

const PART = 'memory';

/** Applies the memory's pending migrations (each in a transaction with its record). */
export function migrateMemory(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS mws_schema_versions (part TEXT PRIMARY KEY, version INTEGER NOT NULL)');
  const row = db
    .prepare<[string], { version: number }>('SELECT version FROM mws_schema_versions WHERE part = ?')
    .get(PART);
  const done = row?.version ?? 0;
  for (const m of MEMORY_MIGRATIONS) {
    if (m.version <= done) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare(
        'INSERT INTO mws_schema_versions (part, version) VALUES (?, ?) ON CONFLICT (part) DO UPDATE SET version = excluded.version',
      ).run(PART, m.version);
    })();
  }
}

const COLUMNS = MEMORY_COLUMNS.map((c) => `m.${c}`).join(', ');

/** The FTS5 query of a text's trigrams, any of them (each a quoted string: the text is never FTS syntax). */
export function trigramQuery(fuzzy: string): string | undefined {
  const chars = [...fuzzy];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  if (grams.size === 0) return undefined;
  return [...grams].map((g) => `"${g.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * The memory's statements on one connection, prepared once; each use binds a `ready` that runs before every call:
 * at store level it waits for the open transaction to end; inside a transaction it checks the `tx` is still live.
 */
export function sqliteMemory(db: Database.Database): (ready: () => Promise<void> | void) => TranslationMemory {
  const remove = db.prepare<[string]>('DELETE FROM mws_memory WHERE translation = ?');
  const insert = db.prepare(
    `INSERT INTO mws_memory (studio, source, target, key, fuzzy, original, text, translation, work_request, approved)
     VALUES (@studio, @source, @target, @key, @fuzzy, @original, @text, @translation, @workRequest, @approved)`,
  );
  const exact = db.prepare<[string, string, string, string], MemoryRow>(
    `SELECT ${COLUMNS} FROM mws_memory m
     WHERE m.studio = ? AND m.source = ? AND m.target = ? AND m.key IN (SELECT value FROM json_each(?))
     ORDER BY m.approved DESC, m.id DESC`,
  );
  const similar = db.prepare<[string, string, string, string, number], MemoryRow>(
    `SELECT ${COLUMNS} FROM mws_memory_fts f JOIN mws_memory m ON m.id = f.rowid
     WHERE mws_memory_fts MATCH ? AND m.studio = ? AND m.source = ? AND m.target = ?
     ORDER BY f.rank LIMIT ?`,
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM mws_memory');
  const replaceAll = db.transaction((translation: string, segments: readonly MemorySegment[]) => {
    remove.run(translation);
    for (const s of segments) insert.run({ ...s, translation });
  });
  return (ready) => ({
    async replace(translation, segments) {
      await ready();
      // Joins the connection's open transaction when there is one (better-sqlite3 nests it as a savepoint).
      replaceAll(translation, segments);
    },
    async exact(scope: MemoryScope, keys) {
      await ready();
      if (keys.length === 0) return [];
      return exact.all(scope.studio, scope.source, scope.target, JSON.stringify([...new Set(keys)])).map(segmentOfRow);
    },
    async similar(scope: MemoryScope, fuzzy, limit) {
      await ready();
      const query = trigramQuery(fuzzy);
      if (!query) return [];
      return similar.all(query, scope.studio, scope.source, scope.target, limit).map(segmentOfRow);
    },
    async count() {
      await ready();
      return count.get()!.n;
    },
  });
}
