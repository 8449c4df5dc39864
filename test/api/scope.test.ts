/**
 * Studio scope (docs/API.md, "Who may do what" and "Studio scope"): a role × own/other studio × route matrix against
 * the real server. Cora coordinates both demo studios, Sam only Harbor Lane; the translator and the client keep
 * their own rules (assigned / requested work requests; of the catalog what their grants give them: docs/API.md
 * "Who sees what: grants", whose own matrix is test/api/grants.test.ts).
 *
 * Lists are checked for membership and for their totals (Content-Range), which must count only what the caller
 * may see; records out of scope answer 404 on reads and on writes; placing a record in a studio out of scope is 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServer,
  call,
  DEMO,
  ROLE_ACCOUNTS,
  type Account,
  type Call,
  type Role,
  type TestServer,
} from '../support/server';
import { CLOSED_STATUSES } from '../../src/api/schema/workRequestRow';

let server: TestServer;

const ACCOUNTS: Record<Role, Account> = ROLE_ACCOUNTS;
const ROLES = Object.keys(ACCOUNTS) as Role[];

/** Index 0: Northlight (the client's studio, out of Sam's scope); index 1: Harbor Lane (Sam's). */
const STUDIOS = ['north', 'harbor'] as const;
type StudioKey = (typeof STUDIOS)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the records are read as JSON and only the fields the tests name are looked at
type Rec = Record<string, any>;

interface StudioFixture {
  studio: Rec;
  projects: Rec[];
  project: Rec;
  asset: Rec;
  preview: Rec;
  file: Rec;
  /** A work request of the studio, in progress, whose translation the demo translator holds. */
  wr: Rec;
  comment: Rec;
  offline: Rec;
  workRequests: Rec[];
}

const fx = {} as Record<StudioKey, StudioFixture> & {
  ids: Record<Role, string>;
  allWorkRequests: Rec[];
  groups: Rec[];
};

const totalOf = (res: Call) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);

/** Every item of a list, page after page of 100, checking that the pages add up to the total. */
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

beforeAll(async () => {
  server = await startServer();
  for (const role of ROLES)
    fx.ids = { ...fx.ids, [role]: (await call(server, 'GET', '/api/users/me', { as: ACCOUNTS[role] })).body._id };
  const studios = (await listAll('/api/studios', DEMO.admin)).items;
  const projects = (await listAll('/api/projects', DEMO.admin)).items;
  fx.allWorkRequests = (await listAll('/api/workrequests', DEMO.admin)).items;
  fx.groups = (await listAll('/api/groups', DEMO.admin)).items;
  for (const [key, name] of [
    ['north', 'Northlight Pictures'],
    ['harbor', 'Harbor Lane Studios'],
  ] as const) {
    const studio = studios.find((s) => s.name === name)!;
    const own = projects.filter((p) => p.studio === studio._id);
    const workRequests = fx.allWorkRequests.filter((w) => w.studio === studio._id);
    const requester = key === 'north' ? 'priya.raman@northlight.test' : 'diego.alvarez@harborlane.test';
    const wr = workRequests.find(
      (w) =>
        w.status === 'in-progress' &&
        w.from.emailNormal === requester &&
        w.translation?.translator?.emailNormal === 'translator@mws.test',
    )!;
    expect(wr, `a ${key} work request of ${requester} translated by the demo translator`).toBeDefined();
    // The catalog records of the work request: its asset is the translator's and its requester's to see (grants).
    const asset = (await call(server, 'GET', `/api/assets/${wr.asset._id}`, { as: DEMO.admin })).body;
    const project = own.find((p) => p._id === asset.project)!;
    const preview = (await call(server, 'GET', `/api/previews?asset=${asset._id}`, { as: DEMO.admin })).body[0];
    const file = (await call(server, 'GET', `/api/files?asset=${asset._id}`, { as: DEMO.admin })).body[0];
    const comment = (
      await call(server, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest: wr._id, body: 'Fixture' } })
    ).body;
    const offline = (await call(server, 'POST', '/api/offlines', { as: DEMO.admin, body: { workRequest: wr._id } }))
      .body;
    fx[key] = { studio, projects: own, project, asset, preview, file, wr, comment, offline, workRequests };
  }
});
afterAll(async () => server?.stop());

