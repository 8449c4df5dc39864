/**
 * Every endpoint authenticates before doing work (docs/API.md, "Authentication"): each route the server describes
 * (GET /api/openapi.json, enumerated: test/support/description.ts), asked without credentials or with a wrong
 * password, is a 401 in the JSON error shape that writes nothing. The routes the description marks as answered
 * without credentials (their credential is in the URL, or a health check) never answer a 5xx to a stranger either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { openDatabaseReader, type DatabaseReader } from '../support/database';
import { interfaceDescription, operations, pathFor } from '../support/description';

const ALL = operations(await interfaceDescription());
const PROTECTED = ALL.filter((o) => !o.isPublic);
const PUBLIC = ALL.filter((o) => o.isPublic);

let server: TestServer;
let db: DatabaseReader;

beforeAll(async () => {
  server = await startServer();
  db = await openDatabaseReader(server);
});
afterAll(async () => {
  await db?.close();
  await server?.stop();
});

/**
 * The records and tables, without the sign-in counters: a wrong password is counted (the sign-in limit,
 * server/http/signInGuard.ts), which is the refusal's own bookkeeping, not work done for the request.
 */
async function records(): Promise<Record<string, string>> {
  const { mws_counters: _counted, ...rest } = await db.fingerprint();
  return rest;
}

/** The request a stranger makes: a well-formed body on writes (so only the missing credential can refuse it). */
async function ask(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
    body: method === 'GET' ? undefined : '{}',
  });
  const type = res.headers.get('content-type') ?? '';
  const body: unknown = type.startsWith('application/json') ? await res.json() : (await res.body?.cancel(), undefined);
  return { status: res.status, type, body };
}

describe('the description lists the routes to try', () => {
  it('has the protected routes and the few public ones', () => {
    expect(PROTECTED.length).toBeGreaterThan(50);
    // Health, invitations, unsubscribe and signed links (test/api/openapi.test.ts names each one).
    expect(PUBLIC.length).toBeLessThan(16);
  });
});

describe.each(PROTECTED)('$label', ({ method, path }) => {
  it('is a 401 without credentials and with a wrong password, and writes nothing', async () => {
    const before = await records();
    const wrong = `Basic ${Buffer.from('admin@mws.test:not-the-password').toString('base64')}`;
    for (const headers of [{}, { Authorization: wrong }] as Record<string, string>[]) {
      const res = await ask(method, pathFor(path), headers);
      // A wrong password may meet the sign-in limit once many were tried (429): refused all the same.
      expect([401, 429], JSON.stringify(res.body)).toContain(res.status);
      expect(res.type).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect(await records()).toEqual(before);
  });
});

describe.each(PUBLIC)('$label, answered without credentials', ({ method, path }) => {
  it('never answers a stranger with a 5xx, and writes nothing for a made-up credential', async () => {
    const before = await records();
    const res = await ask(method, `${pathFor(path, { code: 'not-a-code' })}?sig=${'0'.repeat(64)}&expires=1`);
    expect(res.status).toBeLessThan(500);
    expect(await records()).toEqual(before);
  });
});
