import { describe, expect, it } from 'vitest';
import { SqliteStore } from './sqliteStore';
import { VersionConflict } from '../store';

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
        s.insert('Workrequests', { status: i % 3 === 0 ? 'complete' : 'incomplete', due: { date: 1000 - i }, auto: i % 2 === 0 });
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

  it('refuses a search on a field that is not a text field', () => {
    const s = store();
    expect(() => s.count('Workrequests', [{ field: 'status', op: 'contains', value: 'x' }])).toThrow(/not a text field/);
  });

  it('refuses unknown fields', () => {
    const s = store();
    expect(() => s.list('Studios', { filters: [{ field: 'drop table', op: 'eq', value: 1 }], offset: 0, limit: 1 })).toThrow();
  });
});
