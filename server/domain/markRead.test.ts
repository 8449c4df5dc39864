import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Filter } from '../storage/store';
import { markAllRead } from './markRead';

describe('markAllRead', () => {
  it('marks every matching unread notification read in batches, letting other work run between them', async () => {
    const store = new SqliteStore(':memory:');
    await store.transaction(async (tx) => {
      for (let i = 0; i < 1050; i++)
        await tx.insert('Notifications', {
          to: 'u1',
          read: false,
          added: i,
          title: `Main Trailer ${i}`,
          emailSubject: '',
        });
      for (let i = 0; i < 30; i++)
        await tx.insert('Notifications', { to: 'u1', read: false, added: i, title: `Poster ${i}`, emailSubject: '' });
      for (let i = 0; i < 20; i++)
        await tx.insert('Notifications', {
          to: 'u2',
          read: false,
          added: i,
          title: `Main Trailer ${i}`,
          emailSubject: '',
        });
    });
    const filters: Filter[] = [
      { field: 'to', op: 'eq', value: 'u1' },
      { field: 'search', op: 'contains', value: 'trailer' },
      { field: 'read', op: 'eq', value: false },
    ];
    let turns = 0;
    let running = true;
    const other = () => {
      turns++;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    const updated = await markAllRead(store, filters, 200);
    running = false;
    expect(updated).toBe(1050);
    // Six batches: the other work ran between each of them.
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(await store.count('Notifications', filters)).toBe(0);
    expect(await store.count('Notifications', [{ field: 'read', op: 'eq', value: false }])).toBe(50);
    const one = (
      await store.list('Notifications', {
        filters: [
          { field: 'to', op: 'eq', value: 'u1' },
          { field: 'read', op: 'eq', value: true },
        ],
        offset: 0,
        limit: 1,
      })
    ).items[0];
    expect(one).toMatchObject({ read: true, viewed: true });
    expect(await markAllRead(store, filters, 200)).toBe(0);
  });
});
