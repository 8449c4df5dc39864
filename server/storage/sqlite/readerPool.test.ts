/**
 * The SQLite store's reader workers (readerPool.ts): list pages, counts and figures answered by a worker's own
 * connection, which follows the store's writes and transactions, and a worker lost mid-read loses no read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore, SQLITE_MEMORY_DEFAULTS } from './sqliteStore';

let dir: string;
let store: SqliteStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-reader-pool-'));
  store = new SqliteStore(path.join(dir, 'mws.db'), SQLITE_MEMORY_DEFAULTS, 1);
  await store.readers!.started();
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function studios(n: number, from = 0): Promise<void> {
  for (let i = from; i < from + n; i++) await store.insert('Studios', { name: `Studio ${i}` });
}

describe('reader workers', () => {
  it('answer list pages, counts and figures, and their cached counts follow every write', async () => {
    await studios(3);
    const before = store.readers!.answered;
    expect((await store.list('Studios', { offset: 0, limit: 10 })).total).toBe(3);
    expect(await store.count('Studios')).toBe(3);
    expect(await store.aggregate('Studios', { groupBy: [] })).toEqual([{ keys: [], count: 3, sums: {} }]);
    expect(store.readers!.answered - before).toBe(3);

    // A count kept by the worker is forgotten at the next write, made on the store's own connection.
    await studios(1, 3);
    expect(await store.count('Studios')).toBe(4);
    const page = await store.list('Studios', { offset: 0, limit: 10, sort: { field: 'created', dir: 'asc' } });
    expect(page.items.map((s) => s.name)).toContain('Studio 3');
  });

  it('never see a transaction before its commit, and see it right after', async () => {
    await studios(2);
    expect(await store.count('Studios')).toBe(2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = store.transaction(async (tx) => {
      await tx.insert('Studios', { name: 'inside' });
      await held;
    });
    // Asked while the transaction is open: answered after it, with its write.
    const counted = store.count('Studios');
    release();
    await writing;
    expect(await counted).toBe(3);

    // A rolled-back write is not counted: the worker forgets the count it kept before.
    await expect(
      store.transaction(async (tx) => {
        await tx.insert('Studios', { name: 'rolled back' });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await store.count('Studios')).toBe(3);
  });

  it('a worker lost mid-read takes no read with it: the store answers them on its own connection', async () => {
    await studios(5);
    const reads = Array.from({ length: 20 }, (_, i) => store.list('Studios', { offset: i % 5, limit: 2 }));
    await store.readers!.crashOne();
    const pages = await Promise.all(reads);
    expect(pages.every((p) => p.total === 5)).toBe(true);
    expect(store.readers!.size).toBe(0);
    // Later reads run on the store's connection.
    expect(await store.count('Studios')).toBe(5);
  });

  it("a bad read is refused with the store's own message, and the worker keeps answering", async () => {
    await expect(store.list('Studios', { offset: 0, limit: 1, sort: { field: 'nope', dir: 'asc' } })).rejects.toThrow(
      'Studios has no indexed field nope',
    );
    await studios(1);
    expect(await store.count('Studios')).toBe(1);
    expect(store.readers!.size).toBe(1);
  });
});
