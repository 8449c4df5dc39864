/**
 * The store contract (storeContract.ts) that every Store passes, run against SQLite: a fresh in-memory database each,
 * and a fresh file whose list pages, counts and figures two reader workers answer (readerPool.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeStoreContract } from '../storeContract';
import { SqliteStore, SQLITE_MEMORY_DEFAULTS } from './sqliteStore';

describeStoreContract('SqliteStore', () => Promise.resolve(new SqliteStore(':memory:')));

let dir: string | undefined;
describeStoreContract(
  'SqliteStore with reader workers',
  async () => {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mws-readers-'));
    const store = new SqliteStore(
      path.join(dir, `${Math.random().toString(36).slice(2)}.db`),
      SQLITE_MEMORY_DEFAULTS,
      2,
    );
    await store.readers!.started();
    return store;
  },
  async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  },
);
