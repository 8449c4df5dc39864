/**
 * Assignable people (docs/API.md, "Assignable people"): `GET /users?assignableTo=<studio>` lists the users the
 * server accepts as the assignee of the studio's work (members of translator groups naming the studio, accounts not
 * disabled), sorted by name, paged, combinable with `q`, each with `$vendors`; admins and the studio's coordinators
 * only. The list and the assignment follow one rule: whoever is listed can be assigned, whoever is not is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';

let server: TestServer;

const SAM: Account = { username: 'sam.okafor@harborlane.test', password: 'demo-password' };
const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
const studios = {} as Record<'north' | 'harbor', Rec>;
let groups: Rec[];

const assignable = (studio: string, as: Account = DEMO.admin, extra = '', range = 'resources=0-199') =>
  call(server, 'GET', `/api/users?assignableTo=${studio}${extra}`, { as, headers: { 'X-Range': range } });

beforeAll(async () => {
  server = await startServer();
  const all = (await call(server, 'GET', '/api/studios', { headers: { 'X-Range': 'resources=0-99' } })).body as Rec[];
  studios.north = all.find((s) => s.name === 'Northlight Pictures')!;
  studios.harbor = all.find((s) => s.name === 'Harbor Lane Studios')!;
  groups = (await call(server, 'GET', '/api/groups', { headers: { 'X-Range': 'resources=0-99' } })).body;
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /users?assignableTo=', () => {
  it('lists the members of the translator groups working with the studio, by name, each with their vendor', async () => {
    const res = await assignable(studios.north._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const people = res.body as Rec[];
    const vendorIds = groups
      .filter((g) => g.type === 'translator' && g.studios.includes(studios.north._id))
      .map((g) => g._id as string);
    expect(vendorIds.length).toBeGreaterThan(0);
    expect(people.length).toBeGreaterThan(3);
    expect(totalOf(res)).toBe(people.length);
    for (const u of people) {
      expect(
        u.groups.some((g: Rec) => vendorIds.includes(g._id)),
        u.name,
      ).toBe(true);
      expect(u.$vendors.length, u.name).toBeGreaterThan(0);
      expect(
        u.$vendors.every((v: Rec) => vendorIds.includes(v._id)),
        u.name,
      ).toBe(true);
    }
    const names = people.map((u) => u.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(people.find((u) => u.emailNormal === 'translator@mws.test')).toMatchObject({
      name: 'Tomas Translator',
      $vendors: [{ name: 'Lumen Subtitling' }],
    });
    // Coordinators, requesters and admins are not assignable.
    for (const email of [
      'coordinator@mws.test',
      'admin@mws.test',
      'priya.raman@northlight.test',
      'sam.okafor@harborlane.test',
    ])
      expect(people.map((u) => u.emailNormal)).not.toContain(email);
  });

  it("gives each person's work as the caller may see it: open, due this week, on the project, their languages", async () => {
    const tomasOf = (res: { body: Rec[] }) => res.body.find((u) => u.emailNormal === 'translator@mws.test')!;
    const mine = (
      await call(server, 'GET', '/api/workrequests?assignee=me', {
        as: DEMO.translator,
        headers: { 'X-Range': 'resources=0-999' },
      })
    ).body as Rec[];
    const open = mine.filter((w) => !['complete', 'cancelled', 'approved', 'rejected'].includes(w.status));
    const project = mine[0]!.project._id as string;
    const work = tomasOf(await assignable(studios.north._id, DEMO.admin, `&project=${project}`)).$work;
    expect(work.open).toBe(open.length);
    const weekAhead = Date.now() / 1000 + 7 * 86_400;
    expect(work.dueThisWeek).toBe(open.filter((w) => w.due?.date < weekAhead).length);
    expect(work.onProject).toBe(mine.filter((w) => w.project?._id === project).length);
    const codes = new Set(mine.map((w) => w.language));
    expect(work.languages.length).toBeGreaterThan(0);
    for (const l of work.languages) expect(codes.has(l.code), l.code).toBe(true);
    // Without a project asked about, no project count.
    expect(tomasOf(await assignable(studios.north._id)).$work.onProject).toBeUndefined();
    // A coordinator of one studio counts only the orders of their studios.
    const harborOnly = tomasOf(await assignable(studios.harbor._id, SAM));
    if (harborOnly) expect(harborOnly.$work.open).toBeLessThanOrEqual(work.open);
  });

  it('is paged like /users and combines with q (name or e-mail)', async () => {
    const whole = (await assignable(studios.north._id)).body as Rec[];
    const page = await assignable(studios.north._id, DEMO.admin, '', 'resources=1-2');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe(`resources 1-2/${whole.length}`);
    expect(page.body.map((u: Rec) => u._id)).toEqual(whole.slice(1, 3).map((u) => u._id));
    expect(totalOf(page)).toBe(whole.length);
    const lumen = await assignable(studios.north._id, DEMO.admin, '&q=lumen-subs');
    expect(lumen.body.length).toBeGreaterThan(0);
    expect(lumen.body.every((u: Rec) => u.emailNormal.endsWith('@lumen-subs.test'))).toBe(true);
    expect(totalOf(lumen)).toBe(lumen.body.length);
    const tomas = await assignable(studios.north._id, DEMO.admin, '&q=TOMAS');
    expect(tomas.body.map((u: Rec) => u.name)).toEqual(['Tomas Translator']);
    // q finds only assignable people: a coordinator's name finds nobody.
    const cora = await assignable(studios.north._id, DEMO.admin, '&q=cora');
    expect(cora.body).toEqual([]);
    expect(totalOf(cora)).toBe(0);
  });

  it('admins and the studio’s coordinators only; another or unknown studio is 403 for a coordinator', async () => {
    const adminList = (await assignable(studios.harbor._id)).body.map((u: Rec) => u._id);
    expect((await assignable(studios.harbor._id, DEMO.coordinator)).body.map((u: Rec) => u._id)).toEqual(adminList);
    expect((await assignable(studios.harbor._id, SAM)).body.map((u: Rec) => u._id)).toEqual(adminList);
    for (const studio of [studios.north._id, 'ffffffffffffffffffffffff', 'not-an-id']) {
      const res = await assignable(studio, SAM);
      expect(res.status, studio).toBe(403);
      expect(res.body.error.message).toMatch(/your own studios/);
    }
    for (const as of [DEMO.translator, PRIYA]) expect((await assignable(studios.north._id, as)).status).toBe(403);
    const unknown = await assignable('ffffffffffffffffffffffff');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'bad_request', message: 'assignableTo: no studio with this id' });
    expect((await assignable('nope')).status).toBe(400);
  });
  it('assignableTo=any: the people of every studio the caller coordinates (all studios for admins)', async () => {
    const ids = async (studio: string, as: Account) =>
      ((await assignable(studio, as)).body as Rec[]).map((u) => u._id as string).sort();
    const union = [
      ...new Set([...(await ids(studios.north._id, DEMO.admin)), ...(await ids(studios.harbor._id, DEMO.admin))]),
    ].sort();
    expect(await ids('any', DEMO.admin)).toEqual(union);
    expect(await ids('any', DEMO.coordinator)).toEqual(union);
    expect(await ids('any', SAM)).toEqual(await ids(studios.harbor._id, SAM));
    const tomas = ((await assignable('any', SAM)).body as Rec[]).find((u) => u.name === 'Tomas Translator');
    expect(tomas?.$vendors).toEqual([expect.objectContaining({ name: 'Lumen Subtitling' })]);
    expect((await assignable('any', DEMO.translator)).status).toBe(403);
  });
});

describe('the list and the assignment follow one rule', () => {
  it('a listed person can be assigned, an unlisted one (a coordinator, a disabled account) is refused', async () => {
    const wr = (
      await call(server, 'GET', `/api/workrequests?status=submitted`, { headers: { 'X-Range': 'resources=0-99' } })
    ).body.find((w: Rec) => w.studio === studios.north._id && w.translation) as Rec;
    expect(wr).toBeDefined();
    const people = (await assignable(studios.north._id, DEMO.coordinator)).body as Rec[];
    const assign = (assignee: string | null) =>
      call(server, 'PUT', `/api/workrequests/${wr._id}`, { as: DEMO.coordinator, body: { assignee } });

    const someone = people.find((u) => u._id !== wr.translation.translator?._id)!;
    const ok = await assign(someone._id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.translation.translator._id).toBe(someone._id);

    const coraId = (await call(server, 'GET', '/api/users/me', { as: DEMO.coordinator })).body._id as string;
    const refused = await assign(coraId);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(
      /^assignee: Cora Coordinator is not a translator working with this studio/,
    );

    // A disabled account leaves the list and is refused; enabled again, it is back.
    const other = people.find((u) => u._id !== someone._id)!;
    const setApproved = async (approved: boolean) => {
      const res = await call(server, 'PUT', `/api/users/${other._id}`, {
        as: DEMO.admin,
        body: { status: { ...other.status, approved } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await setApproved(false);
    try {
      const ids = (await assignable(studios.north._id)).body.map((u: Rec) => u._id);
      expect(ids).not.toContain(other._id);
      expect(ids).toHaveLength(people.length - 1);
      const disabled = await assign(other._id);
      expect(disabled.status).toBe(400);
      expect(disabled.body.error.message).toBe(`assignee: ${other.name} has a disabled account`);
    } finally {
      await setApproved(true);
    }
    expect((await assignable(studios.north._id)).body).toHaveLength(people.length);
    expect((await assign(other._id)).status).toBe(200);
  });
});
