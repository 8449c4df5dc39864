/**
 * Related records read while shaping answers (a user's groups, a work request's translation, a preview's asset):
 * the reads asked for in one turn of the event loop are made together, one `getMany` per collection, so shaping a
 * page of 50 records with `Promise.all` costs one query per related collection instead of one per row. Each id is
 * read once per loader (one loader per request).
 */
import type { Collection, Doc, ReadOptions, StoreOps, Stored } from '../storage/store';

export interface RecordLoader {
  get<T extends Doc = Doc>(collection: Collection, id: string, options?: ReadOptions): Promise<Stored<T> | undefined>;
}

interface Batch {
  collection: Collection;
  options: ReadOptions | undefined;
  ids: Set<string>;
  done: Promise<Map<string, Stored>>;
}

export function createLoader(store: StoreOps): RecordLoader {
  const known = new Map<string, Promise<Stored | undefined>>();
  const pending = new Map<string, Batch>();

  const batchOf = (collection: Collection, options: ReadOptions | undefined): Batch => {
    const key = `${collection}\n${options?.omit?.join(',') ?? ''}`;
    let batch = pending.get(key);
    if (!batch) {
      const ids = new Set<string>();
      // Runs after the code that asked (a `map` over a page) has asked for every row's record.
      const done = Promise.resolve().then(async () => {
        if (pending.get(key) === batch) pending.delete(key);
        const found = await store.getMany(collection, [...ids], options);
        return new Map(found.map((s) => [s.doc._id, s]));
      });
      batch = { collection, options, ids, done };
      pending.set(key, batch);
    }
    return batch;
  };

  return {
    get<T extends Doc = Doc>(collection: Collection, id: string, options?: ReadOptions) {
      const key = `${collection}\n${options?.omit?.join(',') ?? ''}\n${id}`;
      let read = known.get(key);
      if (!read) {
        const batch = batchOf(collection, options);
        batch.ids.add(id);
        read = batch.done.then((found) => found.get(id));
        known.set(key, read);
      }
      return read as Promise<Stored<T> | undefined>;
    },
  };
}
