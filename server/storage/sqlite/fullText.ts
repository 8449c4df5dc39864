/**
 * Full-text search for the `text` fields of indexes.ts (the `contains` filter), on SQLite FTS5.
 *
 * Each text field gets an external-content FTS5 table over its generated column (`<Collection>_<field>_fts`,
 * rowids shared with the collection's table), kept in step by triggers on insert, update and delete. The tokenizer
 * is unicode61 with `remove_diacritics 2`: words are runs of letters and digits, compared without case or accents.
 * Prefix indexes of 1 to 3 characters keep short prefixes ("a", "tr") from merging thousands of terms' lists.
 *
 * What a search means (docs/API.md, "Search"): every word typed must start a word of the field, in any order;
 * a typed word with punctuation inside (`fr-FR`, `o'neil`) must match those words next to each other in that order,
 * the last one as a start (FTS5 puts a phrase's `*` on its last token). User input never
 * becomes FTS syntax: each typed word is one quoted phrase with a trailing `*`, quotes doubled.
 */
import type Database from 'better-sqlite3';

/** The FTS5 table of a collection's text field. */
export function ftsTable(collection: string, field: string): string {
  return `${collection}_${field}_fts`;
}

/** A typed word counts when it holds a letter or a digit: anything else is punctuation the tokenizer drops. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

/**
 * The FTS5 query for what a user typed: each whitespace-separated word as a quoted prefix phrase, all required.
 * Undefined when nothing searchable was typed (only spaces or punctuation): such a search narrows nothing.
 */
export function ftsQuery(typed: string): string | undefined {
  // Control characters separate words too: FTS5 reads its query as a C string, and a NUL inside ended it.
  const words = typed.split(/[\s\p{Cc}]+/u).filter((w) => SEARCHABLE.test(w));
  if (words.length === 0) return undefined;
  return words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * The FTS5 query "the field holds any of these values as whole words" (a list of ids: a user's groups), each value
 * a quoted phrase without prefix; undefined when none is searchable (callers treat an empty list as no match).
 */
export function ftsAnyOf(values: string[]): string | undefined {
  const phrases = values.filter((v) => SEARCHABLE.test(v)).map((v) => `"${v.replaceAll('"', '""')}"`);
  return phrases.length ? phrases.join(' OR ') : undefined;
}

/**
 * Creates the FTS table and its triggers when missing, and indexes the rows already stored (a database made
 * before full-text search). Returns true when it built the index.
 */
export function ensureFullText(db: Database.Database, collection: string, field: string): boolean {
  const table = ftsTable(collection, field);
  const column = `f_${field}`;
  // IMMEDIATE: the check and the creation hold the write lock together, should two processes open a database at once.
  return db
    .transaction(() => {
      const exists =
        db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
      if (!exists) {
        db.exec(
          `CREATE VIRTUAL TABLE "${table}" USING fts5("${column}", content='${collection}', content_rowid='rowid', ` +
            `tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`,
        );
      }
      const insert = `INSERT INTO "${table}" (rowid, "${column}") VALUES (new.rowid, new."${column}")`;
      const remove = `INSERT INTO "${table}" ("${table}", rowid, "${column}") VALUES ('delete', old.rowid, old."${column}")`;
      db.exec(`CREATE TRIGGER IF NOT EXISTS "${table}_insert" AFTER INSERT ON "${collection}" BEGIN ${insert}; END`);
      db.exec(`CREATE TRIGGER IF NOT EXISTS "${table}_delete" AFTER DELETE ON "${collection}" BEGIN ${remove}; END`);
      // Most updates (a status change, a notification read) leave the searched text as it was: the index is untouched.
      db.exec(
        `CREATE TRIGGER IF NOT EXISTS "${table}_update" AFTER UPDATE ON "${collection}" ` +
          `WHEN old."${column}" IS NOT new."${column}" OR old.rowid <> new.rowid BEGIN ${remove}; ${insert}; END`,
      );
      if (!exists) db.exec(`INSERT INTO "${table}" ("${table}") VALUES ('rebuild')`);
      return !exists;
    })
    .immediate();
}
