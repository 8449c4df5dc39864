/**
 * #15's order endpoints probed as an attacker and a careless client would (docs/API.md, "Orders: what the server
 * holds"): the estimate the server sets, size bounds of the open-shaped parts, assignment through a translation,
 * concurrent changes of one order, and who hears of an order. Each case failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';
import { openDatabaseReader } from '../support/database';
import { orderEstimate } from '../../src/api/schema/estimate';

let server: TestServer;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const MARGAUX: Account = { username: 'margaux.lefevre@lumen-subs.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const inDays = (n: number) => Math.floor(Date.now() / 1000) + n * 86_400;
const ids = {} as Record<'tomas' | 'margaux', string>;
let template: Rec;

async function place(body: Rec = template, as: Account = DEMO.coordinator) {
  return call(server, 'POST', '/api/workrequests', { as, body });
}

async function fingerprint(): Promise<Record<string, string>> {
  const reader = await openDatabaseReader(server);
  try {
    return await reader.fingerprint();
  } finally {
    await reader.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  const me = async (as: Account) => (await call(server, 'GET', '/api/users/me', { as })).body._id as string;
  ids.tomas = await me(DEMO.translator);
  ids.margaux = await me(MARGAUX);
  const northWr = (
    await call(server, 'GET', '/api/workrequests', { as: PRIYA, headers: { 'X-Range': 'resources=0-0' } })
  ).body[0];
  template = {
    asset: northWr.asset._id,
    language: northWr.language,
    territory: northWr.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: ['localized-graphics'] },
    due: { date: inDays(10), tz: 'Europe/Paris' },
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /workrequests: what the server sets', () => {
  it('prices the order from the lines of the translations it makes (docs/API.md "Order estimate")', async () => {
    const res = await place();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const wr = res.body;
    const lines = (wr.translation?.lines?.length ?? 0) + (wr.graphicsTranslation?.lines?.length ?? 0);
    expect(lines).toBeGreaterThan(0);
    expect(wr.estimate).toEqual(orderEstimate(lines));
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`)).body.estimate).toEqual(orderEstimate(lines));
  });

  it('refuses an order whose open-shaped parts are huge (every notification embeds them): 400, nothing stored', async () => {
    const big = 'x'.repeat(200);
    const cases: [string, Rec][] = [
      ['recipients', { recipients: { Online: Array.from({ length: 500 }, () => ({ name: big, email: 'a@b.c' })) } }],
      ['materials', { materials: [{ name: 'Textless', files: Array.from({ length: 200 }, () => ({ note: big })) }] }],
      ['dcp', { dcp: { items: Array.from({ length: 200 }, () => big), details: [] } }],
      ['uses', { uses: { items: Array.from({ length: 200 }, () => big), details: {} } }],
      ['dng', { dng: { dialogue: Array.from({ length: 200 }, () => big) } }],
    ];
    const before = await fingerprint();
    for (const [field, extra] of cases) {
      const res = await place({ ...template, ...extra }, PRIYA);
      expect(res.status, field).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${field}: too large: at most 20,000 characters as JSON`));
    }
    const placed = await place(template);
    const id = placed.body._id as string;
    const after = await fingerprint();
    const change = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { materials: [{ name: 'Textless', files: Array.from({ length: 200 }, () => ({ note: big })) }] },
    });
    expect(change.status).toBe(400);
    expect(change.body.error.message).toMatch(/^materials: too large/);
    expect(await fingerprint()).toEqual(after);
    expect(after).not.toEqual(before); // the fingerprint does see a placed order
  });
});

async function inboxAbout(as: Account, type: string, wrId: string): Promise<Rec[]> {
  const res = await call(server, 'GET', `/api/notifications?type=${type}`, {
    as,
    headers: { 'X-Range': 'resources=0-99' },
  });
  return res.body.filter((n: Rec) => n.event?.workRequest?._id === wrId);
}

const listedFor = async (as: Account, query = 'assignee=me') =>
  (await call(server, 'GET', `/api/workrequests?${query}`, { as, headers: { 'X-Range': 'resources=0-199' } })).body.map(
    (w: Rec) => w._id as string,
  );

describe('two tracks of one order saved at once', () => {
  it('each save with its own If-Match lands: the order summary they both keep in step is no 409 of theirs', async () => {
    // Found by the mixed bench (docs/BENCHMARKS.md) on PostgreSQL: both saves update the work request's summary in
    // their transactions; the second met a newer work request and answered 409 about a record its caller never named.
    const wr = (await place({ ...template, assignee: ids.tomas })).body;
    const tracks = [wr.translation._id as string, wr.graphicsTranslation._id as string];
    for (let round = 0; round < 8; round++) {
      const read = await Promise.all(
        tracks.map((id) => call(server, 'GET', `/api/translations/${id}`, { as: DEMO.translator })),
      );
      const saved = await Promise.all(
        read.map((r, i) => {
          const lines = (r.body.lines as Rec[]).map((l, n) => (n === 0 ? { ...l, text: `round ${round}` } : l));
          return call(server, 'PUT', `/api/translations/${tracks[i]}`, {
            as: DEMO.translator,
            headers: { 'If-Match': r.headers.get('etag') ?? '' },
            body: { lines },
          });
        }),
      );
      for (const s of saved) expect(s.status, JSON.stringify(s.body).slice(0, 300)).toBe(200);
    }
    const order = (await call(server, 'GET', `/api/workrequests/${wr._id}`)).body;
    expect(order.translation._id).toBe(tracks[0]);
  });
});

describe('assignment: one translator per work request, and only they see it', () => {
  it('a translation PUT cannot hand one track to another translator (400, nothing stored); its own translator is kept', async () => {
    const wr = (await place({ ...template, assignee: ids.tomas })).body;
    const graphicsId = wr.graphicsTranslation?._id as string;
    expect(graphicsId).toBeTruthy();
    const before = await fingerprint();
    const split = await call(server, 'PUT', `/api/translations/${graphicsId}`, {
      body: { translator: { _id: ids.margaux, name: 'Margaux' } },
    });
    expect(split.status).toBe(400);
    expect(split.body.error.message).toBe(
      `translator: a work request's translations are assigned together: PUT /api/workrequests/${wr._id} with {"assignee": "<user id>"}`,
    );
    expect(await fingerprint()).toEqual(before);
    expect((await call(server, 'GET', `/api/translations/${graphicsId}`, { as: MARGAUX })).status).toBe(404);
    // The record sent back as read (the spec's whole-record PUT) keeps the stored translator, whatever name it says.
    const read = (await call(server, 'GET', `/api/translations/${graphicsId}`)).body;
    const echo = await call(server, 'PUT', `/api/translations/${graphicsId}`, {
      body: { translator: { ...read.translator, name: 'Someone Else' } },
    });
    expect(echo.status, JSON.stringify(echo.body)).toBe(200);
    expect(echo.body.translator).toEqual(read.translator);
    // Assigning the work request moves both tracks: the new translator sees the order, both translations, its lists.
    expect((await call(server, 'PUT', `/api/workrequests/${wr._id}`, { body: { assignee: ids.margaux } })).status).toBe(
      200,
    );
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: MARGAUX })).status).toBe(200);
    for (const t of [wr.translation._id, graphicsId])
      expect((await call(server, 'GET', `/api/translations/${t}`, { as: MARGAUX })).status).toBe(200);
    expect(await listedFor(MARGAUX)).toContain(wr._id);
    expect(await listedFor(MARGAUX, 'sort=due')).toContain(wr._id);
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: DEMO.translator })).status).toBe(404);
  });

  it('an order of graphics only is seen and listed by its translator', async () => {
    const res = await place({ ...template, dng: { graphics: ['localized-graphics'] }, assignee: ids.margaux });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.translation.kind).toBe('graphics');
    expect(await listedFor(MARGAUX)).toContain(res.body._id);
    expect((await call(server, 'GET', `/api/workrequests/${res.body._id}`, { as: MARGAUX })).status).toBe(200);
    const comments = await call(server, 'GET', `/api/comments?workRequest=${res.body._id}`, { as: MARGAUX });
    expect(comments.status).toBe(200);
  });

  it('a translator unassigned by a change is not sent the changed order (wr-changed goes to those who see it)', async () => {
    const wr = (await place({ ...template, assignee: ids.tomas })).body;
    const res = await call(server, 'PUT', `/api/workrequests/${wr._id}`, {
      body: { assignee: ids.margaux, instructions: 'New secret instructions' },
    });
    expect(res.status).toBe(200);
    expect((await call(server, 'GET', `/api/workrequests/${wr._id}`, { as: DEMO.translator })).status).toBe(404);
    expect(await inboxAbout(DEMO.translator, 'wr-changed', wr._id)).toHaveLength(0);
    expect(await inboxAbout(MARGAUX, 'wr-changed', wr._id)).toHaveLength(1);
    expect(await inboxAbout(MARGAUX, 'wr-assigned', wr._id)).toHaveLength(1);
  });
});

describe('concurrent changes of one order', () => {
  it('two assignments at once: both answered, one history entry each, the last one holds everywhere', async () => {
    const wr = (await place()).body;
    const [a, b] = await Promise.all(
      [ids.tomas, ids.margaux].map((assignee) =>
        call(server, 'PUT', `/api/workrequests/${wr._id}`, { body: { assignee } }),
      ),
    );
    expect([a?.status, b?.status]).toEqual([200, 200]);
    const now = (await call(server, 'GET', `/api/workrequests/${wr._id}`)).body;
    const assignments = now.history.filter((h: Rec) => h.changes?.some((c: Rec) => c.field === 'assignee'));
    expect(assignments).toHaveLength(2);
    const last = assignments.at(-1).changes[0].to._id as string;
    expect(assignments[0].changes[0].from).toBeNull();
    expect(assignments[1].changes[0].from._id).toBe(assignments[0].changes[0].to._id);
    expect(now.translation.translator._id).toBe(last);
    expect(now.graphicsTranslation.translator._id).toBe(last);
    expect(await listedFor(last === ids.tomas ? DEMO.translator : MARGAUX)).toContain(wr._id);
  });

  it('two different fields at once without If-Match: both kept; with the same If-Match: one 200, one 409', async () => {
    const placed = await place();
    const id = placed.body._id as string;
    const [a, b] = await Promise.all([
      call(server, 'PUT', `/api/workrequests/${id}`, { body: { instructions: 'Both changes stay' } }),
      call(server, 'PUT', `/api/workrequests/${id}`, { body: { tags: ['both'] } }),
    ]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    const now = await call(server, 'GET', `/api/workrequests/${id}`);
    expect(now.body).toMatchObject({ instructions: 'Both changes stay', tags: ['both'] });
    const etag = now.headers.get('etag')!;
    const raced = await Promise.all(
      ['one', 'two'].map((tag) =>
        call(server, 'PUT', `/api/workrequests/${id}`, { body: { tags: [tag] }, headers: { 'If-Match': etag } }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await call(server, 'GET', `/api/workrequests/${id}`)).body.history).toHaveLength(
      now.body.history.length + 1,
    );
  });
});

describe('moves keep the lines', () => {
  it('into review and back: the translations keep every line, the summaries their counts', async () => {
    const wr = (await place({ ...template, assignee: ids.tomas })).body;
    const lines = wr.translation.lines.length as number;
    for (const [status, as] of [
      ['in-progress', DEMO.coordinator],
      ['for-review', DEMO.translator],
      ['in-progress', DEMO.coordinator],
    ] as const) {
      const res = await call(server, 'PUT', `/api/workrequests/${wr._id}`, { as, body: { status, reason: 'step' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const now = (await call(server, 'GET', `/api/workrequests/${wr._id}`)).body;
    expect(now.translation).toMatchObject({ status: 'incomplete', approval: false, lineCount: lines });
    expect(now.translation.lines).toHaveLength(lines);
    const row = (await call(server, 'GET', `/api/workrequests?assignee=${ids.tomas}&sort=-created`)).body.find(
      (w: Rec) => w._id === wr._id,
    );
    expect(row.translation).toMatchObject({ status: 'incomplete', lineCount: lines });
  });
});

describe('dates and assignees a careless client sends', () => {
  it('a date past the year 9999, a due date changed into the past, a deadline set before the due date: 400s', async () => {
    const far = await place({ ...template, due: { date: 1e15, tz: 'UTC' } });
    expect(far.status).toBe(400);
    expect(far.body.error.message).toBe('due.date: expected a date before the year 10000');
    const id = (await place()).body._id as string;
    const before = await fingerprint();
    const past = await call(server, 'PUT', `/api/workrequests/${id}`, { body: { due: { date: 1000, tz: 'UTC' } } });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('due.date: the due date is in the past');
    const deadline = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { deliveryDeadline: { date: inDays(2), tz: 'UTC' } },
    });
    expect(deadline.status).toBe(400);
    expect(deadline.body.error.message).toBe('deliveryDeadline.date: the delivery deadline is before the due date');
    expect(await fingerprint()).toEqual(before);
    const both = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { due: { date: inDays(3), tz: 'UTC' }, deliveryDeadline: { date: inDays(4), tz: 'UTC' } },
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
  });

  it('a disabled user is not assigned (400), on placing or changing an order', async () => {
    const admin = DEMO.admin;
    const user = (await call(server, 'GET', `/api/users/${ids.margaux}`, { as: admin })).body;
    const disable = await call(server, 'PUT', `/api/users/${ids.margaux}`, {
      as: admin,
      body: { status: { ...user.status, approved: false } },
    });
    expect(disable.status, JSON.stringify(disable.body)).toBe(200);
    try {
      const placed = await place({ ...template, assignee: ids.margaux });
      expect(placed.status).toBe(400);
      expect(placed.body.error.message).toMatch(/^assignee: .+ has a disabled account$/);
      const id = (await place()).body._id as string;
      const assigned = await call(server, 'PUT', `/api/workrequests/${id}`, { body: { assignee: ids.margaux } });
      expect(assigned.status).toBe(400);
      expect(assigned.body.error.message).toMatch(/^assignee: .+ has a disabled account$/);
    } finally {
      await call(server, 'PUT', `/api/users/${ids.margaux}`, { as: admin, body: { status: user.status } });
    }
  });
});

describe('requesters do not act for the studio', () => {
  it("a requester's checklist says what arrived, never what the studio approved", async () => {
    const placed = await place({ ...template, materials: [{ name: 'Dialogue list', approved: true }] }, PRIYA);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.materials[0]).toMatchObject({ name: 'Dialogue list', approved: false });
    const id = placed.body._id as string;
    const selfApproved = await call(server, 'PUT', `/api/workrequests/${id}`, {
      as: PRIYA,
      body: { materials: [{ name: 'Dialogue list', complete: true, approved: true }] },
    });
    expect(selfApproved.status).toBe(200);
    expect(selfApproved.body.materials).toEqual([
      { name: 'Dialogue list', complete: true, approved: false, files: [] },
    ]);
    const approved = await call(server, 'PUT', `/api/workrequests/${id}`, {
      body: { materials: [{ name: 'Dialogue list', complete: true, approved: true }] },
    });
    expect(approved.body.materials[0].approved).toBe(true);
    const resent = await call(server, 'PUT', `/api/workrequests/${id}`, {
      as: PRIYA,
      body: {
        materials: [
          { name: 'Dialogue list', complete: true },
          { name: 'Textless', approved: true },
        ],
      },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.materials.map((m: Rec) => [m.name, m.approved])).toEqual([
      ['Dialogue list', true],
      ['Textless', false],
    ]);
  });
});