/** Expected status per role for the target in Northlight and in Harbor Lane. */
type Expect = Record<Role, [number, number]>;
/** Records of a studio's work (work requests, their comments, offlines): the client sees only what they requested. */
const WORK: Expect = {
  admin: [200, 200],
  cora: [200, 200],
  sam: [404, 200],
  translator: [200, 200],
  client: [200, 404],
};
/**
 * Catalog records of the fixture's work request: coordinators in their studios only; the translator (who translates
 * both) and the client (who requested the Northlight one) by the grants of their work.
 */
const CATALOG_READ: Expect = {
  admin: [200, 200],
  cora: [200, 200],
  sam: [404, 200],
  translator: [200, 200],
  client: [200, 404],
};
/** Files: the grants of work give no file (docs/API.md, "Who sees what: grants"). */
const FILE_READ: Expect = { ...CATALOG_READ, translator: [404, 404], client: [404, 404] };
/** Catalog writes: admins and coordinators of the record's studio; others 403 as before. */
const CATALOG_WRITE: Expect = {
  admin: [200, 200],
  cora: [200, 200],
  sam: [404, 200],
  translator: [403, 403],
  client: [403, 403],
};

interface Case {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  path: (f: StudioFixture) => string;
  body?: (f: StudioFixture, role: Role) => unknown;
  expect: Expect;
}

const READS: Case[] = [
  { name: 'GET /workrequests/{id}', method: 'GET', path: (f) => `/api/workrequests/${f.wr._id}`, expect: WORK },
  {
    name: 'GET /translations/{id}',
    method: 'GET',
    path: (f) => `/api/translations/${f.wr.translation._id}`,
    // The requester reads the translations of their order: they review them (docs/API.md "Review notes").
    expect: WORK,
  },
  {
    name: 'GET /comments?workRequest=',
    method: 'GET',
    path: (f) => `/api/comments?workRequest=${f.wr._id}`,
    expect: WORK,
  },
  {
    name: 'GET /offlines?workRequest=',
    method: 'GET',
    path: (f) => `/api/offlines?workRequest=${f.wr._id}`,
    expect: WORK,
  },
  { name: 'GET /assets/{id}', method: 'GET', path: (f) => `/api/assets/${f.asset._id}`, expect: CATALOG_READ },
  { name: 'GET /previews/{id}', method: 'GET', path: (f) => `/api/previews/${f.preview._id}`, expect: CATALOG_READ },
  { name: 'GET /files/{id}', method: 'GET', path: (f) => `/api/files/${f.file._id}`, expect: FILE_READ },
  { name: 'GET /projects/{id}', method: 'GET', path: (f) => `/api/projects/${f.project._id}`, expect: CATALOG_READ },
  { name: 'GET /studios/{id}', method: 'GET', path: (f) => `/api/studios/${f.studio._id}`, expect: CATALOG_READ },
];

const reason = 'scope matrix';
const WRITES: Case[] = [
  {
    // An order change (the status moves of each role are test/api/workflow.test.ts's): the translator may not
    // change an order, nor the requester once it is in progress; out of scope it does not exist.
    name: 'PUT /workrequests/{id} (order change)',
    method: 'PUT',
    path: (f) => `/api/workrequests/${f.wr._id}`,
    body: (_f, role) => ({ instructions: `Changed by ${role}` }),
    expect: { ...WORK, translator: [403, 403], client: [403, 404] },
  },
  {
    name: 'PUT /translations/{id}',
    method: 'PUT',
    path: (f) => `/api/translations/${f.wr.translation._id}`,
    body: () => ({}),
    expect: { ...WORK, client: [403, 403] },
  },
  {
    name: 'POST /comments',
    method: 'POST',
    path: () => '/api/comments',
    body: (f, role) => ({ workRequest: f.wr._id, body: `A comment by ${role}` }),
    expect: WORK,
  },
  {
    name: 'POST /offlines',
    method: 'POST',
    path: () => '/api/offlines',
    body: (f) => ({ workRequest: f.wr._id }),
    expect: WORK,
  },
  {
    name: 'PUT /assets/{id}',
    method: 'PUT',
    path: (f) => `/api/assets/${f.asset._id}`,
    body: () => ({}),
    expect: CATALOG_WRITE,
  },
  {
    name: 'PUT /previews/{id}',
    method: 'PUT',
    path: (f) => `/api/previews/${f.preview._id}`,
    body: () => ({}),
    expect: CATALOG_WRITE,
  },
  {
    name: 'PUT /files/{id}',
    method: 'PUT',
    path: (f) => `/api/files/${f.file._id}`,
    body: () => ({}),
    expect: CATALOG_WRITE,
  },
  {
    name: 'PUT /projects (update)',
    method: 'PUT',
    path: () => '/api/projects',
    body: (f) => ({ _id: f.project._id, name: f.project.name }),
    expect: CATALOG_WRITE,
  },
  {
    name: 'PUT /projects (create in the studio)',
    method: 'PUT',
    path: () => '/api/projects',
    body: (f, role) => ({ name: `Scope ${role} ${f.studio.name}`, studio: f.studio._id }),
    expect: { ...CATALOG_WRITE, sam: [403, 200] },
  },
  {
    name: 'PUT /studios (update)',
    method: 'PUT',
    path: () => '/api/studios',
    body: (f) => ({ _id: f.studio._id, name: f.studio.name }),
    expect: CATALOG_WRITE,
  },
];

