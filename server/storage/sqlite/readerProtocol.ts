/** The messages between the SQLite store and its reader workers (readerPool.ts, readerWorker.ts). */
import type { AggregateGroup, AggregateQuery, Collection, Filter, Generations, ListQuery } from '../store';
import type { RawPage } from './sqliteReads';

/** What a worker opens: the database file, with the store's memory limits for its own connection. */
export interface ReaderSetup {
  file: string;
  cacheMb: number;
  mmapMb: number;
}

type Read =
  | { op: 'list'; collection: Collection; query: ListQuery }
  | { op: 'count'; collection: Collection; filters: Filter[] | undefined }
  | { op: 'aggregate'; collection: Collection; query: AggregateQuery };

/** One read, with the store's generations when it was asked (a worker's caches forget what was written since). */
export type ReaderRequest = Read & { id: number; generations: Generations };

/** A worker's answer to a read; before any, the worker posts `'ready'` once its connection is open. */
export interface ReaderReply {
  id: number;
  value?: RawPage | number | AggregateGroup[];
  /** The read failed: its message (a programming error, as it would be on the store's own connection). */
  error?: string;
}
