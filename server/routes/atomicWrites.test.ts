/**
 * A write and everything that follows from it commit together or not at all (docs/API.md, "Atomic writes"): the
 * app is built in-process on a seeded SQLite file whose store fails one chosen write, as a full disk or a broken
 * constraint would, and every flow is checked to leave nothing of itself behind. Live notifications go out only
 * once their write is committed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Collection, Doc, Store, StoreOps, Transaction } from '../storage/store';
import { DEMO_ACCOUNTS, seedDemo } from '../seed/demo';
import type { TranslationDoc, UserDoc, WorkRequestDoc } from '../domain/types';

type Write = 'insert' | 'replace' | 'updateWhere';

/**
 * The real store, except that the writes `failing` picks throw (and so roll back the transaction around them), on
 * the store and on every transaction's `tx` alike.
 */
class FailingStore implements Store {
  failing: ((write: Write, collection: Collection) => boolean) | undefined;
  private readonly ops: StoreOps;
  constructor(private readonly real: SqliteStore) {
    this.ops = this.wrap(real);
  }

  private check(write: Write, collection: Collection): void {
    if (this.failing?.(write, collection)) throw new Error(`disk full while writing ${collection}`);
  }
  /** `ops` with the failing writes. */
  private wrap<O extends StoreOps>(ops: O): StoreOps {
    return {
      get: (c, id, options) => ops.get(c, id, options),
      getMany: (c, ids, options) => ops.getMany(c, ids, options),
      insert: async (c, doc) => (this.check('insert', c), ops.insert(c, doc)),
      replace: async (c, doc, expected) => (this.check('replace', c), ops.replace(c, doc, expected)),
      list: (c, query) => ops.list(c, query),
      count: (c, filters) => ops.count(c, filters),
      updateWhere: async (c, filters, fields, limit) => (
        this.check('updateWhere', c),
        ops.updateWhere(c, filters, fields, limit)
      ),
      memory: ops.memory,
      jobs: ops.jobs,
      afterCommit: (effect) => ops.afterCommit(effect),
    };
  }
  get: Store['get'] = (c, id, options) => this.ops.get(c, id, options);
  getMany: Store['getMany'] = (c, ids, options) => this.ops.getMany(c, ids, options);
  insert: Store['insert'] = (c, doc) => this.ops.insert(c, doc);
  replace: Store['replace'] = (c, doc, expected) => this.ops.replace(c, doc, expected);
  list: Store['list'] = (c, query) => this.ops.list(c, query);
  count: Store['count'] = (c, filters) => this.ops.count(c, filters);
  aggregate: Store['aggregate'] = (c, query) => this.real.aggregate(c, query);
  updateWhere: Store['updateWhere'] = (c, filters, fields, limit) => this.ops.updateWhere(c, filters, fields, limit);
  afterCommit: Store['afterCommit'] = (effect) => this.ops.afterCommit(effect);
  get memory(): Store['memory'] {
    return this.ops.memory;
  }
  get counters(): Store['counters'] {
    return this.real.counters;
  }
  get jobs(): Store['jobs'] {
    return this.ops.jobs;
  }
  runJobs: Store['runJobs'] = (handlers, options) => this.real.runJobs(handlers, options);
  listJobs: Store['listJobs'] = (limit) => this.real.listJobs(limit);
  generations: Store['generations'] = () => this.real.generations();
  versions: Store['versions'] = (c, ids) => this.real.versions(c, ids);
  ready(): Promise<void> {
    return this.real.ready();
  }
  transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.real.transaction((tx) => {
      const wrapped: Transaction = { ...this.wrap(tx), transaction: (inner) => inner(wrapped) };
      return fn(wrapped);
    });
  }
  close(): Promise<void> {
    return this.real.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-atomic-'));
const file = path.join(dir, 'mws.db');
let store: FailingStore;
let app: Awaited<ReturnType<typeof buildApp>>;
let errors: string[] = [];
const originalError = console.error;

beforeAll(async () => {
  const real = new SqliteStore(file);
  await seedDemo(real);
  store = new FailingStore(real);
  app = await buildApp({ store, responseCache: false });
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
}, 120_000);
afterAll(async () => {
  console.error = originalError;
  await app?.close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  store.failing = undefined;
  errors = [];
});

function auth(role: 'admin' | 'coordinator' | 'translator'): Record<string, string> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return {
    authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
    'x-requested-with': 'test',
  };
}

async function userId(role: 'admin' | 'coordinator' | 'translator'): Promise<string> {
  const username = DEMO_ACCOUNTS.find((a) => a.role === role)!.username;
  const users = await store.list<UserDoc>('Users', { offset: 0, limit: 1000 });
  return users.items.find((u) => u.username === username)!._id;
}

async function inProgressWorkRequest(): Promise<WorkRequestDoc> {
  const page = await store.list<WorkRequestDoc>('Workrequests', {
    offset: 0,
    limit: 1,
    filters: [{ field: 'status', op: 'eq', value: 'in-progress' }],
  });
  return page.items[0]!;
}

/** Every stored record of a collection with its version, to compare before and after. */
async function snapshot(collection: Collection): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let offset = 0; ; offset += 1000) {
    const page = await store.list(collection, { offset, limit: 1000 });
    const stored = await store.getMany(
      collection,
      page.items.map((d) => d._id),
      { omit: ['lines', 'printLines'] },
    );
    for (const d of stored) out.set(d.doc._id, d.version);
    if (page.items.length < 1000) return out;
  }
}