function matrix(cases: Case[]) {
  const rows = cases.flatMap((c) =>
    ROLES.flatMap((role) => STUDIOS.map((studio, i) => ({ c, role, studio, status: c.expect[role][i] }))),
  );
  it.each(rows.map((r) => [`${r.c.name} as ${r.role} on ${r.studio}: ${r.status}`, r] as const))(
    '%s',
    async (_name, { c, role, studio, status }) => {
      const f = fx[studio];
      const res = await call(server, c.method, c.path(f), { as: ACCOUNTS[role], body: c.body?.(f, role) });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 404) expect(res.body.error.code).toBe('not_found');
      if (status === 403) expect(res.body.error.code).toBe('forbidden');
    },
  );
}

describe('lists: membership and totals', () => {
  const inStudios = (role: Role): StudioKey[] => (role === 'sam' ? ['harbor'] : ['north', 'harbor']);

  it.each(ROLES)('GET /workrequests as %s counts exactly the work requests the caller may see', async (role) => {
    const { items, total } = await listAll('/api/workrequests', ACCOUNTS[role]);
    const expected = fx.allWorkRequests.filter((w) =>
      role === 'translator'
        ? w.translation?.translator?._id === fx.ids.translator
        : role === 'client'
          ? w.from._id === fx.ids.client
          : inStudios(role).some((s) => w.studio === fx[s].studio._id),
    );
    expect(total).toBe(expected.length);
    expect(new Set(items.map((w) => w._id))).toEqual(new Set(expected.map((w) => w._id)));
  });

  it.each(ROLES)('GET /workrequests/automateJob as %s is the queue of what the caller may see', async (role) => {
    const { items } = await listAll('/api/workrequests/automateJob', ACCOUNTS[role]);
    const open = (w: Rec) => (w.auto || w.autosubs) && !CLOSED_STATUSES.includes(w.status);
    const visible = (await listAll('/api/workrequests', ACCOUNTS[role])).items.filter(open);
    expect(new Set(items.map((w) => w._id))).toEqual(new Set(visible.map((w) => w._id)));
  });

  it('a project filter of another studio finds nothing for Sam, and the total says so', async () => {
    const res = await call(server, 'GET', `/api/workrequests?project=${fx.north.project._id}`, { as: ACCOUNTS.sam });
    expect(res.body).toEqual([]);
    expect(res.headers.get('content-range')).toBe('resources */0');
  });

  it.each(['admin', 'cora', 'sam', 'translator'] as Role[])(
    'GET /translations as %s lists the translations of visible work requests',
    async (role) => {
      const { items, total } = await listAll('/api/translations', ACCOUNTS[role]);
      const visible = (await listAll('/api/workrequests', ACCOUNTS[role])).items;
      const expected =
        role === 'translator'
          ? fx.allWorkRequests
              .flatMap((w) => [w.translation, w.graphicsTranslation])
              .filter((t) => t?.translator?._id === fx.ids.translator)
          : visible.flatMap((w) => [w.translation, w.graphicsTranslation]).filter(Boolean);
      expect(total).toBe(expected.length);
      expect(new Set(items.map((t) => t._id))).toEqual(new Set(expected.map((t) => t._id)));
    },
  );

  it.each(['admin', 'cora', 'sam'] as Role[])(
    'GET /projects, /studios and /assets/countByProject as %s',
    async (role) => {
      const scoped: readonly StudioKey[] = role === 'sam' ? ['harbor'] : STUDIOS;
      const projects = await listAll('/api/projects', ACCOUNTS[role]);
      expect(projects.items.map((p) => p._id).sort()).toEqual(
        scoped.flatMap((s) => fx[s].projects.map((p) => p._id)).sort(),
      );
      const studios = await listAll('/api/studios', ACCOUNTS[role]);
      expect(studios.items.map((s) => s._id).sort()).toEqual(scoped.map((s) => fx[s].studio._id).sort());
      const assets = await listAll('/api/assets/countByProject', ACCOUNTS[role]);
      // Ten assets per project, three projects per studio, and the 90-minute feature (seed/feature.ts) at Harbor Lane.
      const assetsOf: Record<StudioKey, number> = { north: 30, harbor: 31 };
      expect(assets.total).toBe(scoped.reduce((n, s) => n + assetsOf[s], 0));
      expect(new Set(assets.items.map((a) => a.studio))).toEqual(new Set(scoped.map((s) => fx[s].studio._id)));
      for (const s of STUDIOS) {
        const seen = scoped.includes(s);
        const byProject = await call(server, 'GET', `/api/assets/countByProject?project=${fx[s].project._id}`, {
          as: ACCOUNTS[role],
        });
        expect(totalOf(byProject) > 0, `countByProject of ${s}`).toBe(seen);
        const previews = await call(server, 'GET', `/api/previews?asset=${fx[s].asset._id}`, { as: ACCOUNTS[role] });
        expect(previews.status).toBe(200);
        expect(previews.body.length > 0, `previews of ${s}`).toBe(seen);
        const files = await call(server, 'GET', `/api/files?asset=${fx[s].asset._id}`, { as: ACCOUNTS[role] });
        expect(files.status).toBe(200);
        expect(files.body.length > 0, `files of ${s}`).toBe(seen);
      }
    },
  );

  it('GET /assets/countByProject as the translator: the assets of the work requests assigned to them', async () => {
    const theirs = fx.allWorkRequests.filter((w) => w.translation?.translator?._id === fx.ids.translator);
    const { items, total } = await listAll('/api/assets/countByProject', ACCOUNTS.translator);
    const expected = new Set(theirs.map((w) => w.asset._id));
    expect(total).toBe(expected.size);
    expect(new Set(items.map((a) => a._id))).toEqual(expected);
    const projects = await listAll('/api/projects', ACCOUNTS.translator);
    expect(new Set(projects.items.map((p) => p._id))).toEqual(new Set(theirs.map((w) => w.project._id)));
  });

  it('GET /users and /groups: a coordinator sees the people and groups of their studios', async () => {
    const emails = async (role: Role) => (await listAll('/api/users', ACCOUNTS[role])).items.map((u) => u.emailNormal);
    const all = await emails('admin');
    expect(await emails('cora')).toEqual(all);
    const sams = await emails('sam');
    expect(sams).not.toContain('priya.raman@northlight.test');
    expect(sams).toEqual(
      expect.arrayContaining([
        'diego.alvarez@harborlane.test',
        'translator@mws.test',
        'coordinator@mws.test',
        'sam.okafor@harborlane.test',
      ]),
    );
    const searched = await call(server, 'GET', '/api/users?q=priya', { as: ACCOUNTS.sam });
    expect(searched.body).toEqual([]);
    expect(totalOf(searched)).toBe(0);
    const groupNames = (await listAll('/api/groups', ACCOUNTS.sam)).items.map((g) => g.name);
    expect(groupNames).not.toContain('Northlight Territory Marketing');
    expect(groupNames).not.toContain('Northlight Localization');
    expect(groupNames).toContain('Harbor Lane Localization');
    expect((await listAll('/api/groups', ACCOUNTS.cora)).items).toHaveLength(fx.groups.length);
  });
});

