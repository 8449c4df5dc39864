/**
 * Reader workers for the SQLite store (docs/decisions/205-sqlite-reader-workers.md): better-sqlite3 runs each statement
 * on the calling thread, so one user's long query (a dense search, a page of 100 for an export, a report) held the
 * event loop that answers everyone. The store sends its list pages, counts and grouped figures here instead; each
 * worker holds a read-only connection of its own (WAL: readers never wait for the writer) and answers with the same
 * queries (sqliteReads.ts). Writes, transactions and single-record reads stay on the store's connection.
 *
 * A read goes to the worker with the fewest reads in flight. A worker that dies takes no read with it: what it was
 * answering is read on the store's own connection, and later reads go to the others (or there, when none is left).
 */
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../typeScriptWorker';
import type { Generations } from '../store';
import type { ReaderReply, ReaderRequest, ReaderSetup } from './readerProtocol';

type Read = ReaderRequest extends infer R ? (R extends ReaderRequest ? Omit<R, 'id' | 'generations'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** The same read on the store's own connection (when the worker dies before answering). */
  local: () => unknown;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The worker has opened its connection (until then, reads run on the store's: a start costs no first read). */
  ready: boolean;
}

/** A reader worker (through tsx's loader: server/storage/typeScriptWorker.ts). */
function startWorker(setup: ReaderSetup): Worker {
  return startTypeScriptWorker(new URL('./readerWorker.ts', import.meta.url), setup);
}

export class ReaderPool {
  private readers: Reader[] = [];
  private nextId = 1;
  /** Reads the workers answered (the rest ran on the store's connection): for tests and the bench. */
  answered = 0;
  private closed = false;

  constructor(setup: ReaderSetup, size: number) {
    for (let i = 0; i < size; i++) this.start(setup);
  }

  private start(setup: ReaderSetup): void {
    const worker = startWorker(setup);
    const reader: Reader = { worker, pending: new Map(), ready: false };
    // A reader waiting for work keeps no process alive (a store left open by a test, a tool that forgot close()).
    worker.unref();
    worker.on('message', (reply: ReaderReply | 'ready') => {
      if (reply === 'ready') {
        reader.ready = true;
        return;
      }
      const pending = reader.pending.get(reply.id);
      if (!pending) return;
      reader.pending.delete(reply.id);
      this.answered++;
      if (reply.error !== undefined) pending.reject(new Error(reply.error));
      else pending.resolve(reply.value);
    });
    const lost = (why: unknown) => {
      if (!this.readers.includes(reader)) return;
      this.readers = this.readers.filter((r) => r !== reader);
      if (!this.closed) console.error('a SQLite reader worker stopped; its reads run on the main connection', why);
      for (const p of reader.pending.values()) {
        try {
          p.resolve(p.local());
        } catch (e) {
          p.reject(e instanceof Error ? e : new Error(String(e)));
        }
      }
      reader.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.readers.push(reader);
  }

  /** How many workers are answering (0 once every one has stopped). */
  get size(): number {
    return this.readers.length;
  }

  /** Resolves once every worker started has opened its connection (tests; a server never waits for it). */
  async started(): Promise<void> {
    while (this.readers.some((r) => !r.ready)) {
      await new Promise<void>((resolve) => this.readers.find((r) => !r.ready)!.worker.once('message', () => resolve()));
    }
  }

  /**
   * Reads on the least busy worker, asked at `generations` (the store's, after any transaction ended); `local` is the
   * same read on the store's connection, used when no worker can answer.
   */
  read<T>(read: Read, generations: Generations, local: () => T): Promise<T> {
    let reader: Reader | undefined;
    for (const r of this.readers) if (r.ready && (!reader || r.pending.size < reader.pending.size)) reader = r;
    if (!reader) return Promise.resolve().then(local);
    const id = this.nextId++;
    const request: ReaderRequest = { ...read, id, generations };
    const chosen = reader;
    return new Promise<T>((resolve, reject) => {
      chosen.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, local });
      if (chosen.pending.size === 1) chosen.worker.ref();
      chosen.worker.postMessage(request);
    }).finally(() => {
      if (chosen.pending.size === 0) chosen.worker.unref();
    });
  }

  /** Stops one worker as a crash would (tests: its reads in flight must still be answered). */
  async crashOne(): Promise<void> {
    await this.readers[0]?.worker.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    const readers = this.readers;
    this.readers = [];
    for (const r of readers) for (const p of r.pending.values()) p.reject(new Error('the store is closed'));
    await Promise.all(readers.map((r) => r.worker.terminate()));
  }
}