/** Runs a request whose chosen write fails, and checks it answered 500 and changed none of `collections`. */
async function expectAllOrNothing(
  failing: (write: Write, collection: Collection) => boolean,
  collections: Collection[],
  request: InjectOptions,
) {
  const before = await Promise.all(collections.map(snapshot));
  store.failing = failing;
  const res = await app.inject(request);
  store.failing = undefined;
  expect(res.statusCode, res.body).toBe(500);
  expect(errors.join('\n')).toContain('disk full');
  for (const [i, c] of collections.entries()) expect(await snapshot(c), c).toEqual(before[i]);
}

describe('a write and what follows from it commit together', () => {
  it('a translation save whose work-request summary cannot be stored leaves the translation as it was', async () => {
    const translator = await userId('translator');
    const t = (await store.list<TranslationDoc>('Translations', { offset: 0, limit: 10_000 })).items.find(
      (x) => x.translator?._id === translator && x.status === 'incomplete' && x.workRequest,
    )!;
    const lines = (t.lines ?? []).map((l, i) => (i === 0 ? { ...l, text: 'Changed and lost' } : l));
    await expectAllOrNothing((w, c) => w === 'replace' && c === 'Workrequests', ['Translations', 'Workrequests'], {
      method: 'PUT',
      url: `/api/translations/${t._id}`,
      headers: auth('translator'),
      payload: { lines },
    });
    const stored = (await store.get<TranslationDoc>('Translations', t._id))!.doc;
    expect(stored.lines?.[0]?.text).toBe(t.lines?.[0]?.text);
    const wr = (await store.get<WorkRequestDoc>('Workrequests', t.workRequest!))!.doc;
    const summary = wr.translation === t._id ? wr.translationSummary : wr.graphicsTranslationSummary;
    expect(summary).toMatchObject({ lineCount: stored.lineCount, translatedCount: stored.translatedCount });
  });

  it('a status change whose notifications cannot be stored keeps the status, the history and the events as they were, and publishes nothing', async () => {
    const wr = await inProgressWorkRequest();
    const published: Doc[] = [];
    const unsubscribe = app.services.bus.subscribe(wr.from!._id!, (n) => published.push(n));
    await expectAllOrNothing(
      (w, c) => w === 'insert' && c === 'Notifications',
      ['Workrequests', 'Events', 'Notifications'],
      {
        method: 'PUT',
        url: `/api/workrequests/${wr._id}`,
        headers: auth('admin'),
        payload: { status: 'for-review', reason: 'lost' },
      },
    );
    unsubscribe();
    expect((await store.get<WorkRequestDoc>('Workrequests', wr._id))!.doc.history).toEqual(wr.history);
    expect(published).toEqual([]);
  });

  it('a comment whose event cannot be stored is not stored either', async () => {
    const wr = (await store.list<WorkRequestDoc>('Workrequests', { offset: 0, limit: 1 })).items[0]!;
    await expectAllOrNothing((w, c) => w === 'insert' && c === 'Events', ['Comments', 'Events', 'Notifications'], {
      method: 'POST',
      url: '/api/comments',
      headers: auth('coordinator'),
      payload: { workRequest: wr._id, body: 'lost' },
    });
  });

  it('a share edit whose recipients cannot be notified is not stored', async () => {
    const coordinator = await userId('coordinator');
    const share = (await store.list<Doc & { from?: { _id?: string } }>('Shares', { offset: 0, limit: 100 })).items.find(
      (s) => s.from?._id === coordinator,
    )!;
    const newcomer = (await store.get<UserDoc>('Users', await userId('translator')))!.doc;
    const to = [
      ...((share.to as unknown[]) ?? []),
      { _id: newcomer._id, name: newcomer.name, emailNormal: newcomer.emailNormal },
    ];
    await expectAllOrNothing((w, c) => w === 'insert' && c === 'Notifications', ['Shares', 'Events', 'Notifications'], {
      method: 'PUT',
      url: `/api/shares/${share._id}`,
      headers: auth('coordinator'),
      payload: { to, notes: 'lost' },
    });
  });

  it('a preview edit whose asset summary cannot be stored is not stored', async () => {
    const preview = (await store.list('Previews', { offset: 0, limit: 1 })).items[0]!;
    await expectAllOrNothing((w, c) => w === 'replace' && c === 'Assets', ['Previews', 'Assets'], {
      method: 'PUT',
      url: `/api/previews/${preview._id}`,
      headers: auth('admin'),
      payload: { label: 'lost' },
    });
  });

  it('mark-all-read marks a batch all or none (one UPDATE statement)', async () => {
    await expectAllOrNothing((w, c) => w === 'updateWhere' && c === 'Notifications', ['Notifications'], {
      method: 'POST',
      url: '/api/notifications/markRead',
      headers: auth('coordinator'),
      payload: {},
    });
  });
});

describe('live notifications', () => {
  it('are published once their write is committed: another connection already reads them', async () => {
    const reader = new SqliteStore(file);
    // Read at once when published (the read runs before its promise is made), awaited afterwards.
    const seen: Promise<boolean>[] = [];
    const wr = await inProgressWorkRequest();
    // The requester is told of every status change.
    const unsubscribe = app.services.bus.subscribe(wr.from!._id!, (n) =>
      seen.push(reader.get('Notifications', n._id).then((r) => r !== undefined)),
    );
    try {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/workrequests/${wr._id}`,
        headers: auth('admin'),
        payload: { status: 'for-review', reason: 'ready' },
      });
      expect(res.statusCode).toBe(200);
      expect(seen.length).toBeGreaterThan(0);
      expect((await Promise.all(seen)).every(Boolean)).toBe(true);
    } finally {
      unsubscribe();
      await reader.close();
    }
  });
});
