import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from './sqliteStore';
import { UniqueViolation, VersionConflict, type Filter } from '../store';

function store() {
  return new SqliteStore(':memory:');
}

describe('SqliteStore', () => {
  it('inserts with a 24-hex id and created, and reads back', async () => {
    const s = store();
    const { doc, version } = await s.insert('Studios', { name: 'A' });
    expect(doc._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof doc.created).toBe('number');
    expect(version).toBe(1);
    expect((await s.get('Studios', doc._id))?.doc).toEqual(doc);
  });

  it('replaces with version checks', async () => {
    const s = store();
    const { doc } = await s.insert('Studios', { name: 'A' });
    const next = await s.replace('Studios', { ...doc, name: 'B' }, 1);
    expect(next.version).toBe(2);
    await expect(s.replace('Studios', { ...doc, name: 'C' }, 1)).rejects.toThrow(VersionConflict);
    expect((await s.get('Studios', doc._id))?.doc.name).toBe('B');
  });

  it('a conflict carries the current record; a replace keeps the stored creation time', async () => {
    const s = store();
    const { doc } = await s.insert('Studios', { name: 'A' });
    await s.replace('Studios', { ...doc, name: 'B' });
    try {
      await s.replace('Studios', { ...doc, name: 'C' }, 1);
      expect.unreachable('a stale version must conflict');
    } catch (e) {
      expect(e).toBeInstanceOf(VersionConflict);
      expect((e as VersionConflict).current).toMatchObject({ version: 2, doc: { name: 'B', _id: doc._id } });
    }
    const saved = await s.replace('Studios', { ...doc, name: 'D', created: 1 }, 2);
    expect(saved.doc.created).toBe(doc.created);
    expect((await s.get('Studios', doc._id))?.doc).toMatchObject({ name: 'D', created: doc.created });
  });

  it('filters, sorts and pages on indexed fields, counting the total', async () => {
    const s = store();
    await s.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        await tx.insert('Workrequests', {
          status: i % 3 === 0 ? 'complete' : 'incomplete',
          due: { date: 1000 - i },
          auto: i % 2 === 0,
        });
      }
    });
    const page = await s.list('Workrequests', {
      filters: [{ field: 'status', op: 'eq', value: 'incomplete' }],
      sort: { field: 'due', dir: 'asc' },
      offset: 5,
      limit: 5,
    });
    expect(page.total).toBe(20);
    expect(page.items).toHaveLength(5);
    const dues = page.items.map((w) => (w.due as { date: number }).date);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(await s.count('Workrequests', [{ field: 'automation', op: 'eq', value: 1 }])).toBe(15);
  });

  it('an `in` holding every value its column has answers the rows of no filter; one missing a value still filters', async () => {
    const s = store();
    const byStudio = (studios: string[], offset = 0) =>
      s.list('Workrequests', {
        filters: [{ field: 'studio', op: 'in', value: studios }],
        sort: { field: 'due', dir: 'desc' },
        offset,
        limit: 7,
      });
    const ids = (page: { items: { _id: string }[] }) => page.items.map((w) => w._id);
    const inserted = await s.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 24; i++)
        out.push((await tx.insert('Workrequests', { studio: i % 3 ? 'a' : 'b', due: { date: i * 7 } })).doc._id);
      return out;
    });
    const all = await s.list('Workrequests', { sort: { field: 'due', dir: 'desc' }, offset: 5, limit: 7 });
    expect(await byStudio(['b', 'a'], 5)).toEqual(all);
    expect(await s.count('Workrequests', [{ field: 'studio', op: 'in', value: ['a', 'b', 'z'] }])).toBe(24);
    expect((await byStudio(['a'])).total).toBe(16);

    // A third studio, then a work request without one: the filter of two keeps neither.
    const other = await s.insert('Workrequests', { studio: 'c', due: { date: 1000 } });
    expect(ids(await byStudio(['a', 'b']))).not.toContain(other.doc._id);
    expect((await byStudio(['a', 'b'])).total).toBe(24);
    const none = await s.insert('Workrequests', { due: { date: 2000 } });
    await s.replace('Workrequests', { ...other.doc, studio: 'a' });
    expect(ids(await byStudio(['a', 'b']))[0]).toBe(other.doc._id);
    expect(ids(await byStudio(['a', 'b']))).not.toContain(none.doc._id);
    expect(await s.count('Workrequests', [{ field: 'studio', op: 'in', value: ['a', 'b'] }])).toBe(25);

    // Values read inside a transaction that rolls back are forgotten with it: the row without a studio gets one,
    // the filter holds every value then, and after the rollback it filters again.
    await expect(
      s.transaction(async (tx) => {
        await tx.replace('Workrequests', { ...none.doc, studio: 'b' });
        expect(
          (
            await tx.list('Workrequests', {
              filters: [{ field: 'studio', op: 'in', value: ['a', 'b'] }],
              offset: 0,
              limit: 50,
            })
          ).total,
        ).toBe(26);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await s.count('Workrequests', [{ field: 'studio', op: 'in', value: ['a', 'b'] }])).toBe(25);
    expect(ids(await byStudio(['a', 'b']))).not.toContain(none.doc._id);
    expect(inserted).toHaveLength(24);
  });

  it('keeps counts right after writes', async () => {
    const s = store();
    expect(await s.count('Languages')).toBe(0);
    await s.insert('Languages', { code: 'fr-FR' });
    expect(await s.count('Languages')).toBe(1);
  });

  it('searches text fields case-insensitively', async () => {
    const s = store();
    await s.insert('Notifications', { to: 'u', title: 'Cora marked Main Trailer', emailSubject: '' });
    expect(await s.count('Notifications', [{ field: 'search', op: 'contains', value: 'MAIN trailer' }])).toBe(1);
  });

  it('contains with several values finds any of them; with none, nothing', async () => {
    const s = store();
    await s.insert('Users', { name: 'A', groups: ['g1'] });
    await s.insert('Users', { name: 'B', groups: ['g2', 'g3'] });
    await s.insert('Users', { name: 'C', groups: [] });
    expect(await s.count('Users', [{ field: 'groups', op: 'contains', value: ['g1', 'g3'] }])).toBe(2);
    expect(await s.count('Users', [{ field: 'groups', op: 'contains', value: [] }])).toBe(0);
  });

  it('adds the column of a field indexed after the database was made', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-store-'));
    const file = path.join(dir, 'old.sqlite');
    const old = new Database(file);
    old.exec(
      'CREATE TABLE "Users" (id TEXT PRIMARY KEY, created INTEGER NOT NULL, version INTEGER NOT NULL, doc TEXT NOT NULL)',
    );
    old
      .prepare('INSERT INTO "Users" VALUES (?, 1, 1, ?)')
      .run('a'.repeat(24), JSON.stringify({ _id: 'a'.repeat(24), created: 1, name: 'Old', groups: ['g1'] }));
    old.close();
    const s = new SqliteStore(file);
    const page = await s.list('Users', {
      filters: [{ field: 'groups', op: 'contains', value: 'g1' }],
      sort: { field: 'name', dir: 'asc' },
      offset: 0,
      limit: 5,
    });
    expect(page.items[0]?.name).toBe('Old');
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a search on a field that is not a text field', async () => {
    const s = store();
    await expect(s.count('Workrequests', [{ field: 'status', op: 'contains', value: 'x' }])).rejects.toThrow(
      /not a text field/,
    );
  });

  it('refuses unknown fields', async () => {
    const s = store();
    await expect(
      s.list('Studios', { filters: [{ field: 'drop table', op: 'eq', value: 1 }], offset: 0, limit: 1 }),
    ).rejects.toThrow();
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SqliteStore transactions (async)', () => {
  it('is atomic across awaits: a throw after two writes stores neither, and runs no after-commit effect', async () => {
    const s = store();
    const kept = await s.insert('Studios', { name: 'Kept' });
    const effects: string[] = [];
    await expect(
      s.transaction(async (tx) => {
        await tx.insert('Studios', { name: 'New' });
        await tick();
        await tx.replace('Studios', { ...kept.doc, name: 'Changed' });
        tx.afterCommit(() => effects.push('ran'));
        await tick();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await s.count('Studios')).toBe(1);
    expect((await s.get('Studios', kept.doc._id))?.doc.name).toBe('Kept');
    expect(effects).toEqual([]);
  });

  it('commits every write and then runs the after-commit effects', async () => {
    const s = store();
    const effects: number[] = [];
    const result = await s.transaction(async (tx) => {
      await tx.insert('Languages', { code: 'fr-FR' });
      tx.afterCommit(() => effects.push(1));
      await tick();
      expect(effects).toEqual([]);
      await tx.insert('Languages', { code: 'de-DE' });
      return 'done';
    });
    expect(result).toBe('done');
    expect(effects).toEqual([1]);
    expect(await s.count('Languages')).toBe(2);
  });

  it('isolates: a store-level read meanwhile waits, sees no uncommitted write and does not deadlock', async () => {
    const s = store();
    const { doc } = await s.insert('Studios', { name: 'Before' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const running = s.transaction(async (tx) => {
      await tx.replace('Studios', { ...doc, name: 'Inside' });
      await tx.insert('Studios', { name: 'Added' });
      wrote();
      await gate;
    });
    await written;
    const order: string[] = [];
    const read = s.get('Studios', doc._id).then((r) => {
      order.push('read');
      return r;
    });
    const counted = s.count('Studios');
    await tick();
    await tick();
    expect(order).toEqual([]); // still waiting for the transaction
    order.push('commit');
    release();
    await running;
    expect((await read)?.doc.name).toBe('Inside');
    expect(await counted).toBe(2);
    expect(order).toEqual(['commit', 'read']);
  });

  it('a store-level read meanwhile sees the data before a transaction that rolls back', async () => {
    const s = store();
    const { doc } = await s.insert('Studios', { name: 'Before' });
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const running = s.transaction(async (tx) => {
      await tx.replace('Studios', { ...doc, name: 'Inside' });
      wrote();
      await tick();
      throw new Error('rolled back');
    });
    await written;
    const read = s.get('Studios', doc._id);
    await expect(running).rejects.toThrow('rolled back');
    expect((await read)?.doc.name).toBe('Before');
  });

  it('runs transactions one after another, never interleaved', async () => {
    const s = store();
    const { doc } = await s.insert('Studios', { name: 'n', count: 0 });
    // Each reads, waits, and writes the count + 1: interleaved, increments would be lost (or conflict).
    await Promise.all(
      Array.from({ length: 5 }, () =>
        s.transaction(async (tx) => {
          const current = await tx.get('Studios', doc._id);
          await tick();
          await tx.replace('Studios', { ...current!.doc, count: Number(current!.doc.count) + 1 }, current!.version);
        }),
      ),
    );
    expect((await s.get('Studios', doc._id))?.doc.count).toBe(5);
  });

  it('nested transactions join the outer one: its rollback undoes the inner writes too', async () => {
    const s = store();
    const effects: string[] = [];
    await s.transaction(async (tx) => {
      await tx.insert('Languages', { code: 'a' });
      await tx.transaction(async (inner) => {
        await inner.insert('Languages', { code: 'b' });
        inner.afterCommit(() => effects.push('inner'));
      });
      expect(effects).toEqual([]); // the inner one commits with the outer
    });
    expect(effects).toEqual(['inner']);
    expect(await s.count('Languages')).toBe(2);
    await expect(
      s.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          await inner.insert('Languages', { code: 'c' });
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await s.count('Languages')).toBe(2);
  });

  it('refuses the store itself inside its own transaction (it would wait for itself), and a tx used after the end', async () => {
    const s = store();
    let kept: Parameters<Parameters<typeof s.transaction>[0]>[0] | undefined;
    await expect(
      s.transaction(async (tx) => {
        kept = tx;
        await s.count('Studios');
      }),
    ).rejects.toThrow(/inside its own transaction/);
    await expect(kept!.count('Studios')).rejects.toThrow(/after the transaction ended/);
    expect(await s.count('Studios')).toBe(0); // the store works on
  });

  it('a replace checks the version in its UPDATE: a stale version changes nothing', async () => {
    const s = store();
    const { doc } = await s.insert('Studios', { name: 'A' });
    await s.replace('Studios', { ...doc, name: 'B' }, 1);
    await expect(s.replace('Studios', { ...doc, name: 'C' }, 1)).rejects.toThrow(VersionConflict);
    await expect(s.replace('Studios', { ...doc, _id: 'f'.repeat(24) }, 1)).rejects.toThrow(/no Studios record/);
    expect(await s.get('Studios', doc._id)).toMatchObject({ version: 2, doc: { name: 'B' } });
  });
});

describe('SqliteStore getMany, updateWhere, unique fields', () => {
  it('getMany reads the records of the ids that exist, leaving out fields when asked', async () => {
    const s = store();
    const a = await s.insert('Translations', { language: 'fr', lines: [{ text: 'x' }] });
    const b = await s.insert('Translations', { language: 'de', lines: [] });
    const found = await s.getMany('Translations', [b.doc._id, 'f'.repeat(24), a.doc._id, a.doc._id]);
    expect(found.map((f) => f.doc._id).sort()).toEqual([a.doc._id, b.doc._id].sort());
    expect(found.every((f) => f.version === 1)).toBe(true);
    const slim = await s.getMany('Translations', [a.doc._id], { omit: ['lines'] });
    expect(slim[0]?.doc).toEqual({ _id: a.doc._id, created: a.doc.created, language: 'fr' });
    expect(await s.getMany('Translations', [])).toEqual([]);
  });

  it('updateWhere sets fields of the filtered records in one statement, at most `limit`, bumping versions', async () => {
    const s = store();
    for (let i = 0; i < 5; i++) await s.insert('Notifications', { to: 'u1', read: false, added: i, title: 't' });
    const other = await s.insert('Notifications', { to: 'u2', read: false, added: 0, title: 't' });
    const unread: Filter[] = [
      { field: 'to', op: 'eq', value: 'u1' },
      { field: 'read', op: 'eq', value: false },
    ];
    expect(await s.updateWhere('Notifications', unread, { read: true, viewed: true }, 3)).toBe(3);
    expect(await s.count('Notifications', unread)).toBe(2);
    expect(await s.updateWhere('Notifications', unread, { read: true, viewed: true })).toBe(2);
    expect(await s.count('Notifications', unread)).toBe(0);
    const page = await s.list('Notifications', {
      filters: [{ field: 'to', op: 'eq', value: 'u1' }],
      offset: 0,
      limit: 9,
    });
    expect(page.items.every((n) => n.read === true && n.viewed === true && n.title === 't')).toBe(true);
    expect(await s.get('Notifications', other.doc._id)).toMatchObject({ version: 1, doc: { read: false } });
    const first = await s.get('Notifications', page.items[0]!._id);
    expect(first?.version).toBe(2);
    await expect(s.updateWhere('Notifications', [], { 'a b': 1 })).rejects.toThrow();
  });

  it('refuses a second record with a unique value (UniqueViolation), also inside a transaction', async () => {
    const s = store();
    await s.insert('Users', { username: 'a@x.test' });
    await expect(s.insert('Users', { username: 'a@x.test' })).rejects.toThrow(UniqueViolation);
    await expect(s.insert('Users', { username: 'a@x.test' })).rejects.toMatchObject({
      collection: 'Users',
      field: 'username',
    });
    const b = await s.insert('Users', { username: 'b@x.test' });
    await expect(s.replace('Users', { ...b.doc, username: 'a@x.test' })).rejects.toThrow(UniqueViolation);
    await s.insert('Languages', { code: 'fr-FR' });
    await expect(
      s.transaction(async (tx) => {
        await tx.insert('Studios', { name: 'S', slug: 's' });
        await tx.insert('Languages', { code: 'fr-FR' });
      }),
    ).rejects.toThrow(UniqueViolation);
    expect(await s.count('Studios')).toBe(0);
    // Records without the field do not collide.
    await s.insert('Users', { name: 'no username' });
    await s.insert('Users', { name: 'none either' });
  });
});
