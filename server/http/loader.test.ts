import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import { createLoader } from './loader';

describe('createLoader', () => {
  it('reads what a page asks for in one turn with one getMany per collection and options, each id once', async () => {
    const store = new SqliteStore(':memory:');
    const a = (await store.insert('Groups', { name: 'A' })).doc;
    const b = (await store.insert('Groups', { name: 'B' })).doc;
    const t = (await store.insert('Translations', { lines: [1, 2] })).doc;
    const calls: string[][] = [];
    const getMany = store.getMany.bind(store);
    store.getMany = (c, ids, options) => {
      calls.push([c, ...ids]);
      return getMany(c, ids, options);
    };
    const loader = createLoader(store);
    const rows = [a._id, b._id, a._id, 'f'.repeat(24)];
    const [groups, slim] = await Promise.all([
      Promise.all(rows.map((id) => loader.get('Groups', id))),
      loader.get('Translations', t._id, { omit: ['lines'] }),
    ]);
    expect(groups.map((g) => g?.doc.name)).toEqual(['A', 'B', 'A', undefined]);
    expect(slim?.doc).toEqual({ _id: t._id, created: t.created });
    expect(calls).toEqual([
      ['Groups', a._id, b._id, 'f'.repeat(24)],
      ['Translations', t._id],
    ]);
    // Asked again later: answered from what was read.
    expect((await loader.get('Groups', b._id))?.doc.name).toBe('B');
    expect(calls).toHaveLength(2);
  });
});
