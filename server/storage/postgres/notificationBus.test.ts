/**
 * The PostgreSQL notification bus on its own: delivery once per subscriber, only to the addressee, and again after
 * its LISTEN connection is killed; account changes reach every bus, and a bus that was disconnected asks for every
 * stream to be checked. Skipped, saying so, without a reachable PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import type { Doc } from '../store';
import { describeWithPostgres, throwawayDatabase } from './testDatabase';
import { createPgNotificationBus, type PgNotificationBus } from './notificationBus';

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

await describeWithPostgres('PostgreSQL notification bus', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  const docs = new Map<string, Doc>();
  let one: PgNotificationBus;
  let two: PgNotificationBus;
  const load = async (id: string) => docs.get(id);

  beforeAll(async () => {
    database = await throwawayDatabase();
    one = createPgNotificationBus(database.url, load);
    two = createPgNotificationBus(database.url, load);
    await Promise.all([one.listening, two.listening]);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('delivers to the addressee on every bus once, publisher included', async () => {
    const seen: string[] = [];
    const offs = [
      one.subscribe('u1', (n) => seen.push(`one ${n._id}`)),
      two.subscribe('u1', (n) => seen.push(`two ${n._id}`)),
      two.subscribe('u2', (n) => seen.push(`u2 ${n._id}`)),
    ];
    docs.set('n1', { _id: 'n1', to: 'u1', created: 0 });
    one.publish({ _id: 'n1', to: 'u1', created: 0 });
    await until(() => seen.length >= 2, 3000);
    // A marker published after n1 has arrived: a second delivery of n1 (a local one at publish, or its NOTIFY heard
    // twice) would come before the marker's NOTIFY, which each bus hears in order; once the marker is there, look.
    docs.set('n1-marker', { _id: 'n1-marker', to: 'u1', created: 0 });
    two.publish({ _id: 'n1-marker', to: 'u1', created: 0 });
    await until(() => seen.filter((s) => s.endsWith(' n1-marker')).length >= 2, 3000);
    expect(seen.filter((s) => s.endsWith(' n1')).sort()).toEqual(['one n1', 'two n1']);
    expect(seen.filter((s) => s.endsWith(' n1-marker')).sort()).toEqual(['one n1-marker', 'two n1-marker']);
    for (const off of offs) off();
  });

  it('tells every bus, publisher included, of an account change once', async () => {
    const seen: string[] = [];
    const offs = [
      one.onAccountChange((user) => seen.push(`one ${user}`)),
      two.onAccountChange((user) => seen.push(`two ${user}`)),
    ];
    two.publishAccountChange('u9');
    await until(() => seen.length >= 2, 3000);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.sort()).toEqual(['one u9', 'two u9']);
    for (const off of offs) off();
  });

  it('listens again after its connection is killed, and asks for every account to be checked', async () => {
    const seen: string[] = [];
    const accounts: (string | undefined)[] = [];
    const off = two.subscribe('u3', (n) => seen.push(String(n._id)));
    const offAccounts = two.onAccountChange((user) => accounts.push(user));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const killed = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await admin.end();
    expect(killed.rowCount).toBe(2);
    docs.set('n2', { _id: 'n2', to: 'u3', created: 0 });
    await until(() => {
      one.publish({ _id: 'n2', to: 'u3', created: 0 });
      return seen.length > 0;
    }, 8000);
    expect(seen[0]).toBe('n2');
    // Changes published while it was not listening were missed: undefined, check them all.
    expect(accounts).toContain(undefined);
    off();
    offAccounts();
  }, 15_000);
});
