/** The authenticator's checks: shared when concurrent, through the bounded gate, refused for disabled users. */
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../storage/sqlite/sqliteStore';
import { Authenticator, parseBasic } from './auth';
import { hashPassword } from './passwords';
import type { UserDoc } from './types';
import { GateFull, WorkGate } from './workGate';

const header = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

async function withUser(
  status: UserDoc['status'] = { invited: true, approved: true, registered: true, confirmed: true },
) {
  const store = new SqliteStore(':memory:');
  const passwordHash = await hashPassword('right-password', { N: 1024, r: 8, p: 1 });
  const user = await store.insert<UserDoc>('Users', {
    username: 'user@example.com',
    emailNormal: 'user@example.com',
    name: 'U',
    groups: [],
    status,
    passwordHash,
  });
  return { store, user: user.doc };
}

describe('Authenticator', () => {
  it('makes one check for concurrent requests with the same header, then answers from memory', async () => {
    const { store, user } = await withUser();
    const gate = new WorkGate(1, 0);
    const auth = new Authenticator(store, gate);
    const h = header('user@example.com', 'right-password');
    const creds = parseBasic(h)!;
    const both = [auth.verify(h, creds), auth.verify(h, creds)];
    // With one slot and no queue, a second separate check would be refused.
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    const [a, b] = await Promise.all(both);
    expect(a?.ok && b?.ok).toBe(true);
    expect((await auth.cached(h))?.id).toBe(user._id);
    expect(await auth.cached(header('user@example.com', 'wrong'))).toBeUndefined();
  });

  it('refuses at once when the gate is full', async () => {
    const { store } = await withUser();
    const auth = new Authenticator(store, new WorkGate(1, 0));
    const first = header('user@example.com', 'one');
    const second = header('user@example.com', 'two');
    const running = auth.verify(first, parseBasic(first)!);
    await expect(auth.verify(second, parseBasic(second)!)).rejects.toBeInstanceOf(GateFull);
    expect(await running).toEqual({ ok: false, reason: 'wrong' });
  });

  it('tells a disabled user apart only with the right password, and forgets a verified header when the user is disabled', async () => {
    const { store, user } = await withUser();
    const auth = new Authenticator(store);
    const h = header('user@example.com', 'right-password');
    expect((await auth.verify(h, parseBasic(h)!)).ok).toBe(true);
    await store.replace<UserDoc>('Users', { ...user, status: { ...user.status, approved: false } });
    expect(await auth.cached(h)).toBeUndefined();
    expect(await auth.verify(h, parseBasic(h)!)).toEqual({ ok: false, reason: 'disabled' });
    const wrong = header('user@example.com', 'wrong-password');
    expect(await auth.verify(wrong, parseBasic(wrong)!)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('an invited user without a password, and an unknown one, are wrong whatever the password', async () => {
    const { store } = await withUser();
    await store.insert<UserDoc>('Users', {
      username: 'invited@example.com',
      emailNormal: 'invited@example.com',
      name: 'I',
      groups: [],
      status: { invited: true, approved: true, registered: false, confirmed: false },
    });
    const auth = new Authenticator(store);
    for (const h of [
      header('invited@example.com', ''),
      header('invited@example.com', 'anything'),
      header('ghost@example.com', 'x'),
    ]) {
      expect(await auth.verify(h, parseBasic(h)!)).toEqual({ ok: false, reason: 'wrong' });
    }
  });

  it('forgets the oldest verified header when full, not every one (each would cost its user a password check)', async () => {
    const { store, user } = await withUser();
    const auth = new Authenticator(store, undefined, { cacheMax: 3 });
    // One header per spelling (blanks after "Basic"): each a verified header of its own.
    const spellings = [1, 2, 3, 4].map((n) => header('user@example.com', 'right-password').replace(' ', ' '.repeat(n)));
    for (const h of spellings) expect((await auth.verify(h, parseBasic(h)!)).ok).toBe(true);
    expect(auth.cacheSize).toBe(3);
    expect(await auth.cached(spellings[0]!)).toBeUndefined();
    for (const h of spellings.slice(1)) expect((await auth.cached(h))?.id).toBe(user._id);
  });

  it('drops expired headers as new ones come, though nobody asks for them again', async () => {
    const { store } = await withUser();
    let now = 1_000_000;
    const auth = new Authenticator(store, undefined, { now: () => now });
    const spellings = [1, 2, 3].map((n) => header('user@example.com', 'right-password').replace(' ', ' '.repeat(n)));
    for (const h of spellings.slice(0, 2)) await auth.verify(h, parseBasic(h)!);
    expect(auth.cacheSize).toBe(2);
    now += 61_000; // past the one-minute life of a verified header
    await auth.verify(spellings[2]!, parseBasic(spellings[2])!);
    expect(auth.cacheSize).toBe(1);
  });
});
