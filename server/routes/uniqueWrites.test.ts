/**
 * The database is the guard of unique values, not the routes' friendly checks: with those checks blinded (as when
 * two instances check at the same moment and both see nothing), a second user with one e-mail or a second language
 * with one code is still refused, with the same 409 and message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import type { Collection, ListQuery, Transaction } from '../storage/store';
import { DEMO_ACCOUNTS, seedDemo } from '../seed/demo';

/** Lists on a unique field (the routes' pre-checks) find nothing inside transactions. */
class BlindStore extends SqliteStore {
  override transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    return super.transaction((tx) => {
      const blind = (c: Collection, q: ListQuery) =>
        (c === 'Users' || c === 'Languages') && q.filters?.some((f) => f.field === 'username' || f.field === 'code');
      return fn({ ...tx, list: async (c, q) => (blind(c, q) ? { items: [], total: 0 } : tx.list(c, q)) });
    });
  }
}

let store: BlindStore;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  store = new BlindStore(':memory:');
  await seedDemo(store);
  app = await buildApp({ store, responseCache: false });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const headers = {
  authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
  'x-requested-with': 'test',
};

describe('unique values without the routes’ checks', () => {
  it('a second user with an e-mail taken is a 409 from the database, with the route’s message', async () => {
    const put = (emailNormal: string) =>
      app.inject({ method: 'PUT', url: '/api/users', headers, payload: { name: 'Dup', emailNormal } });
    expect((await put('dup@mws.test')).statusCode).toBe(200);
    const second = await put('Dup@mws.test');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: { code: 'conflict', message: 'a user with the e-mail dup@mws.test exists already' },
    });
    // An admin changing another user's e-mail to a taken one: refused the same way.
    const other = await put('other@mws.test');
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/users/${other.json<{ _id: string }>()._id}`,
      headers,
      payload: { emailNormal: 'dup@mws.test' },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ error: { message: string } }>().error.message).toBe(
      'a user with the e-mail dup@mws.test exists already',
    );
  });

  it('a second language with a code taken is a 409 from the database', async () => {
    const post = () =>
      app.inject({ method: 'POST', url: '/api/languages', headers, payload: { name: 'Dothraki', code: 'dth-ES' } });
    expect((await post()).statusCode).toBe(200);
    const second = await post();
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: { message: string } }>().error.message).toBe(
      'a language with the code dth-ES exists already',
    );
  });
});
