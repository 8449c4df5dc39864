/**
 * The download and view log (http/transferLog.ts): uses of one link issue and browser add to one record, across
 * batches too; a batch the store refuses is kept and written with the next; closing writes what is left.
 */
import { describe, expect, it, vi } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Store } from '../storage/store';
import type { Caller } from '../domain/types';
import { TransferLog, transferId, type DownloadDoc, type TransferUse } from './transferLog';

const caller = {
  id: '0123456789abcdef01234567',
  user: { _id: '0123456789abcdef01234567', name: 'Ada', groups: [] },
  groups: [{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Admins', type: 'admin', studios: [], users: [] }],
} as unknown as Caller; // only the fields the log reads
const use = (issue: string): TransferUse => ({
  kind: 'view',
  link: { user: caller.id, issue, expires: 0, use: 'get' },
  caller,
  target: { collection: 'Previews', id: 'bbbbbbbbbbbbbbbbbbbbbbbb', asset: 'cccccccccccccccccccccccc', studio: 's' },
});

async function records(store: Store): Promise<DownloadDoc[]> {
  return (await store.list<DownloadDoc>('Downloads', { offset: 0, limit: 100 })).items;
}

describe('TransferLog', () => {
  it('adds the uses of one issue and browser to one record, across batches; another issue or browser is another', async () => {
    const store = new SqliteStore(':memory:');
    const log = new TransferLog(store, () => 1_800_000_000_000, 60_000);
    log.add(use('1111111111111111'), 100, '10.0.0.1', 'A');
    log.add(use('1111111111111111'), 50, '10.0.0.1', 'A');
    await log.flush();
    log.add(use('1111111111111111'), 25, '10.0.0.1', 'A');
    log.add(use('1111111111111111'), 7, '10.0.0.1', 'B');
    log.add(use('2222222222222222'), 9, '10.0.0.1', 'A');
    await log.close();
    const rows = await records(store);
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r._id === transferId(use('1111111111111111'), '10.0.0.1', 'A'));
    expect(first).toMatchObject({ bytes: 175, requests: 3, user: caller.id, groups: [caller.groups[0]!._id] });
    expect(first).toMatchObject({ preview: 'bbbbbbbbbbbbbbbbbbbbbbbb', day: '2027-01-15', kind: 'view' });
  });

  it('keeps a batch the store refuses and writes it with the next', async () => {
    const store = new SqliteStore(':memory:');
    const real = store.transaction.bind(store);
    const refuse = vi.spyOn(store, 'transaction').mockRejectedValueOnce(new Error('database away'));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = new TransferLog(store, Date.now, 60_000);
    log.add(use('1111111111111111'), 100, '10.0.0.1', 'A');
    await log.flush();
    expect(await records(store)).toEqual([]);
    refuse.mockImplementation(real);
    log.add(use('1111111111111111'), 1, '10.0.0.1', 'A');
    await log.close();
    expect(await records(store)).toEqual([expect.objectContaining({ bytes: 101, requests: 2 })]);
    quiet.mockRestore();
  });
});
