/**
 * The attack suite's directory probe: a signed-in press partner, translator and requester walk every user id and
 * every group (the ids an admin lists, as an attacker would collect them from records and links). Each may read
 * themselves in full, the people they work with by name only (docs/API.md, "Who sees whom"), and no one else: an
 * unknown user's 404, never an e-mail, status or preferences of someone else, never a group they are not in.
 * The people they work with are worked out here from what they can read: their groups' members, the requesters
 * and translators of their work requests, the authors of comments on them, and the people in their shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the records are read as JSON and only the fields the tests name are looked at
type Rec = Record<string, any>;

const PROBES: Record<string, Account> = {
  'a press partner': { username: 'hannah.weiss@cinepress.test', password: 'demo-password' },
  'a translator': ROLE_ACCOUNTS.translator,
  'a requester': ROLE_ACCOUNTS.client,
};

let users: Rec[] = [];
let groups: Rec[] = [];

/** Every item of a list, page after page (the server answers at most 100 a page). */
async function all(path: string, as: Account): Promise<Rec[]> {
  const items: Rec[] = [];
  for (;;) {
    const range = `resources=${items.length}-${items.length + 99}`;
    const res = await call(server, 'GET', path, { as, headers: { 'X-Range': range } });
    expect(res.status, path).toBe(200);
    items.push(...(res.body as Rec[]));
    const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
    if ((res.body as Rec[]).length === 0 || items.length >= total) return items;
  }
}

beforeAll(async () => {
  server = await startServer();
  users = await all('/api/users', DEMO.admin);
  groups = await all('/api/groups', DEMO.admin);
});
afterAll(async () => server?.stop());

/** The ids of the people `as` works with, from what they read. */
async function colleaguesOf(as: Account, me: Rec): Promise<Set<string>> {
  const ids = new Set<string>((me.groups as Rec[]).flatMap((g) => g.users as string[]));
  const workRequests = await all('/api/workrequests', as);
  for (const wr of workRequests) {
    ids.add(wr.from?._id);
    ids.add(wr.translation?.translator?._id);
    for (const c of await all(`/api/comments?workRequest=${wr._id}`, as)) ids.add(c.user?._id);
  }
  for (const share of await all('/api/shares', as)) {
    ids.add(share.from?._id);
    for (const u of share.to ?? []) ids.add(u._id);
  }
  ids.delete(me._id);
  ids.delete(undefined as unknown as string);
  return ids;
}

describe.each(Object.entries(PROBES))('%s walking the directory', (_who, as) => {
  it('reads themselves in full, the people they work with by name only, and no one else', async () => {
    const me = (await call(server, 'GET', '/api/users/me', { as })).body as Rec;
    const colleagues = await colleaguesOf(as, me);
    const unknown = await call(server, 'GET', '/api/users/0123456789abcdef01234567', { as });
    const problems: string[] = [];
    let hidden = 0;
    for (const u of users) {
      const res = await call(server, 'GET', `/api/users/${u._id}`, { as });
      const body = res.body as Rec;
      if (u._id === me._id) {
        if (res.status !== 200 || body.emailNormal !== me.emailNormal) problems.push(`${u.name}: not in full`);
      } else if (colleagues.has(u._id as string)) {
        const keys = Object.keys(body).sort().join(',');
        if (res.status !== 200 || keys !== '$links,_id,name' || body.name !== u.name)
          problems.push(`${u.name}: ${res.status} ${keys}`);
      } else {
        hidden++;
        if (res.status !== 404 || JSON.stringify(body) !== JSON.stringify(unknown.body))
          problems.push(`${u.name}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    // The probe means something: some people are out of their reach, and they work with someone.
    expect(hidden).toBeGreaterThan(0);
    expect(colleagues.size).toBeGreaterThan(0);
    expect((await call(server, 'GET', '/api/users', { as })).status).toBe(403);
  });

  it('lists only their own groups, with their members', async () => {
    const me = (await call(server, 'GET', '/api/users/me', { as })).body as Rec;
    const mine = (me.groups as Rec[]).map((g) => g._id as string).sort();
    const listed = await all('/api/groups', as);
    expect(listed.map((g) => g._id as string).sort()).toEqual(mine);
    for (const g of listed) expect(g.users).toEqual(groups.find((a) => a._id === g._id)!.users);
  });
});
