/**
 * A reader worker (readerPool.ts): its own read-only connection to the store's database file, answering list pages,
 * counts and grouped figures with the store's own queries (sqliteReads.ts), so a long statement runs beside the event
 * loop instead of on it. WAL lets this connection read while the store's writes; each message carries the store's
 * generations, so the caches here forget what a write changed.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteReads } from './sqliteReads';
import type { ReaderReply, ReaderRequest, ReaderSetup } from './readerProtocol';

const setup = workerData as ReaderSetup;
const db = new Database(setup.file, { readonly: true, fileMustExist: true });
db.pragma(`cache_size = -${Math.round(setup.cacheMb * 1024)}`);
db.pragma(`mmap_size = ${Math.round(setup.mmapMb * 1024 * 1024)}`);
const reads = new SqliteReads(db);

function answer(request: ReaderRequest): ReaderReply['value'] {
  reads.catchUp(request.generations);
  switch (request.op) {
    case 'list':
      return reads.listRows(request.collection, request.query);
    case 'count':
      return reads.countRows(request.collection, request.filters);
    case 'aggregate':
      return reads.aggregate(request.collection, request.query);
  }
}

parentPort!.postMessage('ready');
parentPort!.on('message', (request: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    reply = { id: request.id, value: answer(request) };
  } catch (e) {
    reply = { id: request.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
