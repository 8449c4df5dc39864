/**
 * Failed sign-ins are reserved before their password is checked (docs/API.md, "Sign-in: failed attempts, disabled
 * accounts"): a concurrent burst of wrong passwords gets exactly the account-and-address budget of checks (401) and
 * the rest 429, as many as one after the other would. Default limits (10 per account and address). Runs on both
 * stores; two instances on one PostgreSQL database share the budget (test/api/signinShared.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startServer, type TestServer } from '../support/server';
import { signInFrom, wrong } from '../support/signIn';

const BUDGET = 10;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('wrong passwords from an address that signed in before', () => {
  it('one after the other: 401 up to the budget, 429 from the next', async () => {
    expect((await signInFrom(server.url, '127.0.0.81', DEMO.translator)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 4; i++)
      statuses.push((await signInFrom(server.url, '127.0.0.81', wrong(DEMO.translator, i))).status);
    expect(statuses).toEqual([...Array(BUDGET).fill(401), ...Array(4).fill(429)]);
  });

  it('all at once: exactly the budget of password checks (401), the rest 429, and the right one then 429 too', async () => {
    expect((await signInFrom(server.url, '127.0.0.82', DEMO.coordinator)).status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signInFrom(server.url, '127.0.0.82', wrong(DEMO.coordinator, i))),
    );
    const counts = tally(burst.map((a) => a.status));
    // Exactly the budget checked; the rest refused unchecked (a 503 only if the shared machine let a database
    // connection time out). Anything else is shown whole, its error id included.
    expect(burst.filter((a) => ![401, 429, 503].includes(a.status))).toEqual([]);
    expect(counts[401]).toBe(BUDGET);
    expect((counts[429] ?? 0) + (counts[503] ?? 0)).toBe(60 - BUDGET);
    const refused = burst.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe('too_many_attempts');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The budget is spent: the right password (a header not verified yet) is not even checked.
    expect((await signInFrom(server.url, '127.0.0.82', DEMO.coordinator, 4)).status).toBe(429);
    // Elsewhere the account still works.
    expect((await signInFrom(server.url, '127.0.0.83', DEMO.coordinator)).status).toBe(200);
  });
});
