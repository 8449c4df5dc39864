import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from './sqliteStore';
import { VersionConflict, type Doc, type Filter } from '../store';

function store() {
  return new SqliteStore(':memory:');
}

describe('SqliteStore', () => {
  it('inserts with a 24-hex id and created, and reads back', () => {
    const s = store();
    const { doc, version } = s.insert('Studios', { name: 'A' });
    expect(doc._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof doc.created).toBe('number');
    expect(version).toBe(1);
    expect(s.get('Studios', doc._id)?.doc).toEqual(doc);
  });

  it('replaces with version checks', () => {
    const s = store();
    const { doc } = s.insert('Studios', { name: 'A' });
    const next = s.replace('Studios', { ...doc, name: 'B' }, 1);
    expect(next.version).toBe(2);
    expect(() => s.replace('Studios', { ...doc, name: 'C' }, 1)).toThrow(VersionConflict);
    expect(s.get('Studios', doc._id)?.doc.name).toBe('B');
  });

  it('a conflict carries the current record; a replace keeps the stored creation time', () => {
    const s = store();
    const { doc } = s.insert('Studios', { name: 'A' });
    s.replace('Studios', { ...doc, name: 'B' });
    try {
      s.replace('Studios', { ...doc, name: 'C' }, 1);
      expect.unreachable('a stale version must conflict');
    } catch (e) {
      expect(e).toBeInstanceOf(VersionConflict);
      expect((e as VersionConflict).current).toMatchObject({ version: 2, doc: { name: 'B', _id: doc._id } });
    }
    const saved = s.replace('Studios', { ...doc, name: 'D', created: 1 }, 2);
    expect(saved.doc.created).toBe(doc.created);
    expect(s.get('Studios', doc._id)?.doc).toMatchObject({ name: 'D', created: doc.created });
  });

  it('filters, sorts and pages on indexed fields, counting the total', () => {
    const s = store();
    s.transaction(() => {
      for (let i = 0; i < 30; i++) {
        s.insert('Workrequests', {
          status: i % 3 === 0 ? 'complete' : 'incomplete',
          due: { date: 1000 - i },
          auto: i % 2 === 0,
        });
      }
    });
    const page = s.list('Workrequests', {
      filters: [{ field: 'status', op: 'eq', value: 'incomplete' }],
      sort: { field: 'due', dir: 'asc' },
      offset: 5,
      limit: 5,
    });
    expect(page.total).toBe(20);
    expect(page.items).toHaveLength(5);
    const dues = page.items.map((w) => (w.due as { date: number }).date);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(s.count('Workrequests', [{ field: 'automation', op: 'eq', value: 1 }])).toBe(15);
  });

  it('keeps counts right after writes', () => {
    const s = store();
    expect(s.count('Languages')).toBe(0);
    s.insert('Languages', { code: 'fr-FR' });
    expect(s.count('Languages')).toBe(1);
  });

  it('searches text fields case-insensitively', () => {
    const s = store();
    s.insert('Notifications', { to: 'u', title: 'Cora marked Main Trailer', emailSubject: '' });
    expect(s.count('Notifications', [{ field: 'search', op: 'contains', value: 'MAIN trailer' }])).toBe(1);
  });

  it('contains with several values finds any of them; with none, nothing', () => {
    const s = store();
    s.insert('Users', { name: 'A', groups: ['g1'] });
    s.insert('Users', { name: 'B', groups: ['g2', 'g3'] });
    s.insert('Users', { name: 'C', groups: [] });
    expect(s.count('Users', [{ field: 'groups', op: 'contains', value: ['g1', 'g3'] }])).toBe(2);
    expect(s.count('Users', [{ field: 'groups', op: 'contains', value: [] }])).toBe(0);
  });

  it('joins on a referenced record (op "of"), and a write to that record changes the cached count', () => {
    const s = store();
    const inA = s.insert('Assets', { studio: 'A' }).doc;
    const inB = s.insert('Assets', { studio: 'B' }).doc;
    for (const asset of [inA, inA, inB]) s.insert('Translations', { asset: asset._id });
    const ofA: Filter[] = [
      { field: 'asset', op: 'of', collection: 'Assets', filters: [{ field: 'studio', op: 'in', value: ['A'] }] },
    ];
    const page = s.list('Translations', { filters: ofA, offset: 0, limit: 10 });
    expect(page.items.map((t) => t.asset)).toEqual([inA._id, inA._id]);
    expect(page.total).toBe(2);
    s.replace('Assets', { ...inB, studio: 'A' });
    expect(s.count('Translations', ofA)).toBe(3);
  });

  it('an in filter of several values alone, sorted, pages exactly as one sorted list (merged index ranges)', () => {
    const s = store();
    const docs = Array.from(
      { length: 60 },
      (_, i) =>
        s.insert('Workrequests', {
          studio: ['a', 'b', 'c'][i % 3],
          created: 1000 + ((i * 7) % 13),
          due: { date: 5000 - ((i * 5) % 11) },
        }).doc,
    );
    const want = docs.filter((d) => d.studio !== 'c');
    const key = (d: Doc, field: 'created' | 'due') =>
      field === 'created' ? d.created : (d.due as { date: number }).date;
    for (const field of ['created', 'due'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const sign = dir === 'asc' ? 1 : -1;
        const sorted = [...want].sort(
          (x, y) => sign * (key(x, field) - key(y, field)) || sign * x._id.localeCompare(y._id),
        );
        for (const offset of [0, 7, 35]) {
          const page = s.list('Workrequests', {
            filters: [{ field: 'studio', op: 'in', value: ['a', 'b', 'a'] }],
            sort: { field, dir },
            offset,
            limit: 10,
          });
          expect(
            page.items.map((d) => d._id),
            `${field} ${dir} at ${offset}`,
          ).toEqual(sorted.slice(offset, offset + 10).map((d) => d._id));
          expect(page.total).toBe(40);
        }
      }
    }
  });

  it('adds the column of a field indexed after the database was made', () => {
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
    expect(
      s.list('Users', {
        filters: [{ field: 'groups', op: 'contains', value: 'g1' }],
        sort: { field: 'name', dir: 'asc' },
        offset: 0,
        limit: 5,
      }).items[0]?.name,
    ).toBe('Old');
    s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a search on a field that is not a text field', () => {
    const s = store();
    expect(() => s.count('Workrequests', [{ field: 'status', op: 'contains', value: 'x' }])).toThrow(
      /not a text field/,
    );
  });

  it('refuses unknown fields', () => {
    const s = store();
    expect(() =>
      s.list('Studios', { filters: [{ field: 'drop table', op: 'eq', value: 1 }], offset: 0, limit: 1 }),
    ).toThrow();
  });
});
