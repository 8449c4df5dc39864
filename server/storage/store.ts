/**
 * The one storage interface the routes and domain use (`Store`, async and transactional). Records are JSON
 * documents; each collection declares which fields are indexed for filtering and sorting. `sqlite/` implements it;
 * a PostgreSQL implementation can follow without touching routes.
 */
import type { TranslationMemory } from './memory';
import type { JobQueue, JobStore } from './jobs';

/** Collection names as the spec capitalises them in `$links` (`//host/api/<Collection>/<id>`). */
export const COLLECTIONS = [
  'Workrequests',
  'Translations',
  'Users',
  'Groups',
  'Offlines',
  'Shares',
  'Permissions',
  'Assets',
  'Previews',
  'Files',
  'Comments',
  'Projects',
  'Studios',
  'Languages',
  'Territories',
  'Notifications',
  'Events',
  /** Extension: glossary terms (docs/API.md "Glossary"). */
  'Glossaryterms',
  /** Extension: who downloaded or viewed what through a signed link (docs/API.md "Downloads and views"). */
  'Downloads',
  /** Extension: the mails sent or kept in the outbox (docs/API.md "Mail"). */
  'Mails',
  /** Extension: recipients' votes, answers and comments on a share's assets (docs/API.md "Share feedback"). */
  'Sharefeedback',
  /** Extension: a translation's lines as submitted, one record per round (docs/API.md "Review rounds"). */
  'Rounds',
  /** Extension: delivery specifications (docs/API.md "Delivery specifications"). */
  'Specs',
  /** Extension: a translation's accepted QC problems, one record per translation (docs/API.md "Accepted problems"). */
  'Qcacceptances',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

/**
 * Per collection, a number that changes at every write to it (`Store.generations`): what is derived from a
 * collection's records stays valid while its number is unchanged.
 */
export type Generations = Readonly<Record<Collection, number>>;

/** A stored document: always has `_id` (24 hex) and `created` (epoch seconds). */
export type Doc = Record<string, unknown> & { _id: string; created: number };

/** A stored document with its version, from which ETags are made. */
export interface Stored<T extends Doc = Doc> {
  doc: T;
  version: number;
}

export type FilterValue = string | number | boolean;
export interface ValueFilter {
  /** An indexed field name of the collection. */
  field: string;
  /**
   * `contains` applies to `text` fields only and is a word search (docs/API.md, "Search"): the value is split on
   * whitespace; each part's letter-and-digit words must be words of the field, next to each other in that order, the
   * last one only as a start (`trai` finds "trailer", `fr-f` finds "fr-FR"); every part must match; case and accents are ignored; parts with no letter or digit are ignored, and a value with
   * none narrows nothing. SQLite: FTS5 (sqlite/fullText.ts). PostgreSQL: a `tsvector` column with a GIN index,
   * its words folded in JS (postgres/search.ts), matched by a tsquery literal with each part as `'word':*` (a part
   * of several words as `'w1' <-> 'w2':*`), parts joined by `&`; never user text as tsquery syntax.
   * With several values (a list of ids, e.g. a user's groups), the field holds any of them as a whole word; an
   * empty list matches nothing.
   */
  op: 'eq' | 'in' | 'lt' | 'gt' | 'gte' | 'contains';
  value: FilterValue | FilterValue[];
}
/**
 * The field (indexed) holds the id of a record of `collection` that `filters` select: a semi-join, e.g. the
 * translations whose asset is in a studio (`{field: 'asset', op: 'of', collection: 'Assets', filters: [studio in …]}`).
 */
export interface JoinFilter {
  field: string;
  op: 'of';
  collection: Collection;
  filters: ValueFilter[];
}
export type Filter = ValueFilter | JoinFilter;

/** Top-level fields to leave out of the documents read (large embedded lists a caller does not need). */
export interface ReadOptions {
  omit?: string[];
}

/** How one record is read. */
export interface GetOptions extends ReadOptions {
  /**
   * Inside a transaction: hold the record until the commit, so that concurrent read-modify-writes of one record
   * queue instead of failing each other's version checks and retrying (PostgreSQL `SELECT … FOR UPDATE`; SQLite's
   * transactions already run one at a time). Outside a transaction it is a plain read.
   */
  forUpdate?: boolean;
}

export interface ListQuery extends ReadOptions {
  filters?: Filter[];
  /** An indexed field name; `_id` breaks ties so pages are stable. */
  sort?: { field: string; dir: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

export interface Page<T extends Doc = Doc> {
  items: T[];
  total: number;
}

/** A time field's values grouped by the UTC week (its Monday, `YYYY-MM-DD`) or month (`YYYY-MM`). */
export type TimeBucket = 'week' | 'month';

/**
 * A grouped count computed by the database (reports: docs/API.md "Reports"): the rows `filters` select, grouped by
 * `groupBy` (indexed value or expression fields, or `created`; a field with `bucket` is an epoch-seconds field grouped
 * by its UTC week or month), each group with its row count and, per `sums` field (numeric, indexed), the sum of its
 * values and how many rows have one (so an average is `sum / counted`). Never reads a document.
 */
export interface AggregateQuery {
  filters?: Filter[];
  groupBy: (string | { field: string; bucket: TimeBucket })[];
  sums?: string[];
}
export interface AggregateGroup {
  /** The group's values, in `groupBy` order (null where the field has none). */
  keys: (string | number | null)[];
  count: number;
  /** Per `sums` field: its sum over the group (0 when no row has a value) and how many rows have a value. */
  sums: Record<string, { sum: number; counted: number }>;
}

export class VersionConflict extends Error {
  constructor(readonly current: Stored) {
    super('the record was changed by someone else');
  }
}

/**
 * The number a replace compares the stored version with: the expected version itself, or 0 (no record's: versions
 * count from 1) when it is no version a record can have (not an integer from 1 to 2^31 - 1, PostgreSQL's `integer`),
 * so such a number, e.g. from `If-Match: W/"<id>-99999999999999999999"`, is a VersionConflict in every store rather
 * than a database error (PostgreSQL) or no check at all (NaN binds as NULL in SQLite).
 */
export function versionToMatch(expected: number): number {
  return Number.isInteger(expected) && expected >= 1 && expected <= 2 ** 31 - 1 ? expected : 0;
}

/**
 * A write the database refused because a unique field already holds the value (a user's e-mail, a language's code,
 * a studio's slug: UNIQUE_FIELDS in indexes.ts): checked by the database itself, so two instances inserting at once
 * cannot both succeed.
 */
export class UniqueViolation extends Error {
  constructor(
    readonly collection: Collection,
    readonly field: string,
  ) {
    super(`another ${collection} record has this ${field}`);
  }
}

/**
 * The store cannot serve now, for a reason of its database's rather than the request's (docs/API.md "Errors"):
 * `unreachable`, the database does not answer (restarting, stopped, the network cut: try again shortly), or `full`,
 * it has no space left for the write (SQLite's SQLITE_FULL, PostgreSQL's disk_full). The write was not done (a commit
 * cut off may have been, but was never acknowledged). Which errors are these: storage/unavailable.ts, in one place;
 * the HTTP edge answers 503 with Retry-After, or 507.
 */
export class StoreUnavailable extends Error {
  constructor(
    readonly reason: 'unreachable' | 'full',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The operations of a store that work inside and outside a transaction (docs/decisions/113: the async, transactional
 * Store that both SQLite and PostgreSQL implement). Every call returns a promise. Inside
 * `store.transaction(async (tx) => …)` every read and write goes through `tx`.
 */
export interface StoreOps {
  get<T extends Doc = Doc>(collection: Collection, id: string, options?: GetOptions): Promise<Stored<T> | undefined>;
  /** The records of these ids that exist, in one query (never one query per id); order not guaranteed. */
  getMany<T extends Doc = Doc>(
    collection: Collection,
    ids: readonly string[],
    options?: ReadOptions,
  ): Promise<Stored<T>[]>;
  /** Inserts a document; `_id` and `created` are made when absent. A unique field already taken: UniqueViolation. */
  insert<T extends Doc = Doc>(
    collection: Collection,
    doc: Omit<T, '_id' | 'created'> & Partial<Doc>,
  ): Promise<Stored<T>>;
  /**
   * Replaces a document. When `expectedVersion` is given and differs, throws VersionConflict and changes nothing;
   * the check is made by the database in the same statement as the write (no read-then-write race). A number no
   * version can be (not a positive integer in the database's range) is a VersionConflict too.
   */
  replace<T extends Doc = Doc>(collection: Collection, doc: T, expectedVersion?: number): Promise<Stored<T>>;
  list<T extends Doc = Doc>(collection: Collection, query: ListQuery): Promise<Page<T>>;
  count(collection: Collection, filters?: Filter[]): Promise<number>;
  /**
   * Set-based update: merges `fields` into the top level of every document the filters select (at most `limit`
   * when given), bumping each version; answers how many changed. A field given as `undefined` is removed.
   * (Mark-all-read, never a page loop in memory; a work request's move changing its translations' status fields
   * without reading or writing their lines.)
   */
  updateWhere(
    collection: Collection,
    filters: Filter[],
    fields: Record<string, unknown>,
    limit?: number,
  ): Promise<number>;
  /** The translation memory (memory.ts): segments beside the collections, written in the same transaction. */
  readonly memory: TranslationMemory;
  /** The durable job queue (jobs.ts): a job added on a transaction's `tx` exists exactly when it commits. */
  readonly jobs: JobQueue;
  /** Runs `effect` once the surrounding transaction has committed (at once outside one); never on rollback. */
  afterCommit(effect: () => void): void;
}

/** A shared counter as read or bumped: its count in the current window and the milliseconds left of that window. */
export interface CounterState {
  key: string;
  count: number;
  resetsInMs: number;
}

/**
 * Short-lived counters kept in the database, so every instance sharing it sees the same numbers and an embedded
 * install keeps them over a restart (the sign-in limiter's failures and known addresses, http/signInGuard.ts).
 * They are not records: in no collection, outside transactions, and they do not change `generations()` (a failed
 * sign-in must not empty every instance's response cache). The window's clock is the database's own where it has
 * one (PostgreSQL), so instances whose clocks differ still agree.
 */
export interface SharedCounters {
  /**
   * Adds one to each key in one atomic statement per key (an upsert: two instances bumping at once both count) and
   * answers the new states. A key without a live window starts at 1 with a window of `windowMs`.
   */
  bump(keys: readonly string[], windowMs: number): Promise<CounterState[]>;
  /** The live counters of these keys, in one query; a key with none, or whose window has ended, is absent. */
  read(keys: readonly string[]): Promise<CounterState[]>;
  /**
   * Takes back one from each live key (a bump reserved ahead that turned out not to count: a sign-in attempt that
   * succeeded or never ran); never below zero, the window unchanged.
   */
  release(keys: readonly string[]): Promise<void>;
  /** Forgets these keys (their next bump starts a new window). */
  clear(keys: readonly string[]): Promise<void>;
}

export interface Store extends StoreOps, JobStore {
  /** Grouped counts and sums (AggregateQuery), in one query, read-only: the reports' figures. */
  aggregate(collection: Collection, query: AggregateQuery): Promise<AggregateGroup[]>;
  /** Counters shared by every instance on the database (not records, not transactional). */
  readonly counters: SharedCounters;
  /**
   * True when queries run on the calling thread, one at a time (SQLite through better-sqlite3): two requests of one
   * caller then take turns on the thread that answers everyone rather than running side by side
   * (routes/workrequests.ts sizes its lanes by it).
   */
  readonly queriesOnCallingThread?: boolean;
  /**
   * Runs `fn` atomically with its own `tx`: every write through `tx` is stored, or (when `fn` throws) none. Calls on
   * the store itself made meanwhile by other requests never see `tx`'s uncommitted writes. Nested calls (a
   * `transaction` on `tx`) join the outer one.
   */
  transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R>;
  /**
   * Each collection's generation: a number that changes at every write to that collection (by any instance sharing
   * the database), and not at writes to others. A write is announced again once its commit is visible, so a reader
   * that took the numbers before a commit and read the old records sees other numbers afterwards.
   */
  generations(): Promise<Generations>;
  /**
   * The current versions of the records of these ids that exist (one query), without reading their documents: a
   * cache checks that what it derived from records is still theirs.
   */
  versions(collection: Collection, ids: readonly string[]): Promise<Map<string, number>>;
  /**
   * Resolves when the store can serve requests now (its database answers a trivial query and its schema is the one
   * this code expects); rejects, saying why, otherwise. For the load balancer's readiness check (`/readyz`).
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** What a transaction's function gets: the operations, and `transaction` again (nested calls join the outer one). */
export type Transaction = StoreOps & Pick<Store, 'transaction'>;

/** The contract's earlier name, kept for the modules that still use it; `Store` is the one. */
export type AsyncStore = Store;

/** What every record id is (newId makes them): 24 lower-case hex digits. As a pattern for larger expressions. */
export const RECORD_ID_PATTERN = '[0-9a-f]{24}';
export const RECORD_ID = new RegExp(`^${RECORD_ID_PATTERN}$`);

/** Whether a path or body value can name a record at all: anything else is a 404 or a 400 without a lookup. */
export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value);
}

/** Makes a new record id: 24 hex characters, time-ordered like a MongoDB ObjectId. */
export function newId(now = Date.now(), random: () => number = Math.random): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  let rest = '';
  for (let i = 0; i < 16; i++) rest += Math.floor(random() * 16).toString(16);
  return seconds + rest;
}

/**
 * Runs the effects of a committed write (`afterCommit`), for every store: the write is stored, so a failing effect is
 * reported and does not undo it (or make the write look failed).
 */
export function runEffects(effects: (() => void)[]): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (e) {
      console.error('an effect after a committed write failed', e);
    }
  }
}
