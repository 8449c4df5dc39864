/**
 * The contract every AsyncStore must pass (store.ts), as vitest cases: `describeStoreContract` is called by each
 * implementation's test file with a factory of empty stores. Semantics follow the SQLite store, the reference.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UniqueViolation, VersionConflict, type AsyncStore, type Doc, type Filter } from './store';
import { describeMemoryCases } from './memoryContract';
import { describeJobCases } from './jobsContract';

/** Work requests whose searched text is asset name, project name, instructions, language, territory, requester. */
async function searchable(s: AsyncStore) {
  const make = async (asset: string, project: string, instructions: string, language: string) =>
    (
      await s.insert('Workrequests', {
        asset: { name: asset },
        project: { name: project },
        instructions,
        language,
        territory: 'FR',
        from: { name: 'Cora Coordinator' },
        status: 'submitted',
        due: { date: 1 },
      })
    ).doc;
  return {
    trailer: await make('Main Trailer', 'The Glass Orchard', 'Keep song lyrics.', 'fr-FR'),
    resume: await make('Résumé Teaser', 'Paper Lanterns', 'Use the approved glossary: "Lanterns" stays.', 'fr-CA'),
    spot: await make('TV Spot 15s', 'Kingdom of Salt', 'Match the burned-in title card.', 'de-DE'),
  };
}

const search = (value: string | string[]): Filter => ({ field: 'search', op: 'contains', value });

async function ids(s: AsyncStore, filters: Filter[], collection: 'Workrequests' | 'Users' | 'Shares' = 'Workrequests') {
  return (await s.list(collection, { filters, offset: 0, limit: 1000 })).items.map((d) => d._id).sort();
}

