/**
 * Fair share of the list (docs/API.md, "Fair share of the server"), in process on a store whose work-request list
 * reads can be held: one user's reads past their lane (1 running on SQLite) and its line (64 waiting) are refused at once
 * with 429 `too_many_requests` and `Retry-After`; those in line are all answered once the lane moves; another
 * user's read is not counted against them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Collection, Doc, ListQuery, Page, Store } from '../storage/store';
import { DEMO_ACCOUNTS, seedDemo } from '../seed/demo';
import { workRequestLanes } from './workrequests';

/** Work-request list reads wait while `held` (counted in `waiting`). */
class HeldStore extends SqliteStore {
  private gate: Promise<void> | undefined;
  private unblock = () => {};
  waiting = 0;
  hold(): void {
    this.gate = new Promise((resolve) => (this.unblock = resolve));
  }
  release(): void {
    this.gate = undefined;
    this.unblock();
  }
  override async list<T extends Doc>(collection: Collection, query: ListQuery): Promise<Page<T>> {
    if (collection === 'Workrequests' && this.gate) {
      this.waiting++;
      await this.gate;
      this.waiting--;
    }
    return super.list<T>(collection, query);
  }
}

let store: HeldStore;
let lanes: { concurrency: number; queue: number };
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  store = new HeldStore(':memory:');
  await seedDemo(store);
  app = await buildApp({ store, responseCache: false });
  lanes = workRequestLanes(store);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const headersOf = (role: 'admin' | 'coordinator') => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return {
    authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
    'x-requested-with': 'test',
  };
};
const page = (role: 'admin' | 'coordinator') =>
  app.inject({ method: 'GET', url: '/api/workrequests?sort=-created', headers: headersOf(role) });

/** Polls until `done()` (the injected requests reach the store on later turns). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

describe("one user's lane of list reads", () => {
  it('lets 1 run and 64 wait on SQLite, refuses the next with 429, and answers every one in line', async () => {
    expect(lanes).toEqual({ concurrency: 1, queue: 64 });
    // Credentials verified first (remembered), so every read below goes straight to its lane.
    expect((await page('admin')).statusCode).toBe(200);
    expect((await page('coordinator')).statusCode).toBe(200);
    store.hold();
    const inLine = Array.from({ length: lanes.concurrency + lanes.queue }, () => page('admin'));
    await until(() => store.waiting === lanes.concurrency);
    const other = page('coordinator');
    await until(() => store.waiting === lanes.concurrency + 1);

    const refused = await page('admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_requests',
        message:
          'too many work-request list reads under way: at most 1 at once per user (and 64 waiting); try again in a second',
        details: { retryAfter: 1, limit: 1 },
      },
    });

    store.release();
    const answered = await Promise.all(inLine);
    expect(answered.map((r) => r.statusCode)).toEqual(inLine.map(() => 200));
    expect((await other).statusCode).toBe(200);
    expect((await page('admin')).statusCode).toBe(200);
  });
});

describe('the size of the lanes', () => {
  it('is 2 on a store whose queries run off the event loop (PostgreSQL)', () => {
    // Only the flag is read: a store answering elsewhere does not set it.
    const elsewhere = { queriesOnCallingThread: undefined } as unknown as Store;
    expect(workRequestLanes(elsewhere)).toEqual({ concurrency: 2, queue: 64 });
  });
});
