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
import type { Collection, Doc, Filter, ListQuery, Page, ReadOptions, Store, Stored } from '../storage/store';
import { DEMO_ACCOUNTS, seedDemo } from '../seed/demo';
import type { TranslationDoc, UserDoc, WorkRequestDoc } from '../domain/types';

type Write = 'insert' | 'replace';

/** The real store, except that the writes `failing` picks throw (and so roll back the transaction around them). */
class FailingStore implements Store {
  failing: ((write: Write, collection: Collection) => boolean) | undefined;
  constructor(private readonly real: SqliteStore) {}

  private check(write: Write, collection: Collection): void {
    if (this.failing?.(write, collection)) throw new Error(`disk full while writing ${collection}`);
  }
  get<T extends Doc = Doc>(collection: Collection, id: string, options?: ReadOptions): Stored<T> | undefined {
    return this.real.get<T>(collection, id, options);
  }
  insert<T extends Doc = Doc>(collection: Collection, doc: Omit<T, '_id' | 'created'> & Partial<Doc>): Stored<T> {
    this.check('insert', collection);
    return this.real.insert<T>(collection, doc);
  }
  replace<T extends Doc = Doc>(collection: Collection, doc: T, expectedVersion?: number): Stored<T> {
    this.check('replace', collection);
    return this.real.replace<T>(collection, doc, expectedVersion);
  }
  list<T extends Doc = Doc>(collection: Collection, query: ListQuery): Page<T> {
    return this.real.list<T>(collection, query);
  }
  count(collection: Collection, filters?: Filter[]): number {
    return this.real.count(collection, filters);
  }
  generation(): number {
    return this.real.generation();
  }
  transaction<R>(fn: () => R): R {
    return this.real.transaction(fn);
  }
  afterCommit(effect: () => void): void {
    this.real.afterCommit(effect);
  }
  close(): void {
    this.real.close();
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
  store?.close();
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

function userId(role: 'admin' | 'coordinator' | 'translator'): string {
  const username = DEMO_ACCOUNTS.find((a) => a.role === role)!.username;
  return store.list<UserDoc>('Users', { offset: 0, limit: 1000 }).items.find((u) => u.username === username)!._id;
}

/** Every stored record of a collection with its version, to compare before and after. */
function snapshot(collection: Collection): Map<string, number> {
  const out = new Map<string, number>();
  for (let offset = 0; ; offset += 1000) {
    const page = store.list(collection, { offset, limit: 1000 });
    for (const d of page.items)
      out.set(d._id, store.get(collection, d._id, { omit: ['lines', 'printLines'] })!.version);
    if (page.items.length < 1000) return out;
  }
}

/** Runs a request whose chosen write fails, and checks it answered 500 and changed none of `collections`. */
async function expectAllOrNothing(
  failing: (write: Write, collection: Collection) => boolean,
  collections: Collection[],
  request: InjectOptions,
) {
  const before = collections.map(snapshot);
  store.failing = failing;
  const res = await app.inject(request);
  store.failing = undefined;
  expect(res.statusCode, res.body).toBe(500);
  expect(errors.join('\n')).toContain('disk full');
  collections.forEach((c, i) => expect(snapshot(c), c).toEqual(before[i]));
}

describe('a write and what follows from it commit together', () => {
  it('a translation save whose work-request summary cannot be stored leaves the translation as it was', async () => {
    const translator = userId('translator');
    const t = store
      .list<TranslationDoc>('Translations', { offset: 0, limit: 10_000 })
      .items.find((x) => x.translator?._id === translator && x.status === 'incomplete' && x.workRequest)!;
    const lines = (t.lines ?? []).map((l, i) => (i === 0 ? { ...l, text: 'Changed and lost' } : l));
    await expectAllOrNothing((w, c) => w === 'replace' && c === 'Workrequests', ['Translations', 'Workrequests'], {
      method: 'PUT',
      url: `/api/translations/${t._id}`,
      headers: auth('translator'),
      payload: { lines },
    });
    const stored = store.get<TranslationDoc>('Translations', t._id)!.doc;
    expect(stored.lines?.[0]?.text).toBe(t.lines?.[0]?.text);
    const wr = store.get<WorkRequestDoc>('Workrequests', t.workRequest!)!.doc;
    const summary = wr.translation === t._id ? wr.translationSummary : wr.graphicsTranslationSummary;
    expect(summary).toMatchObject({ lineCount: stored.lineCount, translatedCount: stored.translatedCount });
  });

  it('a status change whose notifications cannot be stored keeps the status, the history and the events as they were, and publishes nothing', async () => {
    const wr = store.list<WorkRequestDoc>('Workrequests', {
      offset: 0,
      limit: 1,
      filters: [{ field: 'status', op: 'eq', value: 'in-progress' }],
    }).items[0]!;
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
    expect(store.get<WorkRequestDoc>('Workrequests', wr._id)!.doc.history).toEqual(wr.history);
    expect(published).toEqual([]);
  });

  it('a comment whose event cannot be stored is not stored either', async () => {
    const wr = store.list<WorkRequestDoc>('Workrequests', { offset: 0, limit: 1 }).items[0]!;
    await expectAllOrNothing((w, c) => w === 'insert' && c === 'Events', ['Comments', 'Events', 'Notifications'], {
      method: 'POST',
      url: '/api/comments',
      headers: auth('coordinator'),
      payload: { workRequest: wr._id, body: 'lost' },
    });
  });

  it('a share edit whose recipients cannot be notified is not stored', async () => {
    const coordinator = userId('coordinator');
    const share = store
      .list<Doc & { from?: { _id?: string } }>('Shares', { offset: 0, limit: 100 })
      .items.find((s) => s.from?._id === coordinator)!;
    const newcomer = store.get<UserDoc>('Users', userId('translator'))!.doc;
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
    const preview = store.list('Previews', { offset: 0, limit: 1 }).items[0]!;
    await expectAllOrNothing((w, c) => w === 'replace' && c === 'Assets', ['Previews', 'Assets'], {
      method: 'PUT',
      url: `/api/previews/${preview._id}`,
      headers: auth('admin'),
      payload: { label: 'lost' },
    });
  });

  it('mark-all-read marks all or none', async () => {
    let replaced = 0;
    await expectAllOrNothing(
      (w, c) => w === 'replace' && c === 'Notifications' && ++replaced === 2,
      ['Notifications'],
      {
        method: 'POST',
        url: '/api/notifications/markRead',
        headers: auth('coordinator'),
        payload: {},
      },
    );
  });
});

describe('live notifications', () => {
  it('are published once their write is committed: another connection already reads them', async () => {
    const reader = new SqliteStore(file);
    const seen: boolean[] = [];
    const wr = store.list<WorkRequestDoc>('Workrequests', {
      offset: 0,
      limit: 1,
      filters: [{ field: 'status', op: 'eq', value: 'in-progress' }],
    }).items[0]!;
    // The requester is told of every status change.
    const unsubscribe = app.services.bus.subscribe(wr.from!._id!, (n) =>
      seen.push(reader.get('Notifications', n._id) !== undefined),
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
      expect(seen.every(Boolean)).toBe(true);
    } finally {
      unsubscribe();
      reader.close();
    }
  });
});
