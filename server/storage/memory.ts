/**
 * Translation memory as the store keeps it (docs/API.md, "Translation memory"): segments (one original line and its
 * approved translation, with where it came from) in a table of their own beside the collections, and the two
 * lookups the domain needs: exact keys in one query for many lines, and candidates for one line found through a
 * trigram index (SQLite FTS5 `tokenize='trigram'`, PostgreSQL `pg_trgm`). Segments are not records: they have no
 * ids, versions or ETags, are not listed by any collection route and do not change `generations()`.
 *
 * The texts are normalised by the domain (domain/memoryText.ts) before they reach the store: `key` for exact
 * matches, `fuzzy` for the trigram index. The store never decides what is similar: it answers candidates, the
 * domain measures them.
 */

/** Which memory: a studio's approved work from one language into another (codes as the records hold them). */
export interface MemoryScope {
  studio: string;
  source: string;
  target: string;
}

export interface MemorySegment extends MemoryScope {
  /** The original line as written (markup kept). */
  original: string;
  /** Its approved translation as written. */
  text: string;
  /** The original normalised for exact matches (domain/memoryText.ts `exactKey`). */
  key: string;
  /** The original normalised for similarity (`fuzzyText`): what the trigram index holds. */
  fuzzy: string;
  translation: string;
  workRequest: string;
  /** When the translation was approved (epoch seconds). */
  approved: number;
}

export interface TranslationMemory {
  /**
   * Replaces every segment of `translation` with `segments` (a translation approved again after changes leaves no
   * stale segment). Inside a transaction, part of it.
   */
  replace(translation: string, segments: readonly MemorySegment[]): Promise<void>;
  /** The scope's segments whose key is one of `keys`, in one query; newest approval first. */
  exact(scope: MemoryScope, keys: readonly string[]): Promise<MemorySegment[]>;
  /**
   * Up to `limit` segments of the scope sharing trigrams with `fuzzy` (a normalised text of 3 characters or more),
   * found through the trigram index (SQLite: the rows holding any of the text's 12 rarest trigrams, counted by
   * fts5vocab, ranked by the trigrams they share with the text; PostgreSQL: pg_trgm's `%`, ranked by its
   * similarity). Candidates only: the domain measures the similarity.
   */
  similar(scope: MemoryScope, fuzzy: string, limit: number): Promise<MemorySegment[]>;
  /** How many segments the memory holds (all scopes). */
  count(): Promise<number>;
}

/** The columns of a segment in both stores' `mws_memory`. */
export const MEMORY_COLUMNS = [
  'studio',
  'source',
  'target',
  'key',
  'fuzzy',
  'original',
  'text',
  'translation',
  'work_request',
  'approved',
] as const;

/** A segment as both stores' tables hold it (`approved` is text when PostgreSQL answers a bigint). */
export interface MemoryRow {
  studio: string;
  source: string;
  target: string;
  key: string;
  fuzzy: string;
  original: string;
  text: string;
  translation: string;
  work_request: string;
  approved: number | string;
}

export function segmentOfRow(r: MemoryRow): MemorySegment {
  return {
    studio: r.studio,
    source: r.source,
    target: r.target,
    key: r.key,
    fuzzy: r.fuzzy,
    original: r.original,
    text: r.text,
    translation: r.translation,
    workRequest: r.work_request,
    approved: Number(r.approved),
  };
}
