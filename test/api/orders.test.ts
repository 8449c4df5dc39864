/**
 * Orders (docs/API.md, "Orders"): placing one (`POST /workrequests`), changing it with If-Match (due date,
 * instructions, tags, materials, assignee: each change a history entry), assignment with its notification to the
 * assignee's inbox and the list's `assignee` filter. Bad input is a 400 naming each field and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';

let server: TestServer;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const SAM: Account = { username: 'sam.okafor@harborlane.test', password: 'demo-password' };
const MARGAUX: Account = { username: 'margaux.lefevre@lumen-subs.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const DAY = 86_400;
const inDays = (n: number) => Math.floor(Date.now() / 1000) + n * DAY;
const ids = {} as Record<'admin' | 'cora' | 'tomas' | 'priya' | 'margaux', string>;
let northWr: Rec;
let template: Rec;

const totalOf = (res: { headers: Headers }) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
const count = async (path: string, as: Account = DEMO.admin) =>
  totalOf(await call(server, 'GET', path, { as, headers: { 'X-Range': 'resources=0-0' } }));

async function place(body: Rec = template, as: Account = DEMO.coordinator) {
  return call(server, 'POST', '/api/workrequests', { as, body });
}

async function inboxAbout(as: Account, type: string, wrId: string): Promise<Rec[]> {
  const res = await call(server, 'GET', `/api/notifications?type=${type}`, {
    as,
    headers: { 'X-Range': 'resources=0-99' },
  });
  return res.body.filter((n: Rec) => n.event?.workRequest?._id === wrId);
}

beforeAll(async () => {
  server = await startServer();
  const me = async (as: Account) => (await call(server, 'GET', '/api/users/me', { as })).body._id as string;
  ids.admin = await me(DEMO.admin);
  ids.cora = await me(DEMO.coordinator);
  ids.tomas = await me(DEMO.translator);
  ids.priya = await me(PRIYA);
  ids.margaux = await me(MARGAUX);
  northWr = (await call(server, 'GET', '/api/workrequests', { as: PRIYA, headers: { 'X-Range': 'resources=0-0' } }))
    .body[0];
  template = {
    asset: northWr.asset._id,
    language: northWr.language,
    territory: northWr.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: ['localized-graphics'] },
    uses: { items: ['online'], details: { online: [{ value: '1080p', ship: false }] } },
    due: { date: inDays(10), tz: 'Europe/Paris' },
    deliveryDeadline: { date: inDays(12), tz: 'America/Los_Angeles' },
    instructions: 'Keep the <b>title card</b> in English.',
    tags: ['rush'],
    materials: [{ name: 'Dialogue list', complete: true }, { name: 'Textless version' }],
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /workrequests: placing an order', () => {
  it('201 with Location; the server fills studio, project, asset, requester, history and the translations', async () => {
    const res = await place({ ...template, assignee: ids.tomas });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const wr = res.body;
    expect(res.headers.get('location')).toBe(`/api/workrequests/${wr._id}`);
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
    expect(wr).toMatchObject({
      studio: northWr.studio,
      project: { _id: northWr.project._id, name: northWr.project.name },
      asset: { _id: northWr.asset._id, name: northWr.asset.name },
      assetType: northWr.assetType,
      language: template.language,
      territory: template.territory,
      due: template.due,
      instructions: template.instructions,
      tags: ['rush'],
      materials: [
        { name: 'Dialogue list', complete: true, approved: false, files: [] },
        { name: 'Textless version', complete: false, approved: false, files: [] },
      ],
      from: { _id: ids.cora },
      status: 'submitted',
      $statuses: ['submitted'],
    });
    expect(wr.history).toEqual([
      expect.objectContaining({
        status: 'submitted',
        reason: 'Order placed',
        user: expect.objectContaining({ _id: ids.cora }),
      }),
    ]);
    // The translation(s): one per track asked and held by the asset, the transcription's lines with empty text.
    expect(wr.translation).toMatchObject({
      status: 'incomplete',
      language: template.language,
      translator: { _id: ids.tomas },
    });
    expect(wr.translation.lines.length).toBeGreaterThan(0);
    expect(wr.translation.lines.every((l: Rec) => l.text === '')).toBe(true);
    // It is read back, listed, and found by the assignee.
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`)).body.instructions).toBe(template.instructions);
    const listed = await call(server, 'GET', '/api/workrequests?assignee=me', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(listed.body.map((w: Rec) => w._id)).toContain(wr._id);
    // The requester of the studio's coordinators… and the assignee are told.
    expect(await inboxAbout(DEMO.translator, 'wr-assigned', wr._id)).toHaveLength(1);
    const [assigned] = await inboxAbout(DEMO.translator, 'wr-assigned', wr._id);
    expect(assigned?.title).toMatch(/assigned you .+ — /);
    expect(await inboxAbout(DEMO.coordinator, 'wr-created', wr._id)).toHaveLength(0); // the actor is not notified
    expect(await inboxAbout(DEMO.admin, 'wr-created', wr._id)).toHaveLength(0); // admins are not the studio's coordinators
  });

  it('a requester places an order for their studio (the coordinators hear of it); a draft stays incomplete', async () => {
    const res = await place({ ...template, status: 'incomplete', reason: 'Draft: budget to confirm' }, PRIYA);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'incomplete', from: { _id: ids.priya } });
    expect(res.body.history[0]).toMatchObject({ status: 'incomplete', reason: 'Draft: budget to confirm' });
    const told = await inboxAbout(DEMO.coordinator, 'wr-created', res.body._id);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toMatch(/^Priya .* ordered /);
  });

  it('who may not: translators (403), a coordinator of another studio (403), a requester assigning (403)', async () => {
    const before = await count('/api/workrequests');
    const byTranslator = await place(template, DEMO.translator);
    expect(byTranslator.status).toBe(403);
    expect(byTranslator.body.error.message).toBe('translators do not place orders');
    expect((await place(template, SAM)).status).toBe(403);
    const assigning = await place({ ...template, assignee: ids.tomas }, PRIYA);
    expect(assigning.status).toBe(403);
    expect(assigning.body.error.message).toMatch(/^assignee:/);
    expect(await count('/api/workrequests')).toBe(before);
  });

  it('bad input: 400 naming every field, and nothing stored (no work request, translation or event)', async () => {
    const before = {
      workRequests: await count('/api/workrequests'),
      translations: await count('/api/translations'),
      notifications: await count('/api/notifications', DEMO.coordinator),
    };
    const cases: [Rec, string[]][] = [
      [{}, ['asset', 'language', 'territory', 'dng', 'due']],
      [{ ...template, due: { date: inDays(5) } }, ['due.tz']],
      [{ ...template, due: { date: inDays(5), tz: 'Mars/Olympus' } }, ['due.tz']],
      [{ ...template, due: { date: 'tomorrow', tz: 'UTC' } }, ['due.date']],
      [{ ...template, due: { date: inDays(-1), tz: 'UTC' } }, ['due.date']],
      [{ ...template, deliveryDeadline: { date: inDays(1), tz: 'UTC' } }, ['deliveryDeadline.date']],
      [{ ...template, language: '' }, ['language']],
      [{ ...template, language: 'xx-XX', territory: 'NOWHERE' }, ['language', 'territory']],
      [{ ...template, dng: { dialogue: [], graphics: [], narration: [] } }, ['dng']],
      [{ ...template, asset: 'not-an-id' }, ['asset']],
      [{ ...template, tags: [''] }, ['tags.0']],
      [{ ...template, materials: [{ complete: true }] }, ['materials.0.name']],
      [{ ...template, instructions: 'x'.repeat(20_001) }, ['instructions']],
      [{ ...template, assignee: ids.priya }, ['assignee']],
      [{ ...template, status: 'approved' }, ['status']],
      [{ ...template, studio: 'b'.repeat(24) }, ['studio']],
    ];
    for (const [body, fields] of cases) {
      const res = await place(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      const paths = (res.body.error.details ?? []).map((d: Rec) => d.path);
      for (const f of fields) expect(paths, `${JSON.stringify(res.body.error)}`).toContain(f);
      expect(res.body.error.message.startsWith(`${fields[0]}:`), res.body.error.message).toBe(true);
    }
    // An unknown asset: 400 for an admin; for a coordinator it cannot be told from another studio's (403).
    expect((await place({ ...template, asset: 'a'.repeat(24) }, DEMO.admin)).body.error.message).toBe(
      'asset: no asset with this id',
    );
    expect((await place({ ...template, asset: 'a'.repeat(24) })).status).toBe(403);
    expect(await count('/api/workrequests')).toBe(before.workRequests);
    expect(await count('/api/translations')).toBe(before.translations);
    expect(await count('/api/notifications', DEMO.coordinator)).toBe(before.notifications);
  });
});

describe('PUT /workrequests/{id}: changing an order', () => {
  it('changes due date, instructions, tags and materials with If-Match; one history entry names each change', async () => {
    const placed = await place();
    const id = placed.body._id;
    const etag = placed.headers.get('etag')!;
    const change = {
      due: { date: inDays(11), tz: 'Asia/Tokyo' }, // before the template's delivery deadline (12 days)
      instructions: 'Burn in the forced narrative only.',
      tags: ['rush', 'festival'],
      materials: [{ name: 'Dialogue list', complete: true, approved: true }],
    };
    const res = await call(server, 'PUT', `/api/workrequests/${id}`, { body: change, headers: { 'If-Match': etag } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...change, status: 'submitted' });
    expect(res.headers.get('etag')).not.toBe(etag);
    const entry = res.body.history.at(-1);
    expect(entry).toMatchObject({
      status: 'submitted',
      reason: 'Changed the due date, the instructions, the tags and the materials checklist',
      user: { _id: ids.cora },
    });
    expect(entry.changes).toEqual([
      { field: 'due', from: template.due, to: change.due },
      { field: 'instructions', from: template.instructions, to: change.instructions },
      { field: 'tags', from: ['rush'], to: ['rush', 'festival'] },
      {
        field: 'materials',
        from: expect.any(Array),
        to: [{ name: 'Dialogue list', complete: true, approved: true, files: [] }],
      },
    ]);
    // The stale ETag: 409 with the record as it is now, nothing changed.
    const stale = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { instructions: 'mine' },
      headers: { 'If-Match': etag },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.instructions).toBe(change.instructions);
    // A stale If-Match with a move is that same conflict (before the workflow's rules), whatever the move.
    for (const status of ['in-progress', 'submitted']) {
      const staleMove = await call(server, 'PUT', `/api/workrequests/${id}`, {
        body: { status, reason: 'late' },
        headers: { 'If-Match': etag },
      });
      expect(staleMove.status).toBe(409);
      expect(staleMove.body.error.details.current._id).toBe(id);
    }
    // The same values again: nothing stored, the version stays.
    const echo = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: change,
      headers: { 'If-Match': res.headers.get('etag')! },
    });
    expect(echo.status).toBe(200);
    expect(echo.headers.get('etag')).toBe(res.headers.get('etag'));
    expect(echo.body.history).toHaveLength(res.body.history.length);
  });

  it('a change and a move in one body: the change first, then the move, each in the history', async () => {
    const id = (await place()).body._id;
    const res = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { tags: ['press'], status: 'in-progress', reason: 'Starting now' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.history.slice(-2)).toEqual([
      expect.objectContaining({ status: 'submitted', reason: 'Changed the tags' }),
      expect.objectContaining({ status: 'in-progress', reason: 'Starting now' }),
    ]);
    // A refused move refuses the change with it.
    const refused = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { tags: ['nope'], status: 'rejected', reason: 'not now' },
    });
    expect(refused.status).toBe(409);
    expect((await call(server, 'GET', `/api/workrequests/${id}`)).body.tags).toEqual(['press']);
  });

  it('the requester changes their order until work starts; translators never; others out of scope do not see it', async () => {
    const id = (await place(template, PRIYA)).body._id;
    const own = await call(server, 'PUT', `/api/workrequests/${id}`, { as: PRIYA, body: { instructions: 'Mine' } });
    expect(own.status).toBe(200);
    const assign = await call(server, 'PUT', `/api/workrequests/${id}`, { as: PRIYA, body: { assignee: ids.tomas } });
    expect(assign.status).toBe(403);
    await call(server, 'PUT', `/api/workrequests/${id}`, { body: { assignee: ids.tomas } });
    const tomas = await call(server, 'PUT', `/api/workrequests/${id}`, {
      as: DEMO.translator,
      body: { instructions: 'x' },
    });
    expect(tomas.status).toBe(403);
    await call(server, 'PUT', `/api/workrequests/${id}`, { body: { status: 'in-progress', reason: 'go' } });
    const late = await call(server, 'PUT', `/api/workrequests/${id}`, { as: PRIYA, body: { instructions: 'Later' } });
    expect(late.status).toBe(403);
    expect(
      (await call(server, 'PUT', `/api/workrequests/${id}`, { as: SAM, body: { instructions: 'x' } })).status,
    ).toBe(404);
  });

  it('bad input: 400 naming the field, nothing stored; an empty body says what it takes', async () => {
    const placed = await place();
    const id = placed.body._id;
    const cases: [Rec, string][] = [
      [{}, 'body'],
      [{ due: { date: inDays(3), tz: 'Nowhere/Land' } }, 'due.tz'],
      [{ tags: 'rush' }, 'tags'],
      [{ materials: [{ name: '' }] }, 'materials.0.name'],
      [{ assignee: 'nobody' }, 'assignee'],
      [{ assignee: ids.priya }, 'assignee'],
      [{ status: 'in-progress' }, 'reason'],
      [{ instructions: 'x', language: 'de-DE' }, 'language'],
    ];
    for (const [body, field] of cases) {
      const res = await call(server, 'PUT', `/api/workrequests/${id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(res.body.error)).toMatch(
        new RegExp(`^${field.replace('.', '\\.')}:`),
      );
    }
    const after = await call(server, 'GET', `/api/workrequests/${id}`);
    expect(after.headers.get('etag')).toBe(placed.headers.get('etag'));
  });
});

describe('assignment', () => {
  it('assigns, reassigns and unassigns; the new assignee and the one taken off hear of it; filters me, none and an id', async () => {
    const id = (await place()).body._id;
    const unassigned = await call(server, 'GET', '/api/workrequests?assignee=none', {
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(unassigned.body.map((w: Rec) => w._id)).toContain(id);
    expect(unassigned.body.every((w: Rec) => !w.translation?.translator)).toBe(true);

    const toTomas = await call(server, 'PUT', `/api/workrequests/${id}`, { body: { assignee: ids.tomas } });
    expect(toTomas.status, JSON.stringify(toTomas.body)).toBe(200);
    expect(toTomas.body.translation.translator).toMatchObject({ _id: ids.tomas, name: 'Tomas Translator' });
    if (toTomas.body.graphicsTranslation)
      expect(toTomas.body.graphicsTranslation.translator).toMatchObject({ _id: ids.tomas });
    expect(toTomas.body.history.at(-1)).toMatchObject({
      reason: 'Changed the assignee',
      changes: [{ field: 'assignee', from: null, to: { _id: ids.tomas, name: 'Tomas Translator' } }],
    });
    expect(await inboxAbout(DEMO.translator, 'wr-assigned', id)).toHaveLength(1);
    // The translator now sees it and works on its translation.
    expect((await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.translator })).status).toBe(200);
    const byId = await call(server, 'GET', `/api/workrequests?assignee=${ids.tomas}`, {
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(byId.body.every((w: Rec) => w.translation?.translator?._id === ids.tomas)).toBe(true);
    expect(await count(`/api/workrequests?assignee=${ids.tomas}`)).toBe(
      await count('/api/workrequests?assignee=me', DEMO.translator),
    );

    const toMargaux = await call(server, 'PUT', `/api/workrequests/${id}`, { body: { assignee: ids.margaux } });
    expect(toMargaux.status).toBe(200);
    expect(await inboxAbout(MARGAUX, 'wr-assigned', id)).toHaveLength(1);
    expect((await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.translator })).status).toBe(404);
    // The translator taken off is told, with what names the order and nothing they may no longer read.
    const [off] = await inboxAbout(DEMO.translator, 'wr-unassigned', id);
    expect(off?.title).toMatch(/ took you off .+ — /);
    expect(Object.keys(off!.event.workRequest).sort()).toEqual(['_id', 'asset', 'language', 'status', 'territory']);
    expect(off!.event.urls).toBeUndefined();

    const none = await call(server, 'PUT', `/api/workrequests/${id}`, { body: { assignee: null } });
    expect(none.status).toBe(200);
    expect(none.body.translation.translator).toBeUndefined();
    expect(none.body.history.at(-1).changes).toEqual([
      { field: 'assignee', from: { _id: ids.margaux, name: expect.any(String) }, to: null },
    ]);
    expect(
      (
        await call(server, 'GET', '/api/workrequests?assignee=none', { headers: { 'X-Range': 'resources=0-99' } })
      ).body.map((w: Rec) => w._id),
    ).toContain(id);
  });

  it('an order change tells the requester, the coordinators and the translator (wr-changed)', async () => {
    const id = (await place({ ...template, assignee: ids.tomas })).body._id;
    await call(server, 'PUT', `/api/workrequests/${id}`, { body: { due: { date: inDays(4), tz: 'UTC' } } });
    const [n] = await inboxAbout(DEMO.translator, 'wr-changed', id);
    expect(n?.title).toMatch(/changed the due date of /);
  });

  it('the assignee filter takes an id, me or none', async () => {
    const bad = await call(server, 'GET', '/api/workrequests?assignee=someone');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^assignee:/);
  });
});
