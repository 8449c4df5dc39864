/**
 * Who sees what: grants (docs/API.md, "Who sees what: grants"): a role × grant × route matrix against the real
 * server, on both stores. People who are not studio staff read exactly what a grant gives them: the assets of a
 * Permission of an approved share they receive (by name or by group), the assets of their work; projects and
 * studios as far as those assets reach; previews unless the Permission says `none`; files only with `download`
 * and matching its `sources.download`. Everything else answers 404 like an unknown id, and list totals
 * (Content-Range) count only what the caller may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionOf as permission, shareAssetOf } from '../support/catalog';
import { call, DEMO, ROLE_ACCOUNTS, startServer, type Account, type Call, type TestServer } from '../support/server';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the records are read as JSON and only the fields the tests name are looked at
type Rec = Record<string, any>;

const totalOf = (res: Call) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);

async function listAll(path: string, as: Account): Promise<{ items: Rec[]; total: number }> {
  const items: Rec[] = [];
  for (let first = 0; ; first += 100) {
    const res = await call(server, 'GET', path, { as, headers: { 'X-Range': `resources=${first}-${first + 99}` } });
    expect(res.status, `GET ${path}`).toBe(200);
    items.push(...res.body);
    const total = totalOf(res);
    if (res.body.length < 100 || items.length >= total) {
      expect(items.length, `GET ${path}: pages add up to the total`).toBe(total);
      return { items, total };
    }
  }
}

/** A new client account (signed in with `password`), member of `groups`. */
async function newClient(email: string, groups: string[]): Promise<{ id: string; account: Account }> {
  const created = await call(server, 'PUT', '/api/users', {
    as: DEMO.admin,
    body: { emailNormal: email, name: email.split('@')[0], groups: groups.map((_id) => ({ _id })) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const password = 'grants-test-password';
  const accepted = await call(server, 'POST', `/api/invitations/${created.body.inviteCode}`, {
    as: null,
    body: { name: email.split('@')[0], password },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { id: created.body._id, account: { username: email, password } };
}

const fx = {} as {
  assets: Rec[];
  byId: Map<string, Rec>;
  studios: Rec[];
  projects: Rec[];
  /** Two assets of one Northlight project (Grace's share), one Harbor Lane asset, one asset with `en` and OV files. */
  north: [Rec, Rec];
  harbor: Rec;
  bilingual: Rec;
  bilingualFiles: Rec[];
  grace: { id: string; account: Account };
  lena: { id: string; account: Account };
  paul: { id: string; account: Account };
  nora: { id: string; account: Account };
  shares: { grace: Rec; lena: Rec; press: Rec; pending: Rec };
  ids: { translator: string; client: string };
  workRequests: Rec[];
};

const summary = (a: Rec) => ({ ...shareAssetOf(a), created: a.created });

/** Rewrites a demo share (admins change any share) into the fixture's. */
async function reshare(share: Rec, body: Rec): Promise<Rec> {
  const res = await call(server, 'PUT', `/api/shares/${share._id}`, { as: DEMO.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const toOf = (u: { id: string; account: Account }) => ({
  _id: u.id,
  name: u.account.username.split('@')[0],
  emailNormal: u.account.username,
});

beforeAll(async () => {
  server = await startServer();
  fx.assets = (await listAll('/api/assets/countByProject', DEMO.admin)).items;
  fx.byId = new Map(fx.assets.map((a) => [a._id, a]));
  fx.studios = (await listAll('/api/studios', DEMO.admin)).items;
  fx.projects = (await listAll('/api/projects', DEMO.admin)).items;
  fx.workRequests = (await listAll('/api/workrequests', DEMO.admin)).items;
  const groups = (await listAll('/api/groups', DEMO.admin)).items;
  const press = groups.find((g) => g.name === 'Press & Partners')!;
  const northlight = fx.studios.find((s) => s.name === 'Northlight Pictures')!;
  const harborLane = fx.studios.find((s) => s.name === 'Harbor Lane Studios')!;
  const northAssets = fx.assets.filter((a) => a.studio === northlight._id);
  const project = northAssets[0]!.project;
  const sameProject = northAssets.filter((a) => a.project === project);
  fx.north = [sameProject[0]!, sameProject[1]!];
  fx.harbor = fx.assets.find((a) => a.studio === harborLane._id)!;
  // An asset with an English file and an original-version one (no language), for a download limited to `en`.
  for (const a of fx.assets) {
    const files = (await listAll(`/api/files?asset=${a._id}`, DEMO.admin)).items;
    if (files.some((f) => f.language === 'en') && files.some((f) => f.language === 'und')) {
      fx.bilingual = a;
      fx.bilingualFiles = files;
      break;
    }
  }
  expect(fx.bilingual, 'a demo asset with an en file and an und file').toBeDefined();

  fx.grace = await newClient('grace.granted@example.com', []);
  fx.lena = await newClient('lena.language@example.com', []);
  fx.paul = await newClient('paul.press@example.com', [press._id]);
  fx.nora = await newClient('nora.nogrant@example.com', []);
  fx.ids = {
    translator: (await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.translator })).body._id,
    client: (await call(server, 'GET', '/api/users/me', { as: ROLE_ACCOUNTS.client })).body._id,
  };

  const demoShares = (await listAll('/api/shares', DEMO.admin)).items;
  const [g, l, p, pending] = demoShares;
  fx.shares = {
    grace: await reshare(g!, {
      to: [toOf(fx.grace)],
      groups: [],
      approved: true,
      assets: fx.north.map(summary),
      permissions: [
        permission({
          user: fx.grace.id,
          assets: fx.north.map((a) => a._id),
          project,
          previews: 'watermarked',
          download: false,
        }),
      ],
    }),
    lena: await reshare(l!, {
      to: [toOf(fx.lena)],
      groups: [],
      approved: true,
      assets: [summary(fx.bilingual)],
      permissions: [
        permission({
          user: fx.lena.id,
          assets: [fx.bilingual._id],
          project: fx.bilingual.project,
          previews: 'clean',
          download: true,
          downloadSources: { ov: false, languages: ['en'], countries: [] },
        }),
      ],
    }),
    // To the press group as a whole: one Permission without a user, for every recipient; across both studios.
    press: await reshare(p!, {
      to: [],
      groups: [press._id],
      approved: true,
      assets: [summary(fx.north[0]), summary(fx.harbor)],
      permissions: [
        { ...permission({ assets: [fx.north[0]._id, fx.harbor._id], project, previews: 'clean', download: false }) },
      ],
    }),
    // Awaiting approval: grants nothing yet.
    pending: await reshare(pending!, {
      to: [toOf(fx.grace)],
      groups: [],
      approved: false,
      assets: [summary(fx.harbor)],
      permissions: [
        permission({
          user: fx.grace.id,
          assets: [fx.harbor._id],
          project: fx.harbor.project,
          previews: 'clean',
          download: true,
        }),
      ],
    }),
  };
  // The press share names north[0] and harbor across projects: the Permission's `project` narrows, so it names none.
  fx.shares.press = await reshare(fx.shares.press, {
    permissions: [
      permission({ assets: [fx.north[0]._id], project, previews: 'clean', download: false }),
      permission({ assets: [fx.harbor._id], project: fx.harbor.project, previews: 'clean', download: false }),
    ],
  });
});
afterAll(async () => server?.stop());

/** What each caller of the matrix should read: asset ids with how. */
interface Expected {
  assets: Map<string, { previews: boolean; files: string[] }>;
}

function expectedOf(who: 'nora' | 'grace' | 'lena' | 'paul' | 'translator' | 'client'): Expected {
  const assets = new Map<string, { previews: boolean; files: string[] }>();
  switch (who) {
    case 'grace':
      for (const a of fx.north) assets.set(a._id, { previews: true, files: [] });
      break;
    case 'lena':
      assets.set(fx.bilingual._id, {
        previews: true,
        files: fx.bilingualFiles.filter((f) => f.language === 'en').map((f) => f._id),
      });
      break;
    case 'paul':
      for (const a of [fx.north[0], fx.harbor]) assets.set(a._id, { previews: true, files: [] });
      break;
    case 'translator':
    case 'client':
      for (const w of fx.workRequests) {
        const mine =
          who === 'translator' ? w.translation?.translator?._id === fx.ids.translator : w.from._id === fx.ids.client;
        if (mine) assets.set(w.asset._id, { previews: true, files: [] });
      }
      break;
    case 'nora':
      break;
  }
  return { assets };
}

const CALLERS = ['nora', 'grace', 'lena', 'paul', 'translator'] as const;
type Who = (typeof CALLERS)[number];
const accountOf = (who: Who | 'client'): Account =>
  who === 'translator' ? ROLE_ACCOUNTS.translator : who === 'client' ? ROLE_ACCOUNTS.client : fx[who].account;

describe('lists count only what a grant gives', () => {
  it.each(CALLERS)('GET /assets/countByProject, /projects, /studios as %s', async (who) => {
    const { assets } = expectedOf(who);
    const listed = await listAll('/api/assets/countByProject', accountOf(who));
    expect(listed.total).toBe(assets.size);
    expect(new Set(listed.items.map((a) => a._id))).toEqual(new Set(assets.keys()));
    const projects = await listAll('/api/projects', accountOf(who));
    const expectedProjects = new Set([...assets.keys()].map((id) => fx.byId.get(id)!.project));
    expect(projects.total).toBe(expectedProjects.size);
    expect(new Set(projects.items.map((p) => p._id))).toEqual(expectedProjects);
    const studios = await listAll('/api/studios', accountOf(who));
    expect(new Set(studios.items.map((s) => s._id))).toEqual(
      new Set([...assets.keys()].map((id) => fx.byId.get(id)!.studio)),
    );
    // The counts per project: only granted assets.
    for (const project of fx.projects) {
      const res = await call(server, 'GET', `/api/assets/countByProject?project=${project._id}`, {
        as: accountOf(who),
        headers: { 'X-Range': 'resources=0-0' },
      });
      const expected = [...assets.keys()].filter((id) => fx.byId.get(id)!.project === project._id).length;
      expect(totalOf(res), `countByProject ${project.name}`).toBe(expected);
      const counts = await call(server, 'GET', `/api/assets/counts?project=${project._id}`, { as: accountOf(who) });
      expect(counts.body.counts[project._id]).toBe(expected);
    }
  });

  it('a press partner sees the shared assets of both studios, through the group the share names', async () => {
    const studios = await listAll('/api/studios', fx.paul.account);
    expect(studios.total).toBe(2);
    expect(new Set(studios.items.map((s) => s._id))).toEqual(new Set([fx.north[0].studio, fx.harbor.studio]));
    const shares = await listAll('/api/shares', fx.paul.account);
    expect(shares.items.map((s) => s._id)).toContain(fx.shares.press._id);
  });
});

describe('records: granted 200, anything else 404 like an unknown id', () => {
  const cases = CALLERS.flatMap((who) => [
    [who, 'north[0]'],
    [who, 'north[1]'],
    [who, 'harbor'],
    [who, 'bilingual'],
  ]) as [Who, 'north[0]' | 'north[1]' | 'harbor' | 'bilingual'][];
  const assetOf = (key: string): Rec =>
    key === 'north[0]' ? fx.north[0] : key === 'north[1]' ? fx.north[1] : key === 'harbor' ? fx.harbor : fx.bilingual;

  it.each(cases)('as %s, the asset %s with its project, studio, previews and files', async (who, key) => {
    const as = accountOf(who);
    const asset = assetOf(key);
    const grant = expectedOf(who).assets.get(asset._id);
    const read = await call(server, 'GET', `/api/assets/${asset._id}`, { as });
    expect(read.status, JSON.stringify(read.body)).toBe(grant ? 200 : 404);
    if (!grant) expect(read.body.error.code).toBe('not_found');
    if (grant && read.body.$thumbnail) {
      // Seeing an asset includes its picture, whether or not its files may be downloaded.
      const thumb = await fetch(new URL(read.body.$thumbnail.path, server.url));
      expect(thumb.status, JSON.stringify(await thumb.clone().text())).toBe(200);
    }

    const previews = await listAll(`/api/previews?asset=${asset._id}`, as);
    const adminPreviews = (await listAll(`/api/previews?asset=${asset._id}`, DEMO.admin)).items;
    expect(previews.total).toBe(grant?.previews ? adminPreviews.length : 0);
    const preview = await call(server, 'GET', `/api/previews/${adminPreviews[0]!._id}`, { as });
    expect(preview.status).toBe(grant?.previews ? 200 : 404);
    if (grant?.previews) {
      // Its signed link answers (here without media: what the link stands for).
      const path = new URL(preview.body.path, server.url);
      const view = await fetch(server.url + path.pathname + path.search);
      expect(view.status).toBe(200);
    }

    const files = await listAll(`/api/files?asset=${asset._id}`, as);
    expect(new Set(files.items.map((f) => f._id))).toEqual(new Set(grant?.files ?? []));
    const adminFiles = (await listAll(`/api/files?asset=${asset._id}`, DEMO.admin)).items;
    for (const f of adminFiles) {
      const one = await call(server, 'GET', `/api/files/${f._id}`, { as });
      expect(one.status, `file ${f.name} (${f.language})`).toBe(grant?.files.includes(f._id) ? 200 : 404);
    }

    const project = await call(server, 'GET', `/api/projects/${asset.project}`, { as });
    const projectSeen = [...expectedOf(who).assets.keys()].some((id) => fx.byId.get(id)!.project === asset.project);
    expect(project.status).toBe(projectSeen ? 200 : 404);
    const studio = await call(server, 'GET', `/api/studios/${asset.studio}`, { as });
    const studioSeen = [...expectedOf(who).assets.keys()].some((id) => fx.byId.get(id)!.studio === asset.studio);
    expect(studio.status).toBe(studioSeen ? 200 : 404);
  });
});

describe('$permissions say what the server allows', () => {
  it('a share granting watermarked previews and no download: view and previews, no download, on the asset and in the share', async () => {
    const asset = (await call(server, 'GET', `/api/assets/${fx.north[0]._id}`, { as: fx.grace.account })).body;
    expect(asset.$permissions.access).toEqual(expect.arrayContaining(['view', 'previews', 'watermarked']));
    expect(asset.$permissions.access).not.toContain('download');
    expect(asset.$permissions.access).not.toContain('edit');
    const share = (await call(server, 'GET', `/api/shares/${fx.shares.grace._id}`, { as: fx.grace.account })).body;
    for (const a of share.assets) expect(a.$permissions.access).toEqual(asset.$permissions.access);
  });

  it('a download limited to a language: download offered, and only the files in that language', async () => {
    const asset = (await call(server, 'GET', `/api/assets/${fx.bilingual._id}`, { as: fx.lena.account })).body;
    expect(asset.$permissions.access).toEqual(expect.arrayContaining(['view', 'previews', 'download']));
    expect(asset.$permissions.access).not.toContain('watermarked');
    const files = (await listAll(`/api/files?asset=${fx.bilingual._id}`, fx.lena.account)).items;
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f.language === 'en')).toBe(true);
  });

  it('the work of a translator: view and watermarked previews, no download; a requester may also request', async () => {
    const mine = fx.workRequests.find((w) => w.translation?.translator?._id === fx.ids.translator)!;
    const asTranslator = (await call(server, 'GET', `/api/assets/${mine.asset._id}`, { as: ROLE_ACCOUNTS.translator }))
      .body;
    expect(asTranslator.$permissions.access).toEqual(['view', 'previews', 'watermarked']);
    const requested = fx.workRequests.find((w) => w.from._id === fx.ids.client)!;
    const asClient = (await call(server, 'GET', `/api/assets/${requested.asset._id}`, { as: ROLE_ACCOUNTS.client }))
      .body;
    expect(asClient.$permissions.access).toEqual(expect.arrayContaining(['view', 'previews', 'request']));
    expect(asClient.$permissions.access).not.toContain('download');
  });

  it('staff keep everything in their scope', async () => {
    const asset = (await call(server, 'GET', `/api/assets/${fx.harbor._id}`, { as: DEMO.admin })).body;
    expect(asset.$permissions.access).toEqual(expect.arrayContaining(['view', 'edit', 'download', 'share', 'ingest']));
  });
});

describe('the requester (the demo client)', () => {
  it('reads the assets of their work requests and of approved shares to them, nothing else', async () => {
    const shares = (await listAll('/api/shares', DEMO.admin)).items.filter(
      (s) => s.approved && s.to.some((u: Rec) => u._id === fx.ids.client),
    );
    const shared = shares.flatMap((s) =>
      s.permissions.filter((p: Rec) => p.user === fx.ids.client).flatMap((p: Rec) => p.assets as string[]),
    );
    const expected = new Set([...expectedOf('client').assets.keys(), ...shared]);
    const listed = await listAll('/api/assets/countByProject', ROLE_ACCOUNTS.client);
    expect(listed.total).toBe(expected.size);
    expect(new Set(listed.items.map((a) => a._id))).toEqual(expected);
    expect(expected.size).toBeLessThan(fx.assets.length);
    const other = fx.assets.find((a) => !expected.has(a._id))!;
    expect((await call(server, 'GET', `/api/assets/${other._id}`, { as: ROLE_ACCOUNTS.client })).status).toBe(404);
  });
});

describe('acting on a grant: ordering (POST /workrequests)', () => {
  const DAY = 86_400;
  const orderOf = (asset: string) => ({
    asset,
    language: 'fr-FR',
    territory: 'FR',
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    due: { date: Math.floor(Date.now() / 1000) + 10 * DAY, tz: 'Europe/Paris' },
  });

  it('an asset the caller cannot read is 404 like an unknown id; readable without `request` 403; with it 201', async () => {
    const sample = [fx.north[0], fx.north[1], fx.harbor, fx.bilingual];
    for (const who of [...CALLERS, 'client'] as const) {
      const as = accountOf(who);
      const readable = expectedOf(who).assets;
      for (const a of [...sample, ...[...readable.keys()].slice(0, 2).map((id) => fx.byId.get(id)!)]) {
        const seen = await call(server, 'GET', `/api/assets/${a._id}`, { as });
        expect(seen.status, `${who} reads ${a.name}`).toBe(readable.has(a._id) ? 200 : 404);
        const orders = readable.has(a._id) && (seen.body.$permissions.access as string[]).includes('request');
        const res = await call(server, 'POST', '/api/workrequests', { as, body: orderOf(a._id) });
        expect(res.status, `${who} orders ${a.name}: ${JSON.stringify(res.body)}`).toBe(
          !readable.has(a._id) ? 404 : orders ? 201 : 403,
        );
      }
    }
  });
});

describe('grants follow their shares at once', () => {
  it('an asset added to a share is readable, and a share no longer approved grants nothing', async () => {
    const as = fx.grace.account;
    const before = await call(server, 'GET', '/api/assets/countByProject', { as });
    expect(totalOf(before)).toBe(2);
    const extra = fx.assets.find((a) => a.project === fx.north[0].project && !fx.north.includes(a))!;
    expect((await call(server, 'GET', `/api/assets/${extra._id}`, { as })).status).toBe(404);
    const share = (await call(server, 'GET', `/api/shares/${fx.shares.grace._id}`, { as: DEMO.admin })).body;
    await reshare(share, {
      permissions: share.permissions.map((p: Rec) => ({ ...p, assets: [...p.assets, extra._id] })),
    });
    expect((await call(server, 'GET', `/api/assets/${extra._id}`, { as })).status).toBe(200);
    expect(totalOf(await call(server, 'GET', '/api/assets/countByProject', { as }))).toBe(3);

    await reshare(share, { approved: false });
    expect(totalOf(await call(server, 'GET', '/api/assets/countByProject', { as }))).toBe(0);
    expect((await call(server, 'GET', `/api/assets/${fx.north[0]._id}`, { as })).status).toBe(404);
    // The share itself stays readable to its recipient (what it names, awaiting approval).
    expect((await call(server, 'GET', `/api/shares/${fx.shares.grace._id}`, { as })).status).toBe(200);
  });
});
