/** Extension: accepting an invitation (routes/invitations.ts) over HTTP, against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

async function invite(email: string): Promise<{ id: string; code: string }> {
  const created = await call(server, 'PUT', '/api/users', {
    as: DEMO.admin,
    body: { emailNormal: email, name: 'Invited Person' },
  });
  expect(created.status).toBe(200);
  expect(created.body.inviteCode).toMatch(new RegExp(`^${created.body._id}\\.[0-9a-f]{32}$`));
  return { id: created.body._id, code: created.body.inviteCode };
}

describe('invitations', () => {
  it('shows who is invited without credentials, then sets name and password once; the new user signs in', async () => {
    const { id, code } = await invite('ines.invited@example.com');
    const shown = await call(server, 'GET', `/api/invitations/${code}`, { as: null });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      emailNormal: 'ines.invited@example.com',
      username: 'ines.invited@example.com',
      name: 'Invited Person',
    });
    expect(shown.headers.get('cache-control')).toBe('no-store');

    // Before accepting, the invited user cannot sign in with any password.
    const before = await call(server, 'POST', '/api/session', {
      as: { username: 'ines.invited@example.com', password: 'a-new-password' },
      body: {},
    });
    expect(before.status).toBe(401);

    const accepted = await call(server, 'POST', `/api/invitations/${code}`, {
      as: null,
      body: { name: '  Inès Invited ', password: 'a-new-password' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      emailNormal: 'ines.invited@example.com',
      username: 'ines.invited@example.com',
      name: 'Inès Invited',
    });

    const session = await call(server, 'POST', '/api/session', {
      as: { username: 'ines.invited@example.com', password: 'a-new-password' },
      body: {},
    });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      _id: id,
      name: 'Inès Invited',
      status: { invited: true, registered: true, confirmed: true },
    });
    const asAdmin = await call(server, 'GET', `/api/users/${id}`, { as: DEMO.admin });
    expect(asAdmin.body.inviteCode).toBeUndefined();
    expect(asAdmin.body.passwordHash).toBeUndefined();

    // The code is spent: both routes answer the same 404, and the password stays.
    for (const method of ['GET', 'POST'] as const) {
      const again = await call(server, method, `/api/invitations/${code}`, {
        as: null,
        body: method === 'POST' ? { name: 'X', password: 'another-password' } : undefined,
      });
      expect(again.status).toBe(404);
      expect(again.body.error).toEqual({
        code: 'not_found',
        message: 'this invitation is unknown or has been used already',
      });
    }
    expect(
      (
        await call(server, 'POST', '/api/session', {
          as: { username: 'ines.invited@example.com', password: 'a-new-password' },
          body: {},
        })
      ).status,
    ).toBe(200);
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
    const off = await call(server, 'PUT', `/api/users/${id}`, {
      as: DEMO.admin,
      body: { status: { invited: true, approved: false, registered: false, confirmed: false } },
    });
    expect(off.status).toBe(200);
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(404);
    const post = await call(server, 'POST', `/api/invitations/${code}`, {
      as: null,
      body: { name: 'W', password: 'withdrawn-1' },
    });
    expect(post.status).toBe(404);
  });

  it('answers unknown, malformed and guessed codes alike, and never for registered users', async () => {
    const { id, code } = await invite('probe.me@example.com');
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    const guesses = [
      'nonsense',
      `${id}.${'0'.repeat(32)}`,
      `${id}`,
      `${code}0`,
      code.toUpperCase(),
      `${me._id}.${code.split('.')[1]}`,
      '%00',
    ];
    for (const guess of guesses) {
      const res = await call(server, 'GET', `/api/invitations/${encodeURIComponent(guess)}`, { as: null });
      expect(res.status, guess).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('tells admins when an invitation lapses: 14 days after it is issued', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { id } = await invite('lapses@example.com');
    const asAdmin = await call(server, 'GET', `/api/users/${id}`, { as: DEMO.admin });
    expect(asAdmin.body.inviteExpires).toBeGreaterThanOrEqual(before + 14 * 86400);
    expect(asAdmin.body.inviteExpires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 14 * 86400);
    // Coordinators list users too, but never see codes or their expiry.
    const asCoordinator = await call(server, 'GET', `/api/users/${id}`, { as: DEMO.coordinator });
    expect(asCoordinator.body.inviteCode).toBeUndefined();
    expect(asCoordinator.body.inviteExpires).toBeUndefined();
  });

  it('an admin issues a new link: the old code stops working, the new one accepts', async () => {
    const { id, code } = await invite('lost.link@example.com');
    const renewed = await call(server, 'POST', `/api/users/${id}/invitation`, { as: DEMO.admin, body: {} });
    expect(renewed.status).toBe(200);
    expect(renewed.body.inviteCode).toMatch(new RegExp(`^${id}\\.[0-9a-f]{32}$`));
    expect(renewed.body.inviteCode).not.toBe(code);
    expect(renewed.headers.get('etag')).toBeTruthy();
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(404);
    const accepted = await call(server, 'POST', `/api/invitations/${renewed.body.inviteCode}`, {
      as: null,
      body: { name: 'Found It', password: 'found-it-1' },
    });
    expect(accepted.status).toBe(200);
    // Accepted: there is nothing left to renew.
    const again = await call(server, 'POST', `/api/users/${id}/invitation`, { as: DEMO.admin, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
  });

  it('only admins issue new links, for users that exist', async () => {
    const { id, code } = await invite('renew.rules@example.com');
    for (const who of [DEMO.coordinator, DEMO.translator]) {
      const res = await call(server, 'POST', `/api/users/${id}/invitation`, { as: who, body: {} });
      expect(res.status).toBe(403);
    }
    expect((await call(server, 'POST', `/api/users/${id}/invitation`, { as: null, body: {} })).status).toBe(401);
    expect(
      (await call(server, 'POST', `/api/users/${'0'.repeat(24)}/invitation`, { as: DEMO.admin, body: {} })).status,
    ).toBe(404);
    // The refused attempts changed nothing.
    const stored = await call(server, 'GET', `/api/users/${id}`, { as: DEMO.admin });
    expect(stored.body.inviteCode).toBe(code);
  });

  it('a new link for a withdrawn invitation invites again', async () => {
    const { id, code } = await invite('second.chance@example.com');
    await call(server, 'PUT', `/api/users/${id}`, {
      as: DEMO.admin,
      body: { status: { invited: true, approved: false, registered: false, confirmed: false } },
    });
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(404);
    const renewed = await call(server, 'POST', `/api/users/${id}/invitation`, { as: DEMO.admin, body: {} });
    expect(renewed.status).toBe(200);
    expect(renewed.body.status).toMatchObject({ invited: true, approved: true, registered: false });
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(404);
    expect((await call(server, 'GET', `/api/invitations/${renewed.body.inviteCode}`, { as: null })).status).toBe(200);
  });
  it("a user body never sets the invitation code or its expiry: they are the server's", async () => {
    const { id, code } = await invite('no.forging@example.com');
    const before = (await call(server, 'GET', `/api/users/${id}`, { as: DEMO.admin })).body;
    const put = await call(server, 'PUT', `/api/users/${id}`, {
      as: DEMO.admin,
      body: { name: 'Renamed', inviteCode: `${id}.${'a'.repeat(32)}`, inviteExpires: 1 },
    });
    expect(put.status).toBe(200);
    const after = (await call(server, 'GET', `/api/users/${id}`, { as: DEMO.admin })).body;
    expect(after).toMatchObject({ name: 'Renamed', inviteCode: code, inviteExpires: before.inviteExpires });
    expect((await call(server, 'GET', `/api/invitations/${id}.${'a'.repeat(32)}`, { as: null })).status).toBe(404);
    expect((await call(server, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(200);
  });
});

describe('invitations that lapse (INVITATION_TTL_SECONDS=3)', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({ INVITATION_TTL_SECONDS: '3' });
  });
  afterAll(async () => short?.stop());

  it('a lapsed code answers 410 gone and accepts nothing; a new link works again', async () => {
    const created = await call(short, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { emailNormal: 'late@example.com', name: 'Late' },
    });
    const { _id: id, inviteCode: code } = created.body as { _id: string; inviteCode: string };
    expect((await call(short, 'GET', `/api/invitations/${code}`, { as: null })).status).toBe(200);
    // The code lapses once the second it expires in (three after it was made, in whole seconds) is past: ask until
    // it says so, then look at the answer.
    await expect
      .poll(async () => (await call(short, 'GET', `/api/invitations/${code}`, { as: null })).status, {
        timeout: 10_000,
        interval: 100,
      })
      .not.toBe(200);
    const shown = await call(short, 'GET', `/api/invitations/${code}`, { as: null });
    expect(shown.status).toBe(410);
    expect(shown.body.error).toMatchObject({
      code: 'gone',
      message: 'this invitation has expired: ask whoever invited you for a new link',
    });
    const post = await call(short, 'POST', `/api/invitations/${code}`, {
      as: null,
      body: { name: 'Late', password: 'too-late-1' },
    });
    expect(post.status).toBe(410);
    expect(
      (
        await call(short, 'POST', '/api/session', {
          as: { username: 'late@example.com', password: 'too-late-1' },
          body: {},
        })
      ).status,
    ).toBe(401);
    // A wrong code for the same user is still the plain 404: only the code's holder learns it lapsed.
    expect((await call(short, 'GET', `/api/invitations/${id}.${'0'.repeat(32)}`, { as: null })).status).toBe(404);

    const renewed = await call(short, 'POST', `/api/users/${id}/invitation`, { as: DEMO.admin, body: {} });
    expect(renewed.status).toBe(200);
    expect(
      (
        await call(short, 'POST', `/api/invitations/${renewed.body.inviteCode}`, {
          as: null,
          body: { name: 'Late', password: 'on-time-1' },
        })
      ).status,
    ).toBe(200);
  });
});
