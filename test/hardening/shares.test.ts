/**
 * Attack: abusing sharing (docs/API.md "Sending a share", "Share feedback"). A sender names an existing account's
 * e-mail hoping for its invitation code, or asks a new code for someone their share did not invite (an admin's
 * pending invitee); a body forges the sender; a recipient's answers carry prototype keys or oversized text; a removed
 * recipient keeps voting; two first saves race. Each is refused or harmless, and nothing else is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type Account, type TestServer } from '../support/server';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

let asset: Rec;
let partner: { id: string; account: Account };

async function accept(code: string, email: string): Promise<Account> {
  const password = 'hardening-password';
  const res = await call(server, 'POST', `/api/invitations/${code}`, { as: null, body: { name: 'P', password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { username: email, password };
}

async function share(extra: Rec = {}): Promise<Rec> {
  const res = await call(server, 'POST', '/api/shares', {
    body: {
      assets: [{ _id: asset._id }],
      to: [{ _id: partner.id }],
      questions: [{ type: 'text', text: 'Why?' }],
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startServer();
  const assets = await call(server, 'GET', '/api/assets/countByProject', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-0' },
  });
  asset = assets.body[0];
  const created = await call(server, 'PUT', '/api/users', { as: DEMO.admin, body: { emailNormal: 'p@harden.test' } });
  partner = { id: created.body._id, account: await accept(created.body.inviteCode, 'p@harden.test') };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('invitations through a share', () => {
  it('an existing account named by e-mail is added as it is: no code, no new user', async () => {
    const s = await share({ to: [{ emailNormal: DEMO.translator.username.toUpperCase() }] });
    expect(s.$invitations).toEqual([]);
    expect(s.to).toHaveLength(1);
    expect(s.to[0].emailNormal).toBe(DEMO.translator.username);
  });

  it("a pending invitee of an admin's gets no code through a share (403), and keeps theirs", async () => {
    const invited = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { emailNormal: 'pending@harden.test' },
    });
    const s = await share({ to: [{ emailNormal: 'pending@harden.test' }] });
    expect(s.$invitations).toEqual([]);
    const res = await call(server, 'POST', `/api/shares/${s._id}/invitations/${invited.body._id}`, { body: {} });
    expect(res.status).toBe(403);
    // The admin's code still opens the invitation: nothing replaced it.
    expect((await call(server, 'GET', `/api/invitations/${invited.body.inviteCode}`, { as: null })).status).toBe(200);
  });

  it("the share's own newcomer gets a new code from its sender only; the old one no longer opens", async () => {
    const s = await share({ to: [{ emailNormal: 'fresh@harden.test' }] });
    const [first] = s.$invitations;
    const path = `/api/shares/${s._id}/invitations/${first.user}`;
    // Someone outside the share: 404, as for a share they cannot see.
    expect((await call(server, 'POST', path, { as: partner.account, body: {} })).status).toBe(404);
    const again = await call(server, 'POST', path, { body: {} });
    expect(again.status).toBe(200);
    expect(again.body.inviteCode).not.toBe(first.inviteCode);
    expect((await call(server, 'GET', `/api/invitations/${first.inviteCode}`, { as: null })).status).toBe(404);
    expect((await call(server, 'GET', `/api/invitations/${again.body.inviteCode}`, { as: null })).status).toBe(200);
  });
});

describe('forged and hostile bodies', () => {
  it('a forged sender is ignored: the share is from the caller', async () => {
    const s = await share({ from: { _id: partner.id, name: 'Someone else', emailNormal: 'p@harden.test' } });
    expect(s.from.emailNormal).toBe(DEMO.coordinator.username);
  });

  it('prototype keys and oversized text in feedback are 400s that store nothing', async () => {
    const s = await share();
    const path = `/api/shares/${s._id}/feedback/${asset._id}`;
    const hostile = [
      { raw: '{"answers":{"__proto__":"x"}}' },
      { raw: '{"answers":{"constructor":"x"}}' },
      { body: { comment: 'x'.repeat(5001) } },
      { body: { answers: { q1: 'y'.repeat(2001) } } },
      { body: { vote: 'up', extra: true } },
    ];
    for (const h of hostile) {
      const res = await call(server, 'PUT', path, {
        as: partner.account,
        ...(h.raw ? { raw: h.raw, headers: { 'Content-Type': 'application/json' } } : { body: h.body }),
      });
      expect(res.status, JSON.stringify(h).slice(0, 80)).toBe(400);
    }
    expect((await call(server, 'GET', `/api/shares/${s._id}/feedback`)).body).toEqual([]);
  });

  it('a recipient removed from the share can no longer vote', async () => {
    const s = await share();
    const path = `/api/shares/${s._id}/feedback/${asset._id}`;
    expect((await call(server, 'PUT', path, { as: partner.account, body: { vote: 'up' } })).status).toBe(200);
    const other = await call(server, 'PUT', '/api/users', { as: DEMO.admin, body: { emailNormal: 'o@harden.test' } });
    await call(server, 'PUT', `/api/shares/${s._id}`, { body: { to: [{ _id: other.body._id }] } });
    expect((await call(server, 'PUT', path, { as: partner.account, body: { vote: 'down' } })).status).toBe(404);
  });

  it('two first saves at once leave one record per person and asset', async () => {
    const s = await share();
    const path = `/api/shares/${s._id}/feedback/${asset._id}`;
    const results = await Promise.all(
      ['up', 'down', 'order', 'up'].map((vote) => call(server, 'PUT', path, { as: partner.account, body: { vote } })),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    const stored = (await call(server, 'GET', `/api/shares/${s._id}/feedback`)).body;
    expect(stored).toHaveLength(1);
  });
});
