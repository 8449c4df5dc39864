/**
 * Versioned parts of the SQLite schema beside the collections' tables (the translation memory, the job queue):
 * each step of a part runs once, in a transaction with its record in `mws_schema_versions` under the part's name.
 * Steps are hand-written, in order, and never edited once released: a change is a new step.
 */
import type Database from 'better-sqlite3';

export interface MigrationStep {
  version: number;
  sql: string;
}

export function migratePart(db: Database.Database, part: string, steps: readonly MigrationStep[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS mws_schema_versions (part TEXT PRIMARY KEY, version INTEGER NOT NULL)');
  const row = db
    .prepare<[string], { version: number }>('SELECT version FROM mws_schema_versions WHERE part = ?')
    .get(part);
  const done = row?.version ?? 0;
  for (const step of steps) {
    if (step.version <= done) continue;
    db.transaction(() => {
      db.exec(step.sql);
      db.prepare(
        'INSERT INTO mws_schema_versions (part, version) VALUES (?, ?) ON CONFLICT (part) DO UPDATE SET version = excluded.version',
      ).run(part, step.version);
    })();
  }
}
