/**
 * Changing one's own password needs the current one (docs/API.md, "Changing a password"): missing is a 400, wrong a
 * 403 that counts against the sign-in limits like a failed sign-in; an admin setting someone else's needs none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ SIGNIN_MAX_FAILURES_ACCOUNT_ADDRESS: '3' });
});
afterAll(async () => server?.stop());

const idOf = async (as: { username: string; password: string }) =>
  (await call(server, 'GET', '/api/users/me', { as })).body._id as string;

describe('one’s own password', () => {
  it('is changed only with the current one: missing 400, wrong 403, right 200 and the new one signs in', async () => {
    const me = ROLE_ACCOUNTS.client;
    const id = await idOf(me);
    const missing = await call(server, 'PUT', `/api/users/${id}`, { as: me, body: { password: 'a-new-password-1' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^currentPassword: /);
    const wrong = await call(server, 'PUT', `/api/users/${id}`, {
      as: me,
      body: { password: 'a-new-password-1', currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({
      code: 'forbidden',
      message: 'currentPassword: the current password is wrong',
    });
    // Nothing changed: the old password still signs in.
    expect((await call(server, 'GET', '/api/users/me', { as: me })).status).toBe(200);

    const right = await call(server, 'PUT', `/api/users/${id}`, {
      as: me,
      body: { password: 'a-new-password-1', currentPassword: me.password },
    });
    expect(right.status).toBe(200);
    expect(right.body.currentPassword).toBeUndefined();
    const renewed = { username: me.username, password: 'a-new-password-1' };
    expect((await call(server, 'GET', '/api/users/me', { as: renewed })).status).toBe(200);
    expect((await call(server, 'GET', '/api/users/me', { as: me })).status).toBe(401);
  });

  it('wrong current passwords count as failed sign-ins: past the limit, 429 unchecked', async () => {
    const me = DEMO.translator;
    const id = await idOf(me);
    const attempt = (currentPassword: string) =>
      call(server, 'PUT', `/api/users/${id}`, { as: me, body: { password: 'another-password', currentPassword } });
    for (let i = 0; i < 3; i++) expect((await attempt(`guess-${i}`)).status).toBe(403);
    // The next guess is not even checked.
    const limited = await attempt('guess-3');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_attempts');
  });

  it('an admin sets another user’s password without one, and their own only with it', async () => {
    const target = await idOf(DEMO.coordinator);
    const set = await call(server, 'PUT', `/api/users/${target}`, {
      as: DEMO.admin,
      body: { password: 'coordinator-new-1' },
    });
    expect(set.status).toBe(200);
    const adminId = await idOf(DEMO.admin);
    const own = await call(server, 'PUT', `/api/users/${adminId}`, {
      as: DEMO.admin,
      body: { password: 'admin-new-1' },
    });
    expect(own.status).toBe(400);
  });
});
