/** Extension: accepting an invitation (routes/invitations.ts) over HTTP, against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

async function invite(email: string): Promise<{ id: string; code: string }> {
  const created = await call(server, 'PUT', '/api/users', { as: DEMO.admin, body: { emailNormal: email, name: 'Invited Person' } });
  expect(created.status).toBe(200);
  expect(created.body.inviteCode).toMatch(new RegExp(`^${created.body._id}\\.[0-9a-f]{32}$`));
  return { id: created.body._id, code: created.body.inviteCode };
}

describe('invitations', () => {
  it('shows who is invited without credentials, then sets name and password once; the new user signs in', async () => {
    const { id, code } = await invite('ines.invited@example.com');
    const shown = await call(server, 'GET', `/api/invitations/${code}`, { as: null });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ emailNormal: 'ines.invited@example.com', username: 'ines.invited@example.com', name: 'Invited Person' });
    expect(shown.headers.get('cache-control')).toBe('no-store');

    // Before accepting, the invited user cannot sign in with any password.
    const before = await call(server, 'POST', '/api/session', { as: { username: 'ines.invited@example.com', password: 'a-new-password' }, body: {} });
    expect(before.status).toBe(401);

    const accepted = await call(server, 'POST', `/api/invitations/${code}`, { as: null, body: { name: '  Inès Invited ', password: 'a-new-password' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ emailNormal: 'ines.invited@example.com', username: 'ines.invited@example.com', name: 'Inès Invited' });

    const session = await call(server, 'POST', '/api/session', { as: { username: 'ines.invited@example.com', password: 'a-new-password' }, body: {} });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ _id: id, name: 'Inès Invited', status: { invited: true, registered: true, confirmed: true } });
    const asAdmin = await call(server, 'GET', `/api/users/${id}`, { as: DEMO.admin });
    expect(asAdmin.body.inviteCode).toBeUndefined();
    expect(asAdmin.body.passwordHash).toBeUndefined();

    // The code is spent: both routes answer the same 404, and the password stays.
    for (const method of ['GET', 'POST'] as const) {
      const again = await call(server, method, `/api/invitations/${code}`, { as: null, body: method === 'POST' ? { name: 'X', password: 'another-password' } : undefined });
      expect(again.status).toBe(404);
      expect(again.body.error).toEqual({ code: 'not_found', message: 'this invitation is unknown or has been used already' });
    }
    expect((await call(server, 'POST', '/api/session', { as: { username: 'ines.invited@example.com', password: 'a-new-password' }, body: {} })).status).toBe(200);
  });

  it('refuses a bad body with a 400 naming the field, and changes nothing', async () => {
    const { code } = await invite('bad.body@example.com');
    const cases: [unknown, string][] = [
      [{ name: 'A', password: 'short' }, 'password'],
      [{ name: '   ', password: 'long-enough-1' }, 'name'],
      [{ password: 'long-enough-1' }, 'name'],
      [{ name: 'A', password: 'x'.repeat(201) }, 'password'],
      [{ name: 'A', password: 12345678 }, 'password'],
      [[], ''],
    ];
    for (const [body, field] of cases) {
      const res = await call(server, 'POST', `/api/invitations/${code}`, { as: null, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      if (field) expect(res.body.error.message).toMatch(new RegExp(`^${field}:`));
    }
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(200);
  });

  it('an invitation withdrawn by an admin (status.approved false) answers 404', async () => {
    const { id, code } = await invite('withdrawn@example.com');
    const off = await call(server, 'PUT', `/api/users/${id}`, { as: DEMO.admin, body: { status: { invited: true, approved: false, registered: false, confirmed: false } } });
    expect(off.status).toBe(200);
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(404);
    const post = await call(server, 'POST', `/api/invitations/${code}`, { as: null, body: { name: 'W', password: 'withdrawn-1' } });
    expect(post.status).toBe(404);
  });

  it('answers unknown, malformed and guessed codes alike, and never for registered users', async () => {
    const { id, code } = await invite('probe.me@example.com');
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    const guesses = [
      'nonsense', `${id}.${'0'.repeat(32)}`, `${id}`, `${code}0`, code.toUpperCase(), `${me._id}.${code.split('.')[1]}`, '%00',
    ];
    for (const guess of guesses) {
      const res = await call(server, 'GET', `/api/invitations/${encodeURIComponent(guess)}`, { as: null });
      expect(res.status, guess).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
