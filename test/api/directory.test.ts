/**
 * Who sees whom (docs/API.md, "Who sees whom"): `GET /users/{id}` answers a user in full to themselves, admins and the
 * coordinators of their studios; by name only to the people who work with them (a shared group, a work request,
 * comment or share both see); 404 to anyone else, as an unknown id. `GET /groups` lists an admin every group and
 * anyone else their own groups and those of the studios they coordinate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the records are read as JSON and only the fields the tests name are looked at
type Rec = Record<string, any>;

const PRESS: Account = { username: 'hannah.weiss@cinepress.test', password: 'demo-password' };
const { client: PRIYA, sam: SAM, translator: TRANSLATOR } = ROLE_ACCOUNTS;

/** Every seeded user by e-mail, and every group by name, as an admin reads them. */
const ids: Record<string, string> = {};
const groups: Record<string, Rec> = {};

async function everything(path: string): Promise<Rec[]> {
  const res = await call(server, 'GET', path, { as: DEMO.admin, headers: { 'X-Range': 'resources=0-999' } });
  expect(res.status).toBe(200);
  return res.body as Rec[];
}

/** Two people no one works with yet: a new requester of Northlight (Priya's colleague), and someone in no group. */
const OLIVE = 'olive.new@northlight.test';
const NORA = 'nora.nobody@example.test';

beforeAll(async () => {
  server = await startServer();
  for (const g of await everything('/api/groups')) groups[g.name as string] = g;
  for (const [email, name, group] of [
    [OLIVE, 'Olive New', [{ _id: groups['Northlight Territory Marketing']!._id }]],
    [NORA, 'Nora Nobody', []],
  ] as const) {
    const res = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { name, emailNormal: email, groups: group },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  for (const u of await everything('/api/users')) ids[u.emailNormal as string] = u._id as string;
});
afterAll(async () => server?.stop());

const userOf = (as: Account, email: string) => call(server, 'GET', `/api/users/${ids[email]}`, { as });
const groupNames = async (as: Account) =>
  ((await call(server, 'GET', '/api/groups', { as, headers: { 'X-Range': 'resources=0-99' } })).body as Rec[])
    .map((g) => g.name as string)
    .sort();

/** A 404 exactly as an unknown id's. */
async function expectHidden(as: Account, email: string) {
  const res = await userOf(as, email);
  expect(res.status, `${as.username} reads ${email}`).toBe(404);
  const unknown = await call(server, 'GET', '/api/users/0123456789abcdef01234567', { as });
  expect(res.body).toEqual(unknown.body);
}

async function expectNameOnly(as: Account, email: string, name: string) {
  const res = await userOf(as, email);
  expect(res.status, `${as.username} reads ${email}`).toBe(200);
  expect(Object.keys(res.body as Rec).sort()).toEqual(['$links', '_id', 'name']);
  expect(res.body).toMatchObject({ _id: ids[email], name });
}

describe('GET /users/{id}', () => {
  it('a press partner reads their group’s members by name, and no one outside their work', async () => {
    await expectNameOnly(PRESS, 'kenji.mori@tokyo-distribution.test', 'Kenji Mori');
    // A translator: never in a share, and a press partner requests no work.
    await expectHidden(PRESS, 'piotr.nowak@polyglot-post.test');
    await expectHidden(PRESS, OLIVE);
    await expectHidden(PRESS, NORA);
    expect((await call(server, 'GET', '/api/users', { as: PRESS })).status).toBe(403);
  });

  it('a translator reads the requesters of their work by name, and no one outside it', async () => {
    await expectNameOnly(TRANSLATOR, PRIYA.username, 'Priya Raman');
    // A press partner requests no work and comments on none; translators are never in shares.
    await expectHidden(TRANSLATOR, PRESS.username);
    await expectHidden(TRANSLATOR, OLIVE);
    await expectHidden(TRANSLATOR, NORA);
  });

  it('a requester reads the translator of their work and their colleagues by name, and no one outside', async () => {
    const translator = await userOf(PRIYA, TRANSLATOR.username);
    expect(translator.status).toBe(200);
    expect(Object.keys(translator.body as Rec).sort()).toEqual(['$links', '_id', 'name']);
    await expectNameOnly(PRIYA, OLIVE, 'Olive New');
    await expectHidden(PRIYA, NORA);
  });

  it('everyone reads themselves in full; a coordinator reads the people of their studios in full, others not', async () => {
    const me = await userOf(PRESS, PRESS.username);
    expect(me.body).toMatchObject({ emailNormal: PRESS.username, status: expect.any(Object) });
    const diego = await userOf(SAM, 'diego.alvarez@harborlane.test');
    expect(diego.body).toMatchObject({ emailNormal: 'diego.alvarez@harborlane.test', status: expect.any(Object) });
    expect(diego.body.preferences).toBeUndefined();
    await expectHidden(SAM, OLIVE);
    await expectHidden(SAM, NORA);
    const olive = await userOf(ROLE_ACCOUNTS.cora, OLIVE);
    expect(olive.body).toMatchObject({ emailNormal: OLIVE, status: expect.any(Object) });
    const admin = await userOf(DEMO.admin, PRESS.username);
    expect(admin.body).toMatchObject({ emailNormal: PRESS.username, preferences: expect.any(Object) });
  });
});

describe('GET /groups', () => {
  it('a non-admin lists their own groups and those of the studios they coordinate', async () => {
    expect(await groupNames(PRESS)).toEqual(['Press & Partners']);
    expect(await groupNames(PRIYA)).toEqual(['Northlight Territory Marketing']);
    const translators = await groupNames(TRANSLATOR);
    expect(translators).not.toContain('Press & Partners');
    expect(translators).not.toContain('Administrators');
    expect(translators.length).toBeGreaterThan(0);
    const sams = await groupNames(SAM);
    expect(sams).toContain('Harbor Lane Localization');
    expect(sams).not.toContain('Northlight Territory Marketing');
    expect(await groupNames(DEMO.admin)).toEqual(Object.keys(groups).sort());
  });

  it('a group shows its members only to those who read the group', async () => {
    const press = (await call(server, 'GET', '/api/groups', { as: PRESS })).body as Rec[];
    expect(press[0]!.users).toEqual(groups['Press & Partners']!.users);
    // Sam reads Diego in full, with his groups; a group of Diego's out of Sam's studios would carry no members.
    const diego = (await userOf(SAM, 'diego.alvarez@harborlane.test')).body as Rec;
    for (const g of diego.groups as Rec[]) expect(g.users).toEqual(groups[g.name as string]!.users);
    const me = (await call(server, 'GET', '/api/users/me', { as: PRESS })).body as Rec;
    expect(me.groups.map((g: Rec) => g.users)).toEqual([groups['Press & Partners']!.users]);
  });
});
