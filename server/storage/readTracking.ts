/**
 * What an answer was made from, noted as it reads (the response cache, http/responseCache.ts, keeps an answer only
 * as long as all of it is unchanged). `trackingReads(store)` is the store every route uses: each read made inside
 * `noteReads(reads, …)` (one request's async context) adds to `reads`:
 *
 * - a record read by id (`get`, `getMany`) that exists: that record at the version read (its version changes at
 *   every write of it, so the pair stands for its whole document);
 * - a read that found no record, or fewer than asked: the whole collection (an insert could make it find one);
 * - a list or a count: the whole collection, and every collection a semi-join (`of`) looks into;
 * - a translation-memory lookup: `opaque` (segments are not records and have no generation: such an answer cannot be
 *   checked, so it is not kept).
 *
 * Reads outside any `noteReads` (background work, other requests) note nothing; writes note nothing either.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Collection, Doc, Filter, Store, StoreOps, Stored, Transaction } from './store';
import type { TranslationMemory } from './memory';

export interface Reads {
  /** Collections read as a whole (lists, counts, lookups that found nothing). */
  readonly collections: Set<Collection>;
  /** Records read by id, per collection: id → the version read. */
  readonly records: Map<Collection, Map<string, number>>;
  /** Something was read that cannot be checked later (translation memory). */
  opaque: boolean;
  /**
   * Epoch milliseconds after which the answer is no longer true without any write (a share's end: grants.ts), the
   * earliest noted; undefined when nothing read depends on the time.
   */
  until?: number;
}

export function newReads(): Reads {
  return { collections: new Set(), records: new Map(), opaque: false };
}

const current = new AsyncLocalStorage<Reads>();

/** Runs `fn` (and everything it starts) noting its reads into `reads`. */
export function noteReads<R>(reads: Reads, fn: () => R): R {
  return current.run(reads, fn);
}

/** The reads being noted where this is called (undefined outside `noteReads`). */
export function readsHere(): Reads | undefined {
  return current.getStore();
}

function noteCollections(collection: Collection, filters: Filter[] | undefined): void {
  const reads = current.getStore();
  if (!reads) return;
  reads.collections.add(collection);
  for (const f of filters ?? []) if (f.op === 'of') reads.collections.add(f.collection);
}

/** Notes that what is being answered holds only until `epochMs` (the earliest such time noted wins). */
export function noteValidUntil(epochMs: number): void {
  const reads = current.getStore();
  if (!reads) return;
  reads.until = Math.min(reads.until ?? Infinity, epochMs);
}

/**
 * Notes that what is being answered depends on these collections as a whole, without reading them here: a value
 * derived from them earlier and kept (a caller's grants, domain/grants.ts) stands for their reads.
 */
export function noteCollectionsRead(collections: Iterable<Collection>): void {
  const reads = current.getStore();
  if (!reads) return;
  for (const c of collections) reads.collections.add(c);
}

function noteRecords(collection: Collection, asked: readonly string[], found: readonly Stored[]): void {
  const reads = current.getStore();
  if (!reads) return;
  let versions = reads.records.get(collection);
  if (!versions) reads.records.set(collection, (versions = new Map<string, number>()));
  for (const s of found) versions.set(s.doc._id, s.version);
  if (found.length < new Set(asked).size) reads.collections.add(collection);
}

function trackingMemory(memory: TranslationMemory): TranslationMemory {
  const opaque = () => {
    const reads = current.getStore();
    if (reads) reads.opaque = true;
  };
  return {
    replace: (translation, segments) => memory.replace(translation, segments),
    exact: (...args) => (opaque(), memory.exact(...args)),
    similar: (...args) => (opaque(), memory.similar(...args)),
    count: () => (opaque(), memory.count()),
  };
}

/** The operations of `ops` (the store's, or a transaction's), noting reads. */
function trackingOps<O extends StoreOps>(ops: O): StoreOps {
  return {
    async get<T extends Doc = Doc>(...args: Parameters<StoreOps['get']>) {
      const found = await ops.get<T>(...args);
      noteRecords(args[0], [args[1]], found ? [found] : []);
      return found;
    },
    async getMany<T extends Doc = Doc>(...args: Parameters<StoreOps['getMany']>) {
      const found = await ops.getMany<T>(...args);
      noteRecords(args[0], args[1], found);
      return found;
    },
    async list<T extends Doc = Doc>(...args: Parameters<StoreOps['list']>) {
      noteCollections(args[0], args[1].filters);
      return ops.list<T>(...args);
    },
    async count(...args: Parameters<StoreOps['count']>) {
      noteCollections(args[0], args[1]);
      return ops.count(...args);
    },
    insert: (...args) => ops.insert(...args),
    replace: (...args) => ops.replace(...args),
    updateWhere: (...args) => ops.updateWhere(...args),
    memory: trackingMemory(ops.memory),
    jobs: ops.jobs,
    afterCommit: (effect) => ops.afterCommit(effect),
  };
}

/** A transaction's `tx` with its reads noted; a nested transaction joins it, as without noting. */
function trackingTransaction(tx: Transaction): Transaction {
  return { ...trackingOps(tx), transaction: (fn) => tx.transaction((inner) => fn(trackingTransaction(inner))) };
}

/** `store` with its reads (and its transactions' reads) noted. */
export function trackingReads(store: Store): Store {
  return {
    ...trackingOps(store),
    async aggregate(...args: Parameters<Store['aggregate']>) {
      noteCollections(args[0], args[1].filters);
      return store.aggregate(...args);
    },
    counters: store.counters,
    runJobs: (handlers, options) => store.runJobs(handlers, options),
    listJobs: (limit) => store.listJobs(limit),
    transaction: (fn) => store.transaction((tx) => fn(trackingTransaction(tx))),
    generations: () => store.generations(),
    versions: (collection, ids) => store.versions(collection, ids),
    ready: () => store.ready(),
    close: () => store.close(),
  };
}
