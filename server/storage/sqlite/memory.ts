/**
 * The SQLite store's translation memory (storage/memory.ts): the table `mws_memory` (a segment a row, an index on
 * its scope and exact key, one on its translation) and an external-content FTS5 table over its `fuzzy` text with
 * the trigram tokenizer, kept in step by triggers. Versioned: each step of MEMORY_MIGRATIONS runs once
 * (migrateParts.ts; the collections' tables are still made by `CREATE … IF NOT EXISTS` at every start).
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
import { migratePart, type MigrationStep } from './migrateParts';

/** Hand-written, in order, never edited once released: add a new one instead. */
const MEMORY_MIGRATIONS: MigrationStep[] = [
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
  {
    version: 2,
    // How many segments hold each trigram: a similar lookup asks the index about the text's rarest ones only.
    sql: `CREATE VIRTUAL TABLE mws_memory_vocab USING fts5vocab('mws_memory_fts', 'row');`,
  },
];

const PART = 'memory';

/** Applies the memory's pending migrations (migrateParts.ts). */
export function migrateMemory(db: Database.Database): void {
  migratePart(db, PART, MEMORY_MIGRATIONS);
}

const COLUMNS = MEMORY_COLUMNS.map((c) => `m.${c}`).join(', ');

/** A text's distinct trigrams (of code points), as the trigram tokenizer cuts them. */
export function trigramsOf(fuzzy: string): string[] {
  const chars = [...fuzzy];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams];
}

/** The FTS5 query matching any of these trigrams (each a quoted string: the text is never FTS syntax). */
export function anyTrigram(grams: readonly string[]): string {
  return grams.map((g) => `"${g.replaceAll('"', '""')}"`).join(' OR ');
}

/** The trigrams of a text the index is asked about: its rarest ones (a similar segment shares most of them). */
const RARE_TRIGRAMS = 12;
/** Rows read at most per similar lookup, before they are ranked by the trigrams they share with the text. */
const CANDIDATE_ROWS = 5000;

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
  const frequencies = db.prepare<[string], { term: string; doc: number }>(
    'SELECT term, doc FROM mws_memory_vocab WHERE term IN (SELECT value FROM json_each(?))',
  );
  const similar = db.prepare<[string, string, string, string, number], MemoryRow>(
    `SELECT ${COLUMNS} FROM mws_memory m
     WHERE m.id IN (SELECT rowid FROM mws_memory_fts WHERE mws_memory_fts MATCH ?)
       AND m.studio = ? AND m.source = ? AND m.target = ?
     LIMIT ?`,
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
      const grams = trigramsOf(fuzzy);
      if (grams.length === 0) return [];
      // The rarest trigrams the memory holds (one not held at all cannot find anything).
      const rare = frequencies
        .all(JSON.stringify(grams))
        .filter((f) => f.doc > 0)
        .sort((a, b) => a.doc - b.doc)
        .slice(0, RARE_TRIGRAMS)
        .map((f) => f.term);
      if (rare.length === 0) return [];
      const wanted = new Set(grams);
      const shared = (row: MemoryRow) => trigramsOf(row.fuzzy).filter((g) => wanted.has(g)).length;
      return similar
        .all(anyTrigram(rare), scope.studio, scope.source, scope.target, CANDIDATE_ROWS)
        .map((row) => ({ row, shared: shared(row) }))
        .sort((a, b) => b.shared - a.shared)
        .slice(0, limit)
        .map(({ row }) => segmentOfRow(row));
    },
    async count() {
      await ready();
      return count.get()!.n;
    },
  });
}
