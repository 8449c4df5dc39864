/**
 * Unique values (docs/API.md, "Duplicates"): a user's e-mail, a language's code and a studio's slug are checked by
 * the database, so requests racing to create the same one end with one record and a 409 for the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The statuses of `n` identical requests sent at once, sorted. */
async function raced(n: number, method: 'PUT' | 'POST', path: string, body: unknown): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, () => call(server, method, path, { as: DEMO.admin, body })),
  );
  return answers.map((a) => a.status).sort();
}

describe('unique values under concurrent creates', () => {
  it('two users created at once with one e-mail: one 200, one 409', async () => {
    expect(await raced(2, 'PUT', '/api/users', { name: 'Twin', emailNormal: 'twin@mws.test' })).toEqual([200, 409]);
    const again = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { name: 'T', emailNormal: 'TWIN@mws.test' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('a user with the e-mail twin@mws.test exists already');
  });

  it('two languages posted at once with one code: one 200, one 409', async () => {
    expect(await raced(2, 'POST', '/api/languages', { name: 'Klingon', code: 'tlh-QO' })).toEqual([200, 409]);
    const listed = await call(server, 'GET', '/api/languages', {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-999' },
    });
    expect((listed.body as { code: string }[]).filter((l) => l.code === 'tlh-QO')).toHaveLength(1);
  });

  it('several studios created at once with one name (and so one slug): one 200, the others 409', async () => {
    expect(await raced(3, 'PUT', '/api/studios', { name: 'Twin Studio' })).toEqual([200, 409, 409]);
  });
});
