/**
 * The sign-in limiter's counts live in the database (docs/API.md, "Sign-in: failed attempts, disabled accounts"):
 * two server processes on one PostgreSQL database count failures together, and an embedded (SQLite) server keeps
 * them over a restart. Requests come from loopback addresses of this file's own (127.0.0.3x-6x).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { DEMO, startServer, throwawayDatabase, type TestServer } from '../support/server';
import { signInFrom, wrong } from '../support/signIn';

const LIMITS = { perAccountAddress: 4, perAddress: 50, perAccount: 6 };
const LIMIT_ENV = {
  SIGNIN_WINDOW_SECONDS: '600',
  SIGNIN_MAX_FAILURES_ACCOUNT_ADDRESS: String(LIMITS.perAccountAddress),
  SIGNIN_MAX_FAILURES_ADDRESS: String(LIMITS.perAddress),
  SIGNIN_MAX_FAILURES_ACCOUNT: String(LIMITS.perAccount),
};

describe('the embedded (SQLite) server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ ...LIMIT_ENV, DATABASE_URL: '' });
  }, 60_000);
  afterAll(async () => server?.stop());

  it('keeps the failed sign-ins it counted over a restart', async () => {
    for (let i = 0; i < LIMITS.perAccountAddress; i++) {
      expect((await signInFrom(server.url, '127.0.0.31', wrong(DEMO.translator, i))).status).toBe(401);
    }
    await server.restart();
    const after = await signInFrom(server.url, '127.0.0.31', DEMO.translator);
    expect(after.status).toBe(429);
    expect(Number(after.retryAfter)).toBeGreaterThan(500);
    expect((await signInFrom(server.url, '127.0.0.32', DEMO.translator)).status).toBe(200);
  });
});

await describeWithPostgres('the sign-in limiter of two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await throwawayDatabase();
    a = await startServer({ ...LIMIT_ENV, DATABASE_URL: database.url });
    b = await startServer({ ...LIMIT_ENV, DATABASE_URL: database.url });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('counts failures spread over A and B together: B answers 429 once the account-and-address budget is spent', async () => {
    for (let i = 0; i < LIMITS.perAccountAddress; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await signInFrom(server.url, '127.0.0.41', wrong(DEMO.coordinator, i))).status).toBe(401);
    }
    for (const server of [b, a]) {
      const refused = await signInFrom(server.url, '127.0.0.41', DEMO.coordinator);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too_many_attempts');
    }
    expect((await signInFrom(b.url, '127.0.0.42', DEMO.coordinator)).status).toBe(200);
  });

  it('a concurrent burst spread over A and B gets exactly the account-and-address budget of checks, the rest refused', async () => {
    // Known on both (through A): only the account-and-address limit applies, and no per-address line.
    expect((await signInFrom(a.url, '127.0.0.43', DEMO.admin)).status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInFrom((i % 2 ? a : b).url, '127.0.0.43', wrong(DEMO.admin, i))),
    );
    const statuses = burst.map((r) => r.status);
    // The rest refused unchecked: 429, or 503 when this shared machine makes a database connection wait too long.
    expect(burst.filter((r) => r.status !== 401 && r.status !== 429 && r.status !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.perAccountAddress);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('counts an account’s failures from many addresses on both; an address known through A still works on B', async () => {
    expect((await signInFrom(a.url, '127.0.0.60', DEMO.translator)).status).toBe(200);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const server = i % 2 === 0 ? b : a;
      expect((await signInFrom(server.url, `127.0.0.${51 + i}`, wrong(DEMO.translator, i))).status).toBe(401);
    }
    // A header not verified yet on either (a verified one is answered from the instance's cache, before any limit).
    expect((await signInFrom(b.url, '127.0.0.59', DEMO.translator, 3)).status).toBe(429);
    expect((await signInFrom(a.url, '127.0.0.59', DEMO.translator, 3)).status).toBe(429);
    // 127.0.0.60 signed in through A: known to B too, held only to its own account-and-address limit.
    expect((await signInFrom(b.url, '127.0.0.60', DEMO.translator, 2)).status).toBe(200);
  });
});
