/**
 * The composite indexes of the list's assignee filter (indexes.ts: `assignee` with `due` and with `created`): made
 * at start, and walked by a page filtered on the assignee and sorted by date, so no temporary sort of every match.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { SqliteStore } from './sqliteStore';
import type { SqliteReads } from './sqliteReads';
import type { Filter } from '../store';

const DAY = 86_400;

async function storeWithWorkRequests(): Promise<SqliteStore> {
  const s = new SqliteStore(':memory:');
  for (let i = 0; i < 300; i++) {
    const translator = i % 3 === 0 ? undefined : { _id: `t${i % 7}`, name: `T${i % 7}` };
    await s.insert('Workrequests', {
      studio: `s${i % 2}`,
      status: 'in-progress',
      due: { date: 1_800_000_000 + (i % 50) * DAY, tz: 'UTC' },
      translationSummary: translator ? { _id: `tr${i}`, translator } : { _id: `tr${i}` },
    });
  }
  return s;
}

/** A value for each parameter (the plan does not depend on them). */
const nulls = (sql: string) => Array.from({ length: sql.split('?').length - 1 }, () => null);

/** The query plan of each page's id query the store runs for `filters` sorted by `sort`. */
async function plansOf(s: SqliteStore, filters: Filter[], sort: 'due' | 'created'): Promise<string[]> {
  // The store's reads' statement cache (sqliteReads.ts, private to the store), spied on to learn the SQL it runs.
  const reads = (s as unknown as { reads: SqliteReads }).reads;
  const spy = vi.spyOn(reads, 'prepared');
  await s.list('Workrequests', { filters, sort: { field: sort, dir: 'asc' }, offset: 0, limit: 20 });
  // The inner query choosing the page's ids (the outer one only reads and orders those few rows).
  const sqls = spy.mock.calls.flatMap((c) => {
    const inner = /IN \((SELECT id FROM .* LIMIT \? OFFSET \?)\)/.exec(String(c[0]))?.[1];
    return inner ? [inner] : [];
  });
  spy.mockRestore();
  const db = (s as unknown as { db: Database.Database }).db;
  return sqls.map((sql) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...nulls(sql)) as { detail: string }[])
      .map((r) => r.detail)
      .join('\n'),
  );
}

describe('assignee composite indexes', () => {
  it('are made at start', async () => {
    const s = await storeWithWorkRequests();
    const db = (s as unknown as { db: Database.Database }).db;
    const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names).toEqual(expect.arrayContaining(['Workrequests_assignee_due', 'Workrequests_assignee_created']));
  });

  it('serve a page filtered on the assignee (a person, or none) in either sort, without sorting the matches', async () => {
    const s = await storeWithWorkRequests();
    for (const value of ['t3', '']) {
      for (const sort of ['due', 'created'] as const) {
        const plans = await plansOf(s, [{ field: 'assignee', op: 'eq', value }], sort);
        expect(plans.length, `${value || 'none'} by ${sort}`).toBeGreaterThan(0);
        for (const plan of plans) {
          expect(plan, `${value || 'none'} by ${sort}`).toContain(`Workrequests_assignee_${sort}`);
          expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
        }
      }
    }
    // And the page is right: by due, then id.
    const page = await s.list('Workrequests', {
      filters: [{ field: 'assignee', op: 'eq', value: 't3' }],
      sort: { field: 'due', dir: 'asc' },
      offset: 0,
      limit: 1000,
    });
    const dues = page.items.map((w) => (w.due as { date: number }).date);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(page.total).toBe(page.items.length);
    expect(
      page.items.every((w) => (w.translationSummary as { translator?: { _id: string } }).translator?._id === 't3'),
    ).toBe(true);
  });
});
