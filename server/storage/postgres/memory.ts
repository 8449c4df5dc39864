/**
 * The PostgreSQL store's translation memory (storage/memory.ts): the table `mws_memory` (schema.ts, migration 3)
 * with a btree index on its scope and exact key, one on its translation, and a GIN `gin_trgm_ops` index (pg_trgm)
 * on its `fuzzy` text. Candidates are the scope's segments whose trigram similarity to the text reaches pg_trgm's
 * threshold (`%`, 0.3 by default), most similar first. No generation trigger: a segment is not a record.
 */
import type pg from 'pg';
import {
  MEMORY_COLUMNS,
  segmentOfRow,
  type MemoryRow,
  type MemoryScope,
  type MemorySegment,
  type TranslationMemory,
} from '../memory';

const COLUMNS = MEMORY_COLUMNS.join(', ');

/** PostgreSQL text cannot hold NUL: it is dropped from stored and looked-up texts alike. */
const storable = (s: string): string => s.replaceAll('\u0000', '');

/** A statement on the store's connection (the pool, or a transaction's client), its errors the store's own. */
export type Query = <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<pg.QueryResult<R>>;

/**
 * The memory over `query` (the pool, or a transaction's client); `atomically` runs a replace's delete and insert in
 * one transaction (the one under way, or a new one at store level).
 */
export function postgresMemory(
  query: Query,
  atomically: (fn: (query: Query) => Promise<void>) => Promise<void>,
): TranslationMemory {
  return {
    async replace(translation, segments) {
      await atomically(async (q) => {
        await q('DELETE FROM mws_memory WHERE translation = $1', [translation]);
        if (segments.length === 0) return;
        const column = (f: (s: MemorySegment) => string) => segments.map((s) => storable(f(s)));
        await q(
          `INSERT INTO mws_memory (${COLUMNS})
           SELECT studio, source, target, key, fuzzy, original, text, $8, work_request, approved
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                       $9::text[], $10::bigint[])
             AS u(studio, source, target, key, fuzzy, original, text, work_request, approved)`,
          [
            column((s) => s.studio),
            column((s) => s.source),
            column((s) => s.target),
            column((s) => s.key),
            column((s) => s.fuzzy),
            column((s) => s.original),
            column((s) => s.text),
            translation,
            column((s) => s.workRequest),
            segments.map((s) => s.approved),
          ],
        );
      });
    },
    async exact(scope: MemoryScope, keys) {
      if (keys.length === 0) return [];
      const { rows } = await query<MemoryRow>(
        `SELECT ${COLUMNS} FROM mws_memory
         WHERE studio = $1 AND source = $2 AND target = $3 AND key = ANY($4::text[])
         ORDER BY approved DESC, id DESC`,
        [scope.studio, scope.source, scope.target, [...new Set(keys.map(storable))]],
      );
      return rows.map(segmentOfRow);
    },
    async similar(scope: MemoryScope, fuzzy, limit) {
      const text = storable(fuzzy);
      if ([...text].length < 3) return [];
      const { rows } = await query<MemoryRow>(
        `SELECT ${COLUMNS} FROM mws_memory
         WHERE fuzzy % $4 AND studio = $1 AND source = $2 AND target = $3
         ORDER BY similarity(fuzzy, $4) DESC, id DESC LIMIT $5`,
        [scope.studio, scope.source, scope.target, text, limit],
      );
      return rows.map(segmentOfRow);
    },
    async count() {
      const { rows } = await query<{ n: string }>('SELECT count(*) AS n FROM mws_memory', []);
      return Number(rows[0]!.n);
    },
  };
}
