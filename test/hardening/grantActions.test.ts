/**
 * Attack: someone outside a studio's staff acts on assets no grant lets them act on (docs/API.md, "Ordering and
 * sharing on a grant"; docs/decisions/164-acting-on-a-grant.md). A requester orders an asset of their studio they
 * were never given, a press partner orders whatever they can name, a client orders in a language their Permission
 * does not cover; a sender who is no longer staff puts assets they cannot read or share into their share, or gives
 * more than they hold. Each is refused (404 where they cannot read the asset, 403 where they can), nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionOf, shareAssetOf } from '../support/catalog';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type Account, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

const DAY = 86_400;

async function all(path: string, as: Account = DEMO.admin): Promise<Rec[]> {
  const res = await call(server, 'GET', path, { as, headers: { 'X-Range': 'resources=0-999' } });
  expect(res.status, path).toBe(200);
  return res.body as Rec[];
}

async function newClient(email: string, groups: string[]): Promise<{ id: string; account: Account; to: Rec }> {
  const name = email.split('@')[0]!;
  const created = await call(server, 'PUT', '/api/users', {
    as: DEMO.admin,
    body: { emailNormal: email, name, groups: groups.map((_id) => ({ _id })) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const password = 'grant-actions-password';
  const accepted = await call(server, 'POST', `/api/invitations/${created.body.inviteCode}`, {
    as: null,
    body: { name, password },
  });
  expect(accepted.status).toBe(200);
  return {
    id: created.body._id,
    account: { username: email, password },
    to: { _id: created.body._id, name, emailNormal: email },
  };
}

const summary = shareAssetOf;

/** An admin rewrites a demo share into one approved share to `to` with these assets and Permissions. */
async function grant(share: Rec, to: Rec, assets: Rec[], permissions: Rec[]): Promise<void> {
  const res = await call(server, 'PUT', `/api/shares/${share._id}`, {
    as: DEMO.admin,
    body: { to: [to], groups: [], approved: true, assets: assets.map(summary), permissions },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const orderOf = (asset: string, language = 'fr-FR', territory = 'FR') => ({
  asset,
  language,
  territory,
  dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
  due: { date: Math.floor(Date.now() / 1000) + 10 * DAY, tz: 'Europe/Paris' },
});

const fx = {} as {
  north: Rec[];
  harbor: Rec[];
  olga: { id: string; account: Account; to: Rec };
  pete: { id: string; account: Account; to: Rec };
  sam: { id: string; share: Rec };
};

beforeAll(async () => {
  server = await startServer();
  const [assets, studios, groups, shares] = await Promise.all([
    all('/api/assets/countByProject'),
    all('/api/studios'),
    all('/api/groups'),
    all('/api/shares'),
  ]);
  const northlight = studios.find((s) => s.name === 'Northlight Pictures')!;
  const north = assets.filter((a) => a.studio === northlight._id);
  // A (watched only) of another project than B (ordered on), then the rest.
  const b = north[1]!;
  const a = north.find((x) => x.project !== b.project)!;
  fx.north = [a, b, ...north.filter((x) => x !== a && x !== b)];
  fx.harbor = assets.filter((a) => a.studio !== northlight._id);
  const requesters = groups.find((g) => g.name === 'Northlight Territory Marketing')!;
  const press = groups.find((g) => g.name === 'Press & Partners')!;
  fx.olga = await newClient('olga.orders@example.com', [requesters._id]);
  fx.pete = await newClient('pete.press@example.com', [press._id]);

  // Sam sent a demo share as Harbor Lane's coordinator; now he works for a partner (no longer staff) and keeps it.
  const samId = (await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.sam })).body._id as string;
  const samShare = shares.find((s) => s.from?._id === samId)!;
  expect(samShare, 'a demo share sent by Sam').toBeDefined();
  const moved = await call(server, 'PUT', `/api/users/${samId}`, {
    as: DEMO.admin,
    body: { groups: [{ _id: press._id }] },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  fx.sam = { id: samId, share: samShare };
  const spare = shares.filter((s) => s.from?._id !== samId);

  const project = (x: Rec) => x.project as string;
  // Olga: A to watch only, B to order in fr-FR.
  await grant(
    spare[0]!,
    fx.olga.to,
    [a, b],
    [
      permissionOf({
        user: fx.olga.id,
        assets: [a._id],
        project: project(a),
        previews: 'watermarked',
        download: false,
      }),
      permissionOf({
        user: fx.olga.id,
        assets: [b._id],
        project: project(b),
        previews: 'watermarked',
        download: false,
        flags: ['requests'],
        requestSources: { ov: false, languages: ['fr-FR'], countries: [] },
      }),
    ],
  );
  // Sam: harbor[0] to watch only, harbor[1] watermarked with `sharing`.
  const [e, f] = fx.harbor;
  await grant(
    spare[1]!,
    { _id: samId },
    [e!, f!],
    [
      permissionOf({ user: samId, assets: [e!._id], project: project(e!), previews: 'watermarked', download: false }),
      permissionOf({
        user: samId,
        assets: [f!._id],
        project: project(f!),
        previews: 'watermarked',
        download: false,
        flags: ['sharing'],
      }),
    ],
  );
});
afterAll(async () => server?.stop());

async function countWorkRequests(): Promise<number> {
  const res = await call(server, 'GET', '/api/workrequests', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-0' },
  });
  return Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
}

describe('ordering on a grant', () => {
  it('a requester cannot order an asset of their studio that no grant gives them: 404, like an unknown id', async () => {
    const before = await countWorkRequests();
    const ungranted = fx.north[2]!;
    const res = await call(server, 'POST', '/api/workrequests', { as: fx.olga.account, body: orderOf(ungranted._id) });
    const unknown = await call(server, 'POST', '/api/workrequests', {
      as: fx.olga.account,
      body: orderOf('a'.repeat(24)),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toEqual(unknown.body);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(ungranted.name);
    // Nor does the refused order hand them the asset.
    expect((await call(server, 'GET', `/api/assets/${ungranted._id}`, { as: fx.olga.account })).status).toBe(404);
    expect(await countWorkRequests()).toBe(before);
  });

  it('a press partner (a client group of every studio) orders nothing they were not given', async () => {
    const before = await countWorkRequests();
    for (const asset of [fx.north[3]!, fx.harbor[2]!]) {
      const res = await call(server, 'POST', '/api/workrequests', { as: fx.pete.account, body: orderOf(asset._id) });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
    expect(await countWorkRequests()).toBe(before);
  });

  it('an asset they may watch but not order on is 403; the `requests` flag orders, in its languages only', async () => {
    const before = await countWorkRequests();
    const watchOnly = await call(server, 'POST', '/api/workrequests', {
      as: fx.olga.account,
      body: orderOf(fx.north[0]!._id),
    });
    expect(watchOnly.status, JSON.stringify(watchOnly.body)).toBe(403);
    expect(watchOnly.body.error.message).toMatch(/^asset: /);
    const otherLanguage = await call(server, 'POST', '/api/workrequests', {
      as: fx.olga.account,
      body: orderOf(fx.north[1]!._id, 'de-DE', 'DE'),
    });
    expect(otherLanguage.status, JSON.stringify(otherLanguage.body)).toBe(403);
    expect(otherLanguage.body.error.message).toBe('language: you may order work on this asset only in fr-FR');
    expect(await countWorkRequests()).toBe(before);
    const placed = await call(server, 'POST', '/api/workrequests', {
      as: fx.olga.account,
      body: orderOf(fx.north[1]!._id),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await countWorkRequests()).toBe(before + 1);
  });
});

describe('what the app is offered', () => {
  it('a project says `request` exactly when some asset of it may be ordered on by the viewer', async () => {
    const b = fx.north[1]!;
    const project = await call(server, 'GET', `/api/projects/${b.project}`, { as: fx.olga.account });
    expect(project.body.$permissions.access).toContain('request');
    const a = fx.north[0]!;
    const watchOnly = await call(server, 'GET', `/api/projects/${a.project}`, { as: fx.olga.account });
    expect(watchOnly.status).toBe(200);
    expect(watchOnly.body.$permissions.access).not.toContain('request');
  });
});

describe('sharing on a grant (a sender who is not staff)', () => {
  async function shareAs(body: Rec) {
    return call(server, 'PUT', `/api/shares/${fx.sam.share._id}`, { as: ROLE_ACCOUNTS.sam, body });
  }
  async function stored(): Promise<Rec> {
    return (await call(server, 'GET', `/api/shares/${fx.sam.share._id}`, { as: DEMO.admin })).body as Rec;
  }
  const samPermission = (asset: Rec, over: Partial<Parameters<typeof permissionOf>[0]> = {}) =>
    permissionOf({ assets: [asset._id], project: asset.project, previews: 'watermarked', download: false, ...over });

  it('cannot add an asset they cannot read, or may read but not share: 403, one answer for both', async () => {
    const before = await stored();
    const unreadable = await shareAs({ assets: [...before.assets, summary(fx.north[4]!)] });
    const unshareable = await shareAs({ assets: [...before.assets, summary(fx.harbor[0]!)] });
    expect(unreadable.status, JSON.stringify(unreadable.body)).toBe(403);
    expect(unshareable.status, JSON.stringify(unshareable.body)).toBe(403);
    expect(unreadable.body.error.message.replace(fx.north[4]!._id, 'X')).toBe(
      unshareable.body.error.message.replace(fx.harbor[0]!._id, 'X'),
    );
    const viaPermission = await shareAs({ permissions: [...before.permissions, samPermission(fx.harbor[0]!)] });
    expect(viaPermission.status, JSON.stringify(viaPermission.body)).toBe(403);
    const after = await stored();
    expect([after.assets, after.permissions]).toEqual([before.assets, before.permissions]);
  });

  it('gives no more than they hold: previews no stronger, no download, no flag they lack, no whole project', async () => {
    const before = await stored();
    const f = fx.harbor[1]!;
    const cases: [Rec, RegExp][] = [
      [samPermission(f, { previews: 'clean' }), /^permissions\.\d+\.access\.previews: /],
      [samPermission(f, { download: true }), /^permissions\.\d+\.access\.download: /],
      [samPermission(f, { flags: ['projectAdminEmbargos'] }), /^permissions\.\d+\.access\.projectAdminEmbargos: /],
      [{ ...samPermission(f), assets: [] }, /^permissions\.\d+\.assets: /],
    ];
    for (const [permission, message] of cases) {
      const res = await shareAs({
        assets: [...before.assets, summary(f)],
        permissions: [...before.permissions, permission],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await stored()).permissions).toEqual(before.permissions);
  });

  it('cannot add a recipient to a Permission for every recipient that gives more than they hold', async () => {
    // An admin put a Permission for every recipient (no `user`) on Sam's share, clean previews of an asset he
    // holds nothing on: adding someone would give it to them.
    const current = await stored();
    const a = fx.harbor[3]!;
    const forEveryone = permissionOf({ assets: [a._id], project: a.project, previews: 'clean', download: false });
    const set = await call(server, 'PUT', `/api/shares/${fx.sam.share._id}`, {
      as: DEMO.admin,
      body: { permissions: [...current.permissions, forEveryone] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const before = await stored();
    const res = await shareAs({ to: [...before.to, fx.pete.to] });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.message).toMatch(/^permissions\.\d+\.assets: /);
    expect((await stored()).to).toEqual(before.to);
    // The admin takes it back: Sam's own edits no longer touch it.
    const back = await call(server, 'PUT', `/api/shares/${fx.sam.share._id}`, {
      as: DEMO.admin,
      body: { permissions: current.permissions },
    });
    expect(back.status).toBe(200);
  });

  it('shares onward what their grant lets them share, as they hold it', async () => {
    const before = await stored();
    const f = fx.harbor[1]!;
    const res = await shareAs({
      assets: [...before.assets, summary(f)],
      permissions: [...before.permissions, samPermission(f, { flags: ['notes', 'sharing'] })],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.assets.map((a: Rec) => a._id)).toContain(f._id);
  });
});