/** A deferred promise: a transaction waits on it while the test looks from outside. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

export function describeStoreContract(
  name: string,
  makeStore: () => Promise<AsyncStore>,
  cleanup: () => Promise<void> = () => Promise.resolve(),
): void {
  describe(`${name}: the AsyncStore contract`, () => {
    const opened: AsyncStore[] = [];
    async function store(): Promise<AsyncStore> {
      const s = await makeStore();
      opened.push(s);
      return s;
    }
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
      await cleanup();
    });

    describeMemoryCases(store);
    describeJobCases(store);

    it('inserts with a 24-hex id and created, reads back, keeps given ids and creation times', async () => {
      const s = await store();
      const { doc, version } = await s.insert('Studios', { name: 'A', nested: { list: [1, 'two', null] } });
      expect(doc._id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof doc.created).toBe('number');
      expect(version).toBe(1);
      expect(await s.get('Studios', doc._id)).toEqual({ doc, version: 1 });
      const given = await s.insert('Studios', { _id: 'a'.repeat(24), created: 5, name: 'B' });
      expect(given.doc).toMatchObject({ _id: 'a'.repeat(24), created: 5 });
      expect(await s.get('Studios', 'b'.repeat(24))).toBeUndefined();
    });

    it('replaces with version checks; a conflict carries the current record; created is kept', async () => {
      const s = await store();
      const { doc } = await s.insert('Studios', { name: 'A' });
      const next = await s.replace('Studios', { ...doc, name: 'B' }, 1);
      expect(next.version).toBe(2);
      const error = await s.replace('Studios', { ...doc, name: 'C' }, 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VersionConflict);
      expect((error as VersionConflict).current).toMatchObject({ version: 2, doc: { name: 'B', _id: doc._id } });
      const saved = await s.replace('Studios', { ...doc, name: 'D', created: 1 }, 2);
      expect(saved).toMatchObject({ version: 3, doc: { created: doc.created } });
      expect((await s.get('Studios', doc._id))?.doc).toMatchObject({ name: 'D', created: doc.created });
      const unversioned = await s.replace('Studios', { ...doc, name: 'E' });
      expect(unversioned.version).toBe(4);
      await expect(s.replace('Studios', { ...doc, _id: 'c'.repeat(24) })).rejects.toThrow();
    });

    it('a replace expecting a version no record can have (0, negative, fractional, huge) is a VersionConflict', async () => {
      const s = await store();
      const { doc } = await s.insert('Studios', { name: 'A' });
      // An If-Match names any digits (`W/"<id>-99999999999999999999"`): never a database error, never a write.
      for (const expected of [0, -1, 1.5, 2 ** 31, 1e20, Number.MAX_SAFE_INTEGER + 2, Infinity, NaN]) {
        const error = await s.replace('Studios', { ...doc, name: 'B' }, expected).catch((e: unknown) => e);
        expect(error, String(expected)).toBeInstanceOf(VersionConflict);
        expect((error as VersionConflict).current, String(expected)).toEqual({ doc, version: 1 });
      }
      expect(await s.get('Studios', doc._id)).toEqual({ doc, version: 1 });
    });

    it('two concurrent replaces expecting the same version: exactly one wins', async () => {
      const s = await store();
      const { doc } = await s.insert('Studios', { name: 'A' });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => s.replace('Studios', { ...doc, name: `W${i}` }, 1)),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(VersionConflict);
      expect((await s.get('Studios', doc._id))?.version).toBe(2);
    });

    it('read for update inside transactions: concurrent read-modify-writes of one record queue, none fails', async () => {
      const s = await store();
      const { doc } = await s.insert('Studios', { name: 'Counter', n: 0 });
      await Promise.all(
        Array.from({ length: 6 }, () =>
          s.transaction(async (tx) => {
            const current = await tx.get<Doc & { n: number }>('Studios', doc._id, { forUpdate: true });
            if (!current) throw new Error('the record vanished');
            await tx.replace('Studios', { ...current.doc, n: current.doc.n + 1 }, current.version);
          }),
        ),
      );
      const after = await s.get<Doc & { n: number }>('Studios', doc._id);
      expect(after?.doc.n).toBe(6);
      expect(after?.version).toBe(7);
    });

    it('getMany answers the records that exist, with omit', async () => {
      const s = await store();
      const a = (await s.insert('Assets', { name: 'a', big: [1, 2] })).doc;
      const b = (await s.insert('Assets', { name: 'b', big: [3] })).doc;
      const got = await s.getMany('Assets', [a._id, b._id, 'f'.repeat(24), a._id], { omit: ['big'] });
      expect(got.map((x) => x.doc._id).sort()).toEqual([a._id, b._id].sort());
      for (const x of got) expect(x.doc).not.toHaveProperty('big');
      expect(await s.getMany('Assets', [])).toEqual([]);
    });

    it('omits large top-level fields on get and list', async () => {
      const s = await store();
      const { doc } = await s.insert('Translations', { status: 'draft', lines: ['x'], comments: [1] });
      expect((await s.get('Translations', doc._id, { omit: ['lines', 'comments'] }))?.doc).toEqual({
        _id: doc._id,
        created: doc.created,
        status: 'draft',
      });
      const page = await s.list('Translations', { omit: ['lines'], offset: 0, limit: 5 });
      expect(page.items[0]).toEqual({ _id: doc._id, created: doc.created, status: 'draft', comments: [1] });
      await expect(s.get('Translations', doc._id, { omit: ["x' OR 1=1"] })).rejects.toThrow();
    });

    it('filters eq, in, lt, gt, gte on strings, numbers and booleans; sorts and pages with totals', async () => {
      const s = await store();
      await s.transaction(async (tx) => {
        for (let i = 0; i < 30; i++) {
          await tx.insert('Workrequests', {
            status: i % 3 === 0 ? 'complete' : 'incomplete',
            due: { date: 1000 - i },
            auto: i % 2 === 0,
            created: 100 + (i % 5),
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
      const dues = page.items.map((w) => (w.due as { date: number }).date);
      expect(dues).toEqual([978, 980, 981, 983, 984]);
      expect(await s.count('Workrequests', [{ field: 'automation', op: 'eq', value: 1 }])).toBe(15);
      expect(await s.count('Workrequests', [{ field: 'auto', op: 'eq', value: true }])).toBe(15);
      expect(await s.count('Workrequests', [{ field: 'auto', op: 'eq', value: false }])).toBe(15);
      expect(await s.count('Workrequests', [{ field: 'due', op: 'lt', value: 975 }])).toBe(4);
      expect(await s.count('Workrequests', [{ field: 'due', op: 'gt', value: 995 }])).toBe(5);
      expect(await s.count('Workrequests', [{ field: 'due', op: 'gte', value: 995 }])).toBe(6);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'gte', value: 103 }])).toBe(12);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'gte', value: 102.5 }])).toBe(12);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'gt', value: 102 }])).toBe(12);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'gt', value: 102.5 }])).toBe(12);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'lt', value: 101.5 }])).toBe(12);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'eq', value: 101 }])).toBe(6);
      expect(await s.count('Workrequests', [{ field: 'created', op: 'in', value: [101, 104, 1.5] }])).toBe(12);
      expect(await s.count('Workrequests', [{ field: 'status', op: 'in', value: ['complete', 'x'] }])).toBe(10);
      expect(await s.count('Workrequests', [{ field: 'status', op: 'in', value: [] }])).toBe(0);
      expect(await s.count('Workrequests', [{ field: 'status', op: 'eq', value: 'nope' }])).toBe(0);
      expect(await s.count('Workrequests')).toBe(30);
      // Every page of a sort on a field with ties: the id breaks them, so pages neither repeat nor skip.
      for (const dir of ['asc', 'desc'] as const) {
        const all = (await s.list('Workrequests', { sort: { field: 'created', dir }, offset: 0, limit: 100 })).items;
        const sign = dir === 'asc' ? 1 : -1;
        const want = [...all].sort((a, b) => sign * (a.created - b.created) || sign * a._id.localeCompare(b._id));
        expect(all.map((d) => d._id)).toEqual(want.map((d) => d._id));
        const paged: string[] = [];
        for (let offset = 0; offset < 30; offset += 7) {
          const p = await s.list('Workrequests', { sort: { field: 'created', dir }, offset, limit: 7 });
          expect(p.total).toBe(30);
          paged.push(...p.items.map((d) => d._id));
        }
        expect(paged).toEqual(want.map((d) => d._id));
      }
      const past = await s.list('Workrequests', { offset: 30, limit: 10 });
      expect(past).toEqual({ items: [], total: 30 });
    });

    it('sorts missing values first ascending and last descending', async () => {
      const s = await store();
      const none = (await s.insert('Workrequests', { status: 'x' })).doc;
      const early = (await s.insert('Workrequests', { status: 'x', due: { date: 1 } })).doc;
      const late = (await s.insert('Workrequests', { status: 'x', due: { date: 2 } })).doc;
      const order = async (dir: 'asc' | 'desc') =>
        (await s.list('Workrequests', { sort: { field: 'due', dir }, offset: 0, limit: 10 })).items.map((d) => d._id);
      expect(await order('asc')).toEqual([none._id, early._id, late._id]);
      expect(await order('desc')).toEqual([late._id, early._id, none._id]);
    });

    it('an in filter of several values, sorted, pages exactly as one sorted list', async () => {
      const s = await store();
      const docs: Doc[] = [];
      await s.transaction(async (tx) => {
        for (let i = 0; i < 60; i++) {
          const stored = await tx.insert('Workrequests', {
            studio: ['a', 'b', 'c'][i % 3],
            created: 1000 + ((i * 7) % 13),
            due: { date: 5000 - ((i * 5) % 11) },
          });
          docs.push(stored.doc);
        }
      });
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
            const page = await s.list('Workrequests', {
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

    it('word search: starts of words, case and accents aside, every part required, parts as phrases', async () => {
      const s = await store();
      const { trailer, resume, spot } = await searchable(s);
      const all = [trailer._id, resume._id, spot._id].sort();
      const find = (value: string) => ids(s, [search(value)]);
      expect(await find('trai')).toEqual([trailer._id]);
      expect(await find('TRAILER main')).toEqual([trailer._id]);
      expect(await find('resume')).toEqual([resume._id]);
      expect(await find('RÉSUMÉ')).toEqual([resume._id]);
      expect(await find('résumé orchard')).toEqual([]);
      expect(await find('cora')).toEqual(all);
      expect(await find('fr-FR')).toEqual([trailer._id]);
      expect(await find('burned-in')).toEqual([spot._id]);
      expect(await find('in-burned')).toEqual([]);
      expect(await find('burned-i')).toEqual([spot._id]);
      expect(await find('burn-in')).toEqual([]);
      expect(await find('railer')).toEqual([]);
      expect(await find('15s')).toEqual([spot._id]);
      expect(await s.count('Workrequests', [search('MAIN trailer')])).toBe(1);
      // Several values: any of them, each as whole words (no prefix); an empty list matches nothing.
      expect(await ids(s, [search(['fr', 'salt'])])).toEqual(all);
      expect(await ids(s, [search(['orchard', 'kingdom of'])])).toEqual([trailer._id, spot._id].sort());
      expect(await ids(s, [search(['trai'])])).toEqual([]);
      expect(await ids(s, [search([])])).toEqual([]);
      expect(await ids(s, [{ field: 'language', op: 'eq', value: 'fr-CA' }, search('lanterns')])).toEqual([resume._id]);
    });

    it('word search never turns what was typed into query syntax', async () => {
      const s = await store();
      const { trailer, resume, spot } = await searchable(s);
      const all = [trailer._id, resume._id, spot._id].sort();
      const find = (value: string) => ids(s, [search(value)]);
      expect(await find('"Lanterns"')).toEqual([resume._id]);
      expect(await find('trailer"')).toEqual([trailer._id]);
      expect(await find('"main trailer')).toEqual([trailer._id]);
      expect(await find('main OR spot')).toEqual([]);
      expect(await find('NOT main')).toEqual([]);
      expect(await find('main & !trailer')).toEqual([trailer._id]);
      expect(await find("main'|'spot")).toEqual([]);
      expect(await find('main:*')).toEqual([trailer._id]);
      expect(await find('NEAR(main trailer)')).toEqual([]);
      expect(await find('glossary:')).toEqual([resume._id]);
      expect(await find('asset:main')).toEqual([]);
      expect(await find('-main')).toEqual([trailer._id]);
      expect(await find('main*')).toEqual([trailer._id]);
      expect(await find('(salt)')).toEqual([spot._id]);
      expect(await find('main\u0000trai\u0007glass')).toEqual([trailer._id]);
      expect(await find('main\u0000')).toEqual([trailer._id]);
      for (const typed of ['"', '*', '-', ':', '" * - : ( ) ^ & | !', '   ', ''])
        expect(await find(typed), typed).toEqual(all);
    });

    it('word search follows inserts and replaces', async () => {
      const s = await store();
      const { trailer } = await searchable(s);
      const stored = (await s.get('Workrequests', trailer._id))!;
      await s.replace('Workrequests', { ...stored.doc, asset: { name: 'Final Poster' } });
      expect(await ids(s, [search('trailer')])).toEqual([]);
      expect(await ids(s, [search('poster')])).toEqual([trailer._id]);
      const notification = (await s.insert('Notifications', { to: 'u', title: 'Cora marked Main Trailer' })).doc;
      expect(await s.count('Notifications', [search('cora trailer')])).toBe(1);
      await s.updateWhere('Notifications', [], { title: 'Renamed' });
      expect(await s.count('Notifications', [search('cora')])).toBe(0);
      expect(await s.count('Notifications', [search('renamed')])).toBe(1);
      expect((await s.get('Notifications', notification._id))?.version).toBe(2);
    });

    it('refuses a search on a field that is not a text field, and unknown fields', async () => {
      const s = await store();
      await expect(s.count('Workrequests', [{ field: 'status', op: 'contains', value: 'x' }])).rejects.toThrow(
        /not a text field/,
      );
      await expect(
        s.list('Studios', { filters: [{ field: 'drop table', op: 'eq', value: 1 }], offset: 0, limit: 1 }),
      ).rejects.toThrow();
      await expect(s.list('Studios', { sort: { field: 'nope', dir: 'asc' }, offset: 0, limit: 1 })).rejects.toThrow();
    });

    it('contains with a list of ids: records holding any of them; an empty list matches nothing', async () => {
      const s = await store();
      const g = ['0123456789abcdef01234567', 'fedcba987654321001234567', '00000000000000000000000a'];
      const a = (await s.insert('Users', { name: 'A', groups: [g[0]] })).doc;
      const b = (await s.insert('Users', { name: 'B', groups: [g[1], g[2]] })).doc;
      await s.insert('Users', { name: 'C', groups: [] });
      await s.insert('Users', { name: 'D' });
      const groups = (value: string | string[]): Filter => ({ field: 'groups', op: 'contains', value });
      expect(await ids(s, [groups([g[0]!, g[2]!])], 'Users')).toEqual([a._id, b._id].sort());
      expect(await ids(s, [groups([g[1]!])], 'Users')).toEqual([b._id]);
      expect(await ids(s, [groups(g[0]!)], 'Users')).toEqual([a._id]);
      expect(await s.count('Users', [groups([])])).toBe(0);
      const share = (await s.insert('Shares', { to: [g[0], g[1]] })).doc;
      await s.insert('Shares', { to: [g[1]] });
      expect(await ids(s, [{ field: 'to', op: 'contains', value: g[0]! }], 'Shares')).toEqual([share._id]);
    });

    it('joins on a referenced record (op "of"), following writes to that record', async () => {
      const s = await store();
      const inA = (await s.insert('Assets', { studio: 'A' })).doc;
      const inB = (await s.insert('Assets', { studio: 'B' })).doc;
      for (const asset of [inA, inA, inB]) await s.insert('Translations', { asset: asset._id });
      const ofA: Filter[] = [
        { field: 'asset', op: 'of', collection: 'Assets', filters: [{ field: 'studio', op: 'in', value: ['A'] }] },
      ];
      const page = await s.list('Translations', { filters: ofA, offset: 0, limit: 10 });
      expect(page.items.map((t) => t.asset)).toEqual([inA._id, inA._id]);
      expect(page.total).toBe(2);
      await s.replace('Assets', { ...inB, studio: 'A' });
      expect(await s.count('Translations', ofA)).toBe(3);
    });

    it('updateWhere merges fields into the selected records, set-based, up to a limit', async () => {
      const s = await store();
      for (let i = 0; i < 10; i++) await s.insert('Notifications', { to: i < 7 ? 'u' : 'v', read: false, n: i });
      const unread: Filter[] = [
        { field: 'to', op: 'eq', value: 'u' },
        { field: 'read', op: 'eq', value: false },
      ];
      expect(await s.updateWhere('Notifications', unread, { read: true }, 3)).toBe(3);
      expect(await s.count('Notifications', unread)).toBe(4);
      expect(await s.updateWhere('Notifications', unread, { read: true, seen: { by: 'u' } })).toBe(4);
      expect(await s.count('Notifications', unread)).toBe(0);
      const page = await s.list('Notifications', {
        filters: [{ field: 'to', op: 'eq', value: 'u' }],
        sort: { field: '_id', dir: 'asc' },
        offset: 0,
        limit: 10,
      });
      expect(page.items.every((d) => d.read === true && typeof d.n === 'number')).toBe(true);
      expect(await s.count('Notifications', [{ field: 'read', op: 'eq', value: false }])).toBe(3);
      expect(await s.updateWhere('Notifications', [{ field: 'to', op: 'eq', value: 'nobody' }], { read: true })).toBe(
        0,
      );
      const one = page.items[0]!;
      expect((await s.get('Notifications', one._id))?.version).toBeGreaterThan(1);
    });

    it('updateWhere removes a field given as undefined, by id, inside a transaction too, and keeps the rest', async () => {
      const s = await store();
      const a = await s.insert('Notifications', { to: 'u', read: false, title: 'Hello', extra: { deep: [1, 2] } });
      const b = await s.insert('Notifications', { to: 'u', read: false, title: 'Other', extra: 1 });
      const byId: Filter[] = [{ field: '_id', op: 'eq', value: a.doc._id }];
      expect(await s.updateWhere('Notifications', byId, { extra: undefined, read: true })).toBe(1);
      const stored = await s.get<Doc & Record<string, unknown>>('Notifications', a.doc._id);
      expect(stored?.doc).toEqual({ _id: a.doc._id, created: a.doc.created, to: 'u', read: true, title: 'Hello' });
      expect(stored?.version).toBe(2);
      // Only removals; a searched field removed (its word column follows); in a transaction.
      await s.transaction((tx) =>
        tx.updateWhere('Notifications', [{ field: '_id', op: 'eq', value: b.doc._id }], { title: undefined }),
      );
      expect((await s.get('Notifications', b.doc._id))?.doc).not.toHaveProperty('title');
      expect(await s.count('Notifications', [{ field: 'search', op: 'contains', value: 'other' }])).toBe(0);
      expect(await s.count('Notifications', [{ field: 'search', op: 'contains', value: 'hello' }])).toBe(1);
    });

    it('a transaction is atomic across awaits: a throw after two writes stores neither', async () => {
      const s = await store();
      const error = await s
        .transaction(async (tx) => {
          await tx.insert('Studios', { name: 'one' });
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.insert('Studios', { name: 'two' });
          throw new Error('boom');
        })
        .catch((e: unknown) => e);
      expect((error as Error).message).toBe('boom');
      expect(await s.count('Studios')).toBe(0);
      const made = await s.transaction(async (tx) => {
        const a = await tx.insert('Studios', { name: 'one' });
        const b = await tx.replace('Studios', { ...a.doc, name: 'uno' }, 1);
        expect((await tx.get('Studios', a.doc._id))?.doc.name).toBe('uno');
        return b;
      });
      expect(made.version).toBe(2);
      expect(await s.count('Studios')).toBe(1);
    });

    it('a store-level read during a transaction does not see its uncommitted writes', async () => {
      // A store may answer the read at once from the last commit (PostgreSQL) or hold it until the transaction ends
      // (SQLite's one connection): either way a write that is rolled back is never seen.
      const s = await store();
      const written = gate();
      const running = s.transaction(async (tx) => {
        await tx.insert('Studios', { _id: 'd'.repeat(24), name: 'pending' });
        written.open();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      });
      await written.opened;
      const seen = s.get('Studios', 'd'.repeat(24));
      const counted = s.count('Studios');
      await expect(running).rejects.toThrow('roll back');
      expect(await seen).toBeUndefined();
      expect(await counted).toBe(0);
      expect(await s.get('Studios', 'd'.repeat(24))).toBeUndefined();
    });

    it('a nested transaction joins the outer one', async () => {
      const s = await store();
      await expect(
        s.transaction(async (tx) => {
          await tx.transaction(async (inner) => {
            await inner.insert('Studios', { name: 'inner' });
          });
          await tx.insert('Studios', { name: 'outer' });
          throw new Error('undo both');
        }),
      ).rejects.toThrow('undo both');
      expect(await s.count('Studios')).toBe(0);
    });

    it('afterCommit runs after the commit, never on rollback; at once outside a transaction', async () => {
      const s = await store();
      const seen: string[] = [];
      s.afterCommit(() => seen.push('now'));
      expect(seen).toEqual(['now']);
      await s.transaction(async (tx) => {
        await tx.insert('Studios', { name: 'A' });
        tx.afterCommit(() => seen.push('committed'));
        await tx.transaction(async (inner) => {
          inner.afterCommit(() => seen.push('nested'));
          return Promise.resolve();
        });
        expect(seen).toEqual(['now']);
      });
      expect(seen).toEqual(['now', 'committed', 'nested']);
      await s
        .transaction(async (tx) => {
          tx.afterCommit(() => seen.push('rolled back'));
          await tx.insert('Studios', { name: 'B' });
          throw new Error('no');
        })
        .catch(() => undefined);
      expect(seen).toEqual(['now', 'committed', 'nested']);
      // A failing effect does not make the committed write look failed (it is reported).
      const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await s.transaction(async (tx) => {
        tx.afterCommit(() => {
          throw new Error('effect failed');
        });
        await tx.insert('Studios', { name: 'C' });
      });
      expect(reported).toHaveBeenCalled();
      reported.mockRestore();
      expect(await s.count('Studios')).toBe(2);
    });

    it('refuses a second record with a unique field (UniqueViolation), also inside a transaction', async () => {
      const s = await store();
      await s.insert('Languages', { code: 'fr-FR', name: 'French' });
      const error = await s.insert('Languages', { code: 'fr-FR', name: 'Again' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UniqueViolation);
      expect(error).toMatchObject({ collection: 'Languages', field: 'code' });
      const user = await s.insert('Users', { username: 'a@x.test' });
      const other = await s.insert('Users', { username: 'b@x.test' });
      await expect(s.replace('Users', { ...other.doc, username: 'a@x.test' })).rejects.toMatchObject({
        field: 'username',
      });
      await s.replace('Users', { ...user.doc, name: 'same username' });
      // Inside a transaction the refusal can be caught and the transaction goes on.
      await s.transaction(async (tx) => {
        await expect(tx.insert('Users', { username: 'a@x.test' })).rejects.toBeInstanceOf(UniqueViolation);
        await tx.insert('Users', { username: 'c@x.test' });
      });
      expect(await s.count('Users')).toBe(3);
      // Writes started together in one transaction, one of them refused: the others are stored.
      await s.transaction(async (tx) => {
        const results = await Promise.allSettled([
          tx.insert('Users', { username: 'd@x.test' }),
          tx.insert('Users', { username: 'a@x.test' }),
          tx.insert('Users', { username: 'e@x.test' }),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      });
      expect(await s.count('Users')).toBe(5);
      // Concurrent inserts of one value: exactly one is stored.
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () => s.insert('Languages', { code: 'de-DE' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await s.count('Languages', [{ field: 'code', op: 'eq', value: 'de-DE' }])).toBe(1);
    });

    it("a collection's generation changes at every write to it, and not at reads or at writes to others", async () => {
      const s = await store();
      const g0 = await s.generations();
      expect(await s.generations()).toEqual(g0);
      const { doc } = await s.insert('Studios', { name: 'A' });
      const g1 = await s.generations();
      expect(g1.Studios).not.toBe(g0.Studios);
      expect({ ...g1, Studios: 0 }).toEqual({ ...g0, Studios: 0 });
      await s.get('Studios', doc._id);
      await s.list('Studios', { offset: 0, limit: 5 });
      expect(await s.generations()).toEqual(g1);
      await s.replace('Studios', { ...doc, name: 'B' });
      const g2 = await s.generations();
      expect(g2.Studios).not.toBe(g1.Studios);
      await s.transaction(async (tx) => {
        await tx.insert('Studios', { name: 'C' });
        await tx.insert('Languages', { code: 'gen-LL' });
      });
      const g3 = await s.generations();
      expect(g3.Studios).not.toBe(g2.Studios);
      expect(g3.Languages).not.toBe(g2.Languages);
      expect(g3.Users).toBe(g0.Users);
      await s.updateWhere('Studios', [], { flag: 1 });
      const g4 = await s.generations();
      expect(g4.Studios).not.toBe(g3.Studios);
      expect({ ...g4, Studios: 0 }).toEqual({ ...g3, Studios: 0 });
    });

    it('versions: the current version of each record asked that exists, without its document', async () => {
      const s = await store();
      const a = await s.insert('Studios', { name: 'A' });
      const b = await s.insert('Studios', { name: 'B' });
      await s.replace('Studios', { ...b.doc, name: 'B2' });
      const versions = await s.versions('Studios', [a.doc._id, b.doc._id, b.doc._id, '0123456789abcdef01234567']);
      expect([...versions].sort()).toEqual(
        [
          [a.doc._id, 1],
          [b.doc._id, 2],
        ].sort(),
      );
      expect(await s.versions('Studios', [])).toEqual(new Map());
    });

    it('shared counters: bumps count per key within a window, read answers live ones, clear forgets', async () => {
      const s = await store();
      const g0 = await s.generations();
      const first = await s.counters.bump(['a', 'b', 'a'], 60_000);
      expect(first.map((c) => [c.key, c.count]).sort()).toEqual([
        ['a', 1],
        ['b', 1],
      ]);
      const [again] = await s.counters.bump(['a'], 60_000);
      expect(again).toMatchObject({ key: 'a', count: 2 });
      expect(again!.resetsInMs).toBeGreaterThan(50_000);
      expect(again!.resetsInMs).toBeLessThanOrEqual(60_000);
      const read = await s.counters.read(['a', 'b', 'never']);
      expect(read.map((c) => [c.key, c.count]).sort()).toEqual([
        ['a', 2],
        ['b', 1],
      ]);
      await s.counters.clear(['a']);
      expect((await s.counters.read(['a', 'b'])).map((c) => c.key)).toEqual(['b']);
      expect((await s.counters.bump(['a'], 60_000))[0]!.count).toBe(1);
      // Counters are not records: the response and credential caches stay valid.
      expect(await s.generations()).toEqual(g0);
    });

    it('shared counters: release takes back one from live keys, never below zero, leaving the window', async () => {
      const s = await store();
      await s.counters.bump(['r1', 'r1', 'r2'], 60_000);
      await s.counters.bump(['r1'], 60_000);
      await s.counters.release(['r1', 'r2', 'absent']);
      const after = await s.counters.read(['r1', 'r2', 'absent']);
      expect(after.map((c) => [c.key, c.count]).sort()).toEqual([
        ['r1', 1],
        ['r2', 0],
      ]);
      await s.counters.release(['r2']);
      expect((await s.counters.read(['r2']))[0]!.count).toBe(0);
      expect((await s.counters.bump(['r2'], 60_000))[0]!.count).toBe(1);
    });

    it('shared counters: bumps, releases and clears of overlapping keys at once, in any order, all go through', async () => {
      const s = await store();
      const shared = ['k:a', 'k:b', 'k:c', 'k:d'];
      // Counts well above what the releases take back, so none is held at zero and the total is exact.
      for (let i = 0; i < 40; i++) await s.counters.bump(shared, 60_000);
      const work: Promise<unknown>[] = [];
      for (let round = 0; round < 40; round++) {
        const mine = [`k:new${round}`, `k:new${round + 1}`];
        const order = round % 2 ? [...shared].reverse() : shared;
        work.push(
          s.counters.bump([...order, ...mine], 60_000),
          s.counters.release([...mine, ...[...order].reverse()]),
          s.counters.bump([order[2]!, order[0]!, ...mine], 60_000),
          s.counters.clear([...mine].reverse()),
        );
      }
      const settled = await Promise.allSettled(work);
      expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
      const counts = new Map((await s.counters.read(shared)).map((c) => [c.key, c.count]));
      // 40 first, then per round one bump of all, one release of all and one more bump of two of them.
      expect(counts.get('k:a')! + counts.get('k:b')! + counts.get('k:c')! + counts.get('k:d')!).toBe(4 * 40 + 2 * 40);
    });

    it('shared counters: a key may hold any text, NUL and backslashes included (a sign-in name is user input)', async () => {
      const s = await store();
      const odd = ['sign\u0000in', 'back\\0slash', 'back\\slash\u0000'];
      expect((await s.counters.bump(odd, 60_000)).map((c) => c.key).sort()).toEqual([...odd].sort());
      expect((await s.counters.bump([odd[0]!], 60_000))[0]).toMatchObject({ key: odd[0], count: 2 });
      expect((await s.counters.read(odd)).map((c) => c.key).sort()).toEqual([...odd].sort());
      await s.counters.clear(odd);
      expect(await s.counters.read(odd)).toEqual([]);
    });

    it('shared counters: a window that has ended is not read, and the next bump starts a new one at 1', async () => {
      const s = await store();
      await s.counters.bump(['short'], 200);
      expect((await s.counters.bump(['short'], 200))[0]!.count).toBe(2);
      // The window ends 200 ms after its first bump, by the store's clock: ask until it has.
      await expect.poll(() => s.counters.read(['short']), { timeout: 5000, interval: 50 }).toEqual([]);
      const [fresh] = await s.counters.bump(['short'], 60_000);
      expect(fresh).toMatchObject({ count: 1 });
      expect(fresh!.resetsInMs).toBeGreaterThan(50_000);
    });

    it('shared counters: concurrent bumps of one key all count, each answered a different number', async () => {
      const s = await store();
      const states = await Promise.all(Array.from({ length: 40 }, () => s.counters.bump(['busy', 'other'], 60_000)));
      const counts = states.map((both) => both.find((c) => c.key === 'busy')!.count).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect((await s.counters.read(['other']))[0]!.count).toBe(40);
    });
  });
}
