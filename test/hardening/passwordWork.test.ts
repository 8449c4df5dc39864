/**
 * Password work costs scrypt, so it is decided before it is done (docs/API.md, "Sign-in: failed attempts, disabled
 * accounts"): a write naming a password on someone else's record is refused on its permission before the password is
 * even looked at, and every hash goes through the password gate that sign-ins use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';

let server: TestServer;
let adminId = '';
beforeAll(async () => {
  server = await startServer();
  adminId = (await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).body._id as string;
});
afterAll(async () => server?.stop());

describe('password writes by someone who may not write the record', () => {
  it('are 403 on the permission, before the password is read (a bad one would be a 400)', async () => {
    for (const password of ['x', 'a-long-enough-password']) {
      const res = await call(server, 'PUT', `/api/users/${adminId}`, { as: ROLE_ACCOUNTS.client, body: { password } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const created = await call(server, 'PUT', '/api/users', {
      as: ROLE_ACCOUNTS.client,
      body: { emailNormal: 'new-person@mws.test', password: 'x' },
    });
    expect(created.status).toBe(403);
    const other = await call(server, 'PUT', '/api/users', {
      as: ROLE_ACCOUNTS.client,
      body: { _id: adminId, password: 'x' },
    });
    expect(other.status).toBe(403);
  });

  it('32 at once leave the admin able to sign in, and the admin password unchanged', async () => {
    const refused = await Promise.all(
      Array.from({ length: 32 }, () =>
        call(server, 'PUT', `/api/users/${adminId}`, {
          as: ROLE_ACCOUNTS.client,
          body: { password: 'takeover-password' },
        }),
      ),
    );
    expect(refused.map((r) => r.status)).toEqual(Array.from({ length: 32 }, () => 403));
    expect((await call(server, 'GET', '/api/users/me', { as: DEMO.admin })).status).toBe(200);
  });
});
