/**
 * The store contract against PostgreSQL: each run makes a throwaway database `mws_test_<random>` from
 * TEST_DATABASE_URL (default: the local `mws` superuser) and drops it after. Without a reachable PostgreSQL the suite
 * is skipped, and says so in its title and on the console: never silently.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeStoreContract } from '../storeContract';
import { PostgresStore, UnstorableText } from './postgresStore';
import type { Filter } from '../store';
import { checkPgFields } from './columns';
import { fold, tsqueryOf, tsvectorOf } from './search';
import { TEST_ADMIN_URL, adminQuery, postgresReachable, testDatabaseUrl } from './testDatabase';

const ADMIN_URL = TEST_ADMIN_URL;
const admin = (fn: (c: { query: (sql: string) => Promise<void> }) => Promise<void>) => fn({ query: adminQuery });
const databaseUrl = testDatabaseUrl;

const available = await postgresReachable();
const database = `mws_test_${randomBytes(6).toString('hex')}`;
const url = databaseUrl(database);

describe('PostgreSQL search literals (no database)', () => {
  it('folds case and accents, and quotes every typed word as a lexeme', () => {
    expect(fold('RÉSUMÉ ﬁn')).toBe('resume fin');
    expect(tsvectorOf(['Main Trailer', 'fr-FR'])).toBe("'main':1 'trailer':2 'fr':3 'fr':4");
    expect(tsqueryOf('burned-i  "x')).toBe("('burned' <-> 'i':*) & ('x':*)");
    expect(tsqueryOf(" ' & | ! ")).toBeUndefined();
  });

  it('every field indexes.ts declares has a PostgreSQL column', () => {
    expect(() => checkPgFields()).not.toThrow();
  });
});

if (!available) {
  console.warn(`PostgreSQL is not reachable at ${ADMIN_URL}: the PostgreSQL store contract was NOT run`);
  describe.skip('PostgreSQL store contract (NOT RUN: PostgreSQL unreachable)', () => {
    it('needs PostgreSQL', () => undefined);
  });
} else {
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE "${database}"`));
  });
  afterAll(async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  });

  /** Empties every table and the job queue between cases (the schema stays: migrating again finds nothing to do). */
  async function truncateAll(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'schema_%'`,
      );
      if (rows.length) await client.query(`TRUNCATE ${rows.map((r) => `"${r.name}"`).join(', ')}`);
      // The job queue's jobs (graphile-worker's own schema; its tasks and migrations stay).
      await client.query('DELETE FROM graphile_worker._private_jobs');
    } finally {
      await client.end();
    }
  }

  describeStoreContract('PostgresStore', () => PostgresStore.open(url), truncateAll);

  /** Runs `fn` with two instances of the store on the test database, closed and the tables emptied after. */
  async function twoInstances(fn: (s: PostgresStore, other: PostgresStore) => Promise<void>): Promise<void> {
    const [s, other] = await Promise.all([PostgresStore.open(url), PostgresStore.open(url)]);
    try {
      await fn(s, other);
    } finally {
      await Promise.all([s.close(), other.close()]);
      await truncateAll();
    }
  }

  /** A store's count of work requests, and whether it ran a `count(*)` for it (not kept). */
  async function countOf(store: PostgresStore, filters: Filter[]): Promise<{ n: number; counted: boolean }> {
    const spy = vi.spyOn(pg.Pool.prototype, 'query');
    const n = await store.count('Workrequests', filters);
    const sent = spy.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.startsWith('SELECT count(*)'));
    spy.mockRestore();
    return { n, counted: sent.length > 0 };
  }

  describe('PostgresStore job queue across instances', () => {
    it("runs each job once across two instances, and one instance's committed job wakes the other's runner", async () =>
      twoInstances(async (s, other) => {
        const seen = new Map<string, string[]>();
        const handler = (instance: string) => async (payload: unknown) => {
          const n = String((payload as { n: number }).n);
          seen.set(n, [...(seen.get(n) ?? []), instance]);
        };
        // Polls rarely: a job found within the wait below was announced (LISTEN/NOTIFY), not found by polling.
        let woken = 0;
        const runners = [
          await s.runJobs({ count: handler('a') }, { pollMs: 60_000 }),
          await other.runJobs({ count: handler('b'), wake: async () => void woken++ }, { pollMs: 60_000 }),
        ];
        try {
          for (let n = 0; n < 20; n++) await s.transaction((tx) => tx.jobs.add('count', { n }));
          await vi.waitFor(() => expect(seen.size).toBe(20), { timeout: 15_000, interval: 20 });
          await vi.waitFor(async () => expect(await other.listJobs()).toEqual([]), { timeout: 15_000, interval: 20 });
          expect([...seen.values()].every((by) => by.length === 1)).toBe(true);
          // Only the other instance knows this task: it learns of the job from the commit's notice.
          await s.transaction((tx) => tx.jobs.add('wake', {}));
          await vi.waitFor(() => expect(woken).toBe(1), { timeout: 15_000, interval: 20 });
        } finally {
          await Promise.all(runners.map((r) => r.stop()));
        }
      }));
  });

  describe('PostgresStore schema', () => {
    it('two stores opening one fresh database at once both work', async () => {
      const fresh = `mws_test_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE "${fresh}"`));
      try {
        const [a, b] = await Promise.all([
          PostgresStore.open(databaseUrl(fresh)),
          PostgresStore.open(databaseUrl(fresh)),
        ]);
        // The first write to a collection voids its kept count of 0 (as the demo seed finds the store empty first).
        expect(await b.count('Studios')).toBe(0);
        const { doc } = await a.insert('Studios', { name: 'A' });
        expect(await b.count('Studios')).toBe(1);
        expect((await b.get('Studios', doc._id))?.doc.name).toBe('A');
        // A count kept by one instance follows a write made by the other.
        expect(await a.count('Studios')).toBe(1);
        await b.transaction(async (tx) => {
          await tx.insert('Studios', { name: 'by B' });
        });
        expect(await a.count('Studios')).toBe(2);
        await b.insert('Studios', { name: 'by B again' });
        expect(await a.count('Studios')).toBe(3);
        const before = await b.generations();
        await a.replace('Studios', { ...doc, name: 'B' });
        const after = await b.generations();
        expect(after.Studios).not.toBe(before.Studios);
        expect(after.Users).toBe(before.Users);
        expect((await b.versions('Studios', [doc._id])).get(doc._id)).toBe(2);
        await Promise.all([a.close(), b.close()]);
        const again = await PostgresStore.open(databaseUrl(fresh));
        expect(await again.count('Studios')).toBe(3);
        await again.close();
      } finally {
        await admin((c) => c.query(`DROP DATABASE IF EXISTS "${fresh}" WITH (FORCE)`));
      }
    });

    it('a page filtered on the assignee can walk its composite index in the sort’s order', async () => {
      const s = await PostgresStore.open(url);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await s.transaction(async (tx) => {
          for (let i = 0; i < 800; i++) {
            // Each assignee (and none) a few percent of the rows, as in a studio's real list.
            const translator = i % 25 === 0 ? undefined : { _id: `t${i % 50}`, name: `T${i % 50}` };
            await tx.insert('Workrequests', {
              status: 'in-progress',
              due: { date: 1_800_000_000 + (i % 40) * 86_400, tz: 'UTC' },
              translationSummary: translator ? { _id: `tr${i}`, translator } : { _id: `tr${i}` },
            });
          }
        });
        await client.query('ANALYZE "Workrequests"');
        // On a table this small the planner may as well sort the few matches; with sorting priced out, it shows
        // that the composite index serves the page's order (its columns, NULLS and collation match the query's).
        await client.query('SET enable_sort = off');
        for (const value of ['t3', '']) {
          for (const sort of ['due', 'created'] as const) {
            const spy = vi.spyOn(pg.Pool.prototype, 'query');
            await s.list('Workrequests', {
              filters: [{ field: 'assignee', op: 'eq', value }],
              sort: { field: sort, dir: 'asc' },
              offset: 0,
              limit: 20,
            });
            const pages = spy.mock.calls
              .map((c) => c as unknown as [string, unknown[]])
              .filter(([sql]) => typeof sql === 'string' && sql.includes('LIMIT'));
            spy.mockRestore();
            expect(pages.length, `${value || 'none'} by ${sort}`).toBeGreaterThan(0);
            for (const [sql, params] of pages) {
              const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows
                .map((r) => r['QUERY PLAN'])
                .join('\n');
              expect(plan, `${value || 'none'} by ${sort}`).toContain(`Workrequests_assignee_${sort}`);
            }
          }
        }
      } finally {
        await client.end();
        await s.close();
        await truncateAll();
      }
    }, 60_000);

    it('lists asked at once after a write count their total once, and a later write is counted again', async () => {
      const s = await PostgresStore.open(url);
      const scope = [{ field: 'studio', op: 'in' as const, value: ['a', 'b'] }];
      const countsSent = (spy: { mock: { calls: unknown[][] } }) =>
        spy.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.startsWith('SELECT count(*)')).length;
      try {
        for (const studio of ['a', 'a', 'b', 'c']) await s.insert('Workrequests', { studio });
        // Every pooled connection open first, so the lists below do run at once.
        await Promise.all(Array.from({ length: 10 }, () => s.generations()));
        let spy = vi.spyOn(pg.Pool.prototype, 'query');
        const pages = await Promise.all(
          Array.from({ length: 5 }, () => s.list('Workrequests', { filters: scope, offset: 0, limit: 2 })),
        );
        expect(pages.map((p) => [p.total, p.items.length])).toEqual(Array.from({ length: 5 }, () => [3, 2]));
        expect(countsSent(spy)).toBe(1);
        spy.mockRestore();

        await s.insert('Workrequests', { studio: 'b' });
        spy = vi.spyOn(pg.Pool.prototype, 'query');
        const totals = await Promise.all(Array.from({ length: 4 }, () => s.count('Workrequests', scope)));
        expect(totals).toEqual([4, 4, 4, 4]);
        expect(countsSent(spy)).toBe(1);
        spy.mockRestore();
      } finally {
        await s.close();
        await truncateAll();
      }
    });

    it('a kept count outlives writes that change no indexed value, and not one that does', async () => {
      const s = await PostgresStore.open(url);
      const other = await PostgresStore.open(url); // another instance on the same database
      const scope = [{ field: 'studio', op: 'eq' as const, value: 'a' }];
      const counted = (store: PostgresStore) => countOf(store, scope);
      try {
        const first = await s.insert('Workrequests', { studio: 'a', note: 'x' });
        await s.insert('Workrequests', { studio: 'b' });
        expect(await counted(s)).toEqual({ n: 1, counted: true });
        expect(await counted(other)).toEqual({ n: 1, counted: true });

        // An unindexed member changed, at store level and in a transaction, by either instance: the count stays kept.
        let saved = await s.replace('Workrequests', { ...first.doc, note: 'y' }, first.version);
        saved = await other.transaction((tx) => tx.replace('Workrequests', { ...saved.doc, note: 'z' }, saved.version));
        await s.insert('Comments', { workRequest: first.doc._id, body: 'hi' });
        expect(await counted(s)).toEqual({ n: 1, counted: false });
        expect(await counted(other)).toEqual({ n: 1, counted: false });

        // An indexed value changed (by the other instance): counted again, on both.
        saved = await other.replace('Workrequests', { ...saved.doc, studio: 'b' }, saved.version);
        expect(await counted(s)).toEqual({ n: 0, counted: true });
        // … in a transaction, and back.
        await s.transaction((tx) => tx.replace('Workrequests', { ...saved.doc, studio: 'a' }));
        expect(await counted(other)).toEqual({ n: 1, counted: true });
        // A new row, and a set-based update: counted again.
        await other.insert('Workrequests', { studio: 'a' });
        expect(await counted(s)).toEqual({ n: 2, counted: true });
        await s.updateWhere('Workrequests', [{ field: 'studio', op: 'eq', value: 'b' }], { studio: 'a' });
        expect(await counted(other)).toEqual({ n: 3, counted: true });
        expect(await counted(s)).toEqual({ n: 3, counted: true });
        expect(await counted(s)).toEqual({ n: 3, counted: false });
      } finally {
        await s.close();
        await other.close();
        await truncateAll();
      }
    });

    it('a kept count outlives a change of a column its filters do not read, on every instance', () =>
      twoInstances(async (s, other) => {
        const scope = [{ field: 'studio', op: 'in' as const, value: ['a', 'b'] }];
        const open = [{ field: 'status', op: 'eq' as const, value: 'open' }];
        const counted = countOf;
        const first = await s.insert('Workrequests', { studio: 'a', status: 'open' });
        await s.insert('Workrequests', { studio: 'b', status: 'open' });
        expect(await counted(s, scope)).toEqual({ n: 2, counted: true });
        expect(await counted(s, open)).toEqual({ n: 2, counted: true });
        // A status change by the other instance: the studios' total is kept, the status's counted again.
        const moved = await other.replace('Workrequests', { ...first.doc, status: 'done' }, first.version);
        expect(await counted(s, scope)).toEqual({ n: 2, counted: false });
        expect(await counted(s, open)).toEqual({ n: 1, counted: true });
        // A studio change, in a transaction: the studios' total is counted again, the status's kept.
        await other.transaction((tx) => tx.replace('Workrequests', { ...moved.doc, studio: 'c' }, moved.version));
        expect(await counted(s, scope)).toEqual({ n: 1, counted: true });
        expect(await counted(s, open)).toEqual({ n: 1, counted: false });
      }));

    it('a deep page starts from a kept anchor, and no instance’s write that moves rows leaves it stale', async () => {
      const s = await PostgresStore.open(url);
      const other = await PostgresStore.open(url);
      const plain = await PostgresStore.open(url, { cacheCounts: false }); // walks every offset: the reference
      const scope = [{ field: 'studio', op: 'in' as const, value: ['a', 'b'] }];
      const ids: string[] = [];
      try {
        await s.transaction(async (tx) => {
          for (let i = 0; i < 1300; i++) {
            const { doc } = await tx.insert('Workrequests', { studio: i % 3 ? 'a' : 'b', created: 1_000_000 + i });
            ids.push(doc._id);
          }
        });
        const page = async (store: PostgresStore, offset: number, dir: 'asc' | 'desc' = 'asc') => {
          const spy = vi.spyOn(pg.Pool.prototype, 'query');
          const { items, total } = await store.list('Workrequests', {
            filters: scope,
            sort: { field: 'created', dir },
            offset,
            limit: 5,
          });
          const anchored = spy.mock.calls.some(([sql]) => typeof sql === 'string' && sql.includes('(created, id) '));
          spy.mockRestore();
          return { ids: items.map((d) => d._id), total, anchored };
        };
        const same = async (offset: number, dir: 'asc' | 'desc' = 'asc') => {
          const [got, want] = [await page(s, offset, dir), await page(plain, offset, dir)];
          expect({ ids: got.ids, total: got.total }).toEqual({ ids: want.ids, total: want.total });
          return got;
        };
        expect((await same(1100)).anchored).toBe(false); // the first walk notes the anchors it passes
        expect(await same(1100)).toMatchObject({ ids: ids.slice(1100, 1105), total: 1300, anchored: true });
        expect((await same(1298)).ids).toEqual(ids.slice(1298));
        expect((await same(1000, 'desc')).ids).toEqual(ids.slice(295, 300).reverse());
        expect((await same(1000, 'desc')).anchored).toBe(true);
        // A comment and an unindexed edit keep them.
        const row = await other.get('Workrequests', ids[3]!);
        await other.replace('Workrequests', { ...row!.doc, note: 'x' }, row!.version);
        expect((await same(1100)).anchored).toBe(true);
        // A row inserted before them by the other instance: every position after it moved.
        await other.insert('Workrequests', { studio: 'b', created: 10 });
        expect(await same(1100)).toMatchObject({ anchored: false, total: 1301 });
        expect((await same(1100)).anchored).toBe(true);
        // A row leaving the list (its studio changed), in the other instance's transaction.
        const leaving = await other.get('Workrequests', ids[7]!);
        await other.transaction((tx) => tx.replace('Workrequests', { ...leaving!.doc, studio: 'c' }));
        expect(await same(1100)).toMatchObject({ anchored: false, total: 1300 });
        expect(await same(1100, 'desc')).toMatchObject({ anchored: false, total: 1300 });
        // A set-based update.
        await other.updateWhere('Workrequests', [{ field: 'studio', op: 'eq', value: 'c' }], { studio: 'a' });
        expect(await same(1100)).toMatchObject({ anchored: false, total: 1301 });
        expect(await same(1301)).toMatchObject({ ids: [], total: 1301 });
      } finally {
        await Promise.all([s.close(), other.close(), plain.close()]);
        await truncateAll();
      }
    }, 60_000);

    it('refuses text jsonb cannot hold (NUL, lone surrogates) with UnstorableText, and stores the rest exactly', async () => {
      const s = await PostgresStore.open(url);
      try {
        for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00b', '\\\u0000']) {
          await expect(s.insert('Territories', { name: bad }), JSON.stringify(bad)).rejects.toBeInstanceOf(
            UnstorableText,
          );
        }
        for (const odd of ['\\u0000', 'a\\ud800', '𝕏 🏳️‍🌈 𓀀', 'e\u0301\u0301', '\u0001\u001f', 'abc\u202edcba']) {
          const { doc } = await s.insert('Territories', { name: odd });
          expect((await s.get('Territories', doc._id))?.doc.name).toBe(odd);
        }
        const { doc } = await s.insert('Territories', { name: 'ok' });
        await expect(s.replace('Territories', { ...doc, name: '\u0000' })).rejects.toBeInstanceOf(UnstorableText);
      } finally {
        await s.close();
        await truncateAll();
      }
    });

    it('refuses a store-level write inside an open transaction (it would run outside it), not after it', async () => {
      const s = await PostgresStore.open(url);
      try {
        let later: Promise<unknown> = Promise.resolve();
        let ended!: () => void;
        const transactionEnded = new Promise<void>((resolve) => (ended = resolve));
        await expect(
          s.transaction(async (tx) => {
            await tx.insert('Studios', { name: 'in tx' });
            // Reads are allowed (they see what is committed); a callback scheduled now (in the transaction's
            // asynchronous context) runs once the transaction has ended, and is then a write of its own.
            expect(await s.count('Studios')).toBe(0);
            later = transactionEnded.then(() => s.insert('Studios', { name: 'later' }));
            await s.insert('Studios', { name: 'outside' });
          }),
        ).rejects.toThrow(/inside a transaction/);
        ended();
        await expect(s.transaction((tx) => s.transaction(() => tx.count('Studios')))).rejects.toThrow(
          /inside a transaction/,
        );
        await later;
        expect(await s.count('Studios')).toBe(1);
      } finally {
        await s.close();
        await truncateAll();
      }
    });

    /**
     * Stores `record`, leaves the database as `sql` makes it (what an older version left), opens the store again and
     * expects the word search for `typed` to find the record.
     */
    async function foundAfterReopening(
      collection: 'Projects' | 'Notifications',
      record: Record<string, unknown>,
      sql: string[],
      typed: string,
    ) {
      const s = await PostgresStore.open(url);
      try {
        const { doc } = await s.insert(collection, record);
        const raw = new pg.Client({ connectionString: url });
        await raw.connect();
        for (const statement of sql) await raw.query(statement);
        await raw.end();
        const reopened = await PostgresStore.open(url);
        expect(
          (
            await reopened.list(collection, {
              filters: [{ field: 'search', op: 'contains', value: typed }],
              offset: 0,
              limit: 5,
            })
          ).items.map((d) => d._id),
        ).toEqual([doc._id]);
        await reopened.close();
      } finally {
        await s.close();
        await truncateAll();
      }
    }

    it('adds and fills a word-search field declared after the database was made (the projects’ search)', () =>
      foundAfterReopening(
        'Projects',
        { name: 'Kingdom of Salt', slug: 'kingdom-of-salt', studio: 's' },
        // The database as a version without the field left it: no column, nothing recorded of it.
        [
          `ALTER TABLE "Projects" DROP COLUMN "f_search"`,
          `DELETE FROM schema_fields WHERE tbl = 'Projects' AND col LIKE '%search%'`,
        ],
        'salt king',
      ));

    it('refills a word-search column whose definition changed since the database was made', () =>
      foundAfterReopening(
        'Notifications',
        { to: 'u', title: 'Alpha Beta' },
        [`UPDATE schema_fields SET definition = 'old' WHERE tbl = 'Notifications' AND col = 'f_search'`],
        'bet',
      ));
  });
}