describe('records: reads', () => matrix(READS));

describe('records: writes', () => {
  matrix(WRITES);

  it('a refused status change changed nothing', async () => {
    const before = await call(server, 'GET', `/api/workrequests/${fx.north.wr._id}`, { as: DEMO.admin });
    const refused = await call(server, 'PUT', `/api/workrequests/${fx.north.wr._id}`, {
      as: ACCOUNTS.sam,
      body: { status: 'cancelled', reason },
    });
    expect(refused.status).toBe(404);
    const after = await call(server, 'GET', `/api/workrequests/${fx.north.wr._id}`, { as: DEMO.admin });
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.body.status).toBe(before.body.status);
  });

  it('only admins create studios', async () => {
    for (const role of ROLES) {
      const res = await call(server, 'PUT', '/api/studios', {
        as: ACCOUNTS[role],
        body: { name: `Studio of ${role}` },
      });
      expect(res.status, role).toBe(role === 'admin' ? 200 : 403);
    }
  });

  it('a coordinator cannot move a record of their studio into another', async () => {
    const north = fx.north;
    const harbor = fx.harbor;
    const moves: [string, string, unknown][] = [
      ['PUT', `/api/assets/${harbor.asset._id}`, { studio: north.studio._id }],
      ['PUT', `/api/assets/${harbor.asset._id}`, { project: north.project._id }],
      ['PUT', '/api/projects', { _id: harbor.project._id, studio: north.studio._id }],
      ['PUT', `/api/files/${harbor.file._id}`, { asset: north.asset._id }],
      ['PUT', `/api/files/${harbor.file._id}`, { studio: north.studio._id }],
    ];
    for (const [method, path, body] of moves) {
      const res = await call(server, method, path, { as: ACCOUNTS.sam, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
    }
    // A preview's and a translation's asset are server-owned (docs/API.md, "Writable fields"): ignored, never moved.
    const ignored: [string, string][] = [
      [`/api/previews/${harbor.preview._id}`, 'asset'],
      [`/api/translations/${harbor.wr.translation._id}`, 'asset'],
    ];
    for (const [path, field] of ignored) {
      const before = await call(server, 'GET', path, { as: ACCOUNTS.sam });
      const res = await call(server, 'PUT', path, { as: ACCOUNTS.sam, body: { [field]: north.asset._id } });
      expect([200, 403], `PUT ${path} ${field}`).toContain(res.status);
      const after = await call(server, 'GET', path, { as: ACCOUNTS.sam });
      expect(after.body[field], `PUT ${path} ${field}`).toEqual(before.body[field]);
    }
    expect((await call(server, 'GET', `/api/assets/${harbor.asset._id}`, { as: ACCOUNTS.sam })).body.studio).toBe(
      harbor.studio._id,
    );
    expect((await call(server, 'GET', `/api/projects/${harbor.project._id}`, { as: ACCOUNTS.sam })).body.studio).toBe(
      harbor.studio._id,
    );
  });

  it('PUT /comments/{id}: a comment out of scope is 404; in scope, only the author edits (403 as before)', async () => {
    const coras = await call(server, 'POST', '/api/comments', {
      as: ACCOUNTS.cora,
      body: { workRequest: fx.north.wr._id, body: 'Cora on north' },
    });
    expect(
      (await call(server, 'PUT', `/api/comments/${coras.body._id}`, { as: ACCOUNTS.sam, body: { body: 'x' } })).status,
    ).toBe(404);
    expect(
      (await call(server, 'PUT', `/api/comments/${fx.harbor.comment._id}`, { as: ACCOUNTS.sam, body: { body: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('shares: a coordinator reads and edits only their own, and shares only assets of their studios', async () => {
    const sams = (await listAll('/api/shares', ACCOUNTS.sam)).items;
    const sent = sams.find((s) => s.from._id === fx.ids.sam)!;
    expect(sent).toBeDefined();
    const others = (await listAll('/api/shares', DEMO.admin)).items.filter(
      (s) => s.from._id !== fx.ids.sam && !s.to.some((u: Rec) => u._id === fx.ids.sam),
    );
    const other = others[0]!;
    expect((await call(server, 'GET', `/api/shares/${other._id}`, { as: ACCOUNTS.sam })).status).toBe(404);
    expect(
      (await call(server, 'PUT', `/api/shares/${other._id}`, { as: ACCOUNTS.sam, body: { notes: 'x' } })).status,
    ).toBe(404);

    const summary = (a: Rec) => ({ _id: a._id, project: a.project, studio: a.studio, name: a.name });
    const withNorth = await call(server, 'PUT', `/api/shares/${sent._id}`, {
      as: ACCOUNTS.sam,
      body: { assets: [...sent.assets, summary(fx.north.asset)] },
    });
    expect(withNorth.status).toBe(403);
    const permissions = sent.permissions.map((p: Rec) => ({ ...p, assets: [...(p.assets ?? []), fx.north.asset._id] }));
    expect(
      (await call(server, 'PUT', `/api/shares/${sent._id}`, { as: ACCOUNTS.sam, body: { permissions } })).status,
    ).toBe(403);
    const withHarbor = await call(server, 'PUT', `/api/shares/${sent._id}`, {
      as: ACCOUNTS.sam,
      body: { assets: [...sent.assets, summary(fx.harbor.asset)] },
    });
    expect(withHarbor.status, JSON.stringify(withHarbor.body.error)).toBe(200);
    // Cora coordinates both studios: she may share Northlight's assets.
    const coras = (await listAll('/api/shares', ACCOUNTS.cora)).items.find((s) => s.from._id === fx.ids.cora)!;
    const coraPut = await call(server, 'PUT', `/api/shares/${coras._id}`, {
      as: ACCOUNTS.cora,
      body: { assets: [...coras.assets, summary(fx.north.asset)] },
    });
    expect(coraPut.status).toBe(200);
  });
});

describe('notifications follow the scope', () => {
  const unreadAbout = async (role: Role, wrId: string) =>
    (await listAll('/api/notifications?type=wr-status', ACCOUNTS[role])).items.filter(
      (n) => n.event?.workRequest?._id === wrId,
    );

  it("a status change notifies the studio's coordinators only", async () => {
    const before = {
      cora: (await unreadAbout('cora', fx.north.wr._id)).length,
      sam: (await unreadAbout('sam', fx.north.wr._id)).length,
    };
    expect(
      (
        await call(server, 'PUT', `/api/workrequests/${fx.north.wr._id}`, {
          as: DEMO.admin,
          body: { status: 'for-review', reason },
        })
      ).status,
    ).toBe(200);
    expect((await unreadAbout('cora', fx.north.wr._id)).length).toBe(before.cora + 1);
    expect((await unreadAbout('sam', fx.north.wr._id)).length).toBe(before.sam);
  });

  it('a coordinator taken out of a studio loses it at once: records, lists and notifications', async () => {
    const coord1 = fx.groups.find((g) => g.name === 'Harbor Lane Localization')!;
    const samBefore = await call(server, 'GET', `/api/users/${fx.ids.sam}`, { as: DEMO.admin });
    expect(samBefore.body.groups.map((g: Rec) => g._id)).toEqual([coord1._id]);
    const notifiedBefore = (await unreadAbout('sam', fx.harbor.wr._id)).length;
    const comment = await call(server, 'POST', '/api/comments', {
      as: ACCOUNTS.sam,
      body: { workRequest: fx.harbor.wr._id, body: 'Sam on harbor' },
    });
    expect(comment.status).toBe(200);
    // Sam moves to the Northlight coordinator group.
    const coord0 = fx.groups.find((g) => g.name === 'Northlight Localization')!;
    expect(
      (
        await call(server, 'PUT', `/api/users/${fx.ids.sam}`, {
          as: DEMO.admin,
          body: { groups: [{ _id: coord0._id }] },
        })
      ).status,
    ).toBe(200);
    expect((await call(server, 'GET', `/api/workrequests/${fx.harbor.wr._id}`, { as: ACCOUNTS.sam })).status).toBe(404);
    expect((await call(server, 'GET', `/api/workrequests/${fx.north.wr._id}`, { as: ACCOUNTS.sam })).status).toBe(200);
    // Their own comment on a work request now out of scope: as if it did not exist.
    expect(
      (await call(server, 'PUT', `/api/comments/${comment.body._id}`, { as: ACCOUNTS.sam, body: { body: 'edited' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(server, 'PUT', `/api/workrequests/${fx.harbor.wr._id}`, {
          as: DEMO.admin,
          body: { status: 'awaiting-materials', reason },
        })
      ).status,
    ).toBe(200);
    expect((await unreadAbout('sam', fx.harbor.wr._id)).length).toBe(notifiedBefore);
    const northBefore = (await unreadAbout('sam', fx.north.wr._id)).length;
    expect(
      (
        await call(server, 'PUT', `/api/workrequests/${fx.north.wr._id}`, {
          as: DEMO.admin,
          body: { status: 'in-progress', reason },
        })
      ).status,
    ).toBe(200);
    expect((await unreadAbout('sam', fx.north.wr._id)).length).toBe(northBefore + 1);
  });
});
