/**
 * The workflow (docs/API.md, "Workflow") against the real server: every role × every (from, to) status move. The
 * expected table is written out here, independently of src/api/schema/workflow.ts, so a change to the workflow
 * shows up as a failing cell. Each order is placed by a client (Priya: the requester), assigned by the admin to
 * the demo translator (Tomas), and brought to its starting status by the admin along allowed moves.
 *
 * A move the workflow lacks is a 409 for everyone; one it has for other roles is a 403; both name the moves the
 * caller may make and change nothing. Translations follow their work request, and a work request follows its
 * translations' submission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';
import { orderLike } from '../support/orders';

let server: TestServer;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const SAM: Account = { username: 'sam.okafor@harborlane.test', password: 'demo-password' };
const MARGAUX: Account = { username: 'margaux.lefevre@lumen-subs.test', password: 'demo-password' };

type Role = 'A' | 'C' | 'T' | 'R';
const ROLES: Record<Role, { name: string; as: Account }> = {
  A: { name: 'admin', as: DEMO.admin },
  C: { name: 'coordinator', as: DEMO.coordinator },
  T: { name: 'translator', as: DEMO.translator },
  R: { name: 'requester', as: PRIYA },
};

const COLUMNS = {
  inc: 'incomplete',
  sub: 'submitted',
  awm: 'awaiting-materials',
  inp: 'in-progress',
  frv: 'for-review',
  app: 'approved',
  rej: 'rejected',
  cmp: 'complete',
  can: 'cancelled',
} as const;
type Status = (typeof COLUMNS)[keyof typeof COLUMNS];

/** Who may make each move: A admin, C the studio's coordinator, T the assigned translator, R the requester. */
const TABLE = `
                     inc  sub  awm  inp  frv  app  rej  cmp  can
incomplete            =   ACR  AC    -    -    -    -    -   ACR
submitted            ACR   =   ACT  ACT   -    -   AC    -   ACR
awaiting-materials    -    -    =   ACT   -    -   AC    -   ACR
in-progress           -    -   ACT   =   ACT  AC    -   AC   AC
for-review            -    -    -   AC    =   ACR  ACR   -   AC
approved              -    -    -   AC    -    =    -   AC   AC
rejected             ACR   -    -   AC    -    -    =    -    -
complete              -    -    -   AC    -    -    -    =    -
cancelled            AC    -    -    -    -    -    -    -    =
`;

const STATUSES = Object.values(COLUMNS);
/** expected[from][to]: the roles that may, '-' nobody, '=' the same status. */
const expected: Record<string, Record<string, string>> = {};
for (const row of TABLE.trim().split('\n').slice(1)) {
  const [from, ...cells] = row.trim().split(/\s+/);
  expected[from!] = Object.fromEntries(STATUSES.map((to, i) => [to, cells[i]!]));
}

/** How the admin brings a fresh (submitted) order to each status, along allowed moves. */
const PATHS: Record<Status, Status[]> = {
  incomplete: ['incomplete'],
  submitted: [],
  'awaiting-materials': ['awaiting-materials'],
  'in-progress': ['in-progress'],
  'for-review': ['in-progress', 'for-review'],
  approved: ['in-progress', 'for-review', 'approved'],
  rejected: ['rejected'],
  complete: ['in-progress', 'complete'],
  cancelled: ['cancelled'],
};

const ids = {} as Record<Role, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record read as JSON; the tests name the fields they read
let template: Record<string, any>;

async function put(id: string, as: Account, body: unknown) {
  return call(server, 'PUT', `/api/workrequests/${id}`, { as, body });
}

/** A new order by Priya, assigned to Tomas, brought to `status` by the admin. */
async function orderIn(status: Status): Promise<string> {
  const placed = await call(server, 'POST', '/api/workrequests', { as: PRIYA, body: template });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id: string = placed.body._id;
  const assigned = await put(id, DEMO.admin, { assignee: ids.T });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  for (const step of PATHS[status]) {
    const res = await put(id, DEMO.admin, { status: step, reason: `setup: ${step}` });
    expect(res.status, `setup ${step}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  server = await startServer();
  for (const role of Object.keys(ROLES) as Role[])
    ids[role] = (await call(server, 'GET', '/api/users/me', { as: ROLES[role].as })).body._id;
  // An order like one of Priya's studio: its asset, language and territory.
  const list = await call(server, 'GET', '/api/workrequests?sort=-created', {
    as: PRIYA,
    headers: { 'X-Range': 'resources=0-0' },
  });
  const wr = list.body[0];
  template = orderLike(wr, { dialogue: ['subtitles'], graphics: ['localized-graphics'] }, 'Workflow test order');
});

afterAll(async () => {
  await server?.stop();
});

describe('every role × every move', () => {
  for (const from of STATUSES) {
    for (const role of Object.keys(ROLES) as Role[]) {
      it(`${ROLES[role].name} from ${from}`, async () => {
        const { as } = ROLES[role];
        const allowedHere = STATUSES.filter((to) => expected[from]![to]!.includes(role));
        // Refused moves: all on one order, which must not change.
        const refusedOn = await orderIn(from);
        const before = await call(server, 'GET', `/api/workrequests/${refusedOn}`, { as: DEMO.admin });
        for (const to of STATUSES.filter((s) => !allowedHere.includes(s))) {
          const cell = expected[from]![to]!;
          const res = await put(refusedOn, as, { status: to, reason: 'try' });
          const want = cell === '=' || cell === '-' ? 409 : 403;
          expect(res.status, `${ROLES[role].name}: ${from} -> ${to} (${cell})`).toBe(want);
          expect(res.body.error.code).toBe(want === 409 ? 'conflict' : 'forbidden');
          expect(res.body.error.details.allowed, `${from} -> ${to}: the moves left`).toEqual(allowedHere);
          expect(res.body.error.message).toContain(
            allowedHere.length ? allowedHere.map((s) => `"${s}"`).join(', ') : 'none',
          );
        }
        const after = await call(server, 'GET', `/api/workrequests/${refusedOn}`, { as: DEMO.admin });
        expect(after.body.status).toBe(from);
        expect(after.headers.get('etag'), 'refused moves store nothing').toBe(before.headers.get('etag'));
        // Allowed moves: each on a fresh order.
        for (const to of allowedHere) {
          const id = await orderIn(from);
          const res = await put(id, as, { status: to, reason: `${role}: ${from} -> ${to}` });
          expect(res.status, `${ROLES[role].name}: ${from} -> ${to}: ${JSON.stringify(res.body.error)}`).toBe(200);
          expect(res.body.status).toBe(to);
          expect(res.body.history.at(-1)).toMatchObject({ status: to, user: { _id: ids[role] } });
        }
      });
    }
  }
});

describe('outside the work request', () => {
  it('a coordinator of another studio and a translator not assigned do not see it (404)', async () => {
    const id = await orderIn('submitted');
    expect((await put(id, SAM, { status: 'in-progress', reason: 'x' })).status).toBe(404);
    expect((await put(id, MARGAUX, { status: 'in-progress', reason: 'x' })).status).toBe(404);
  });

  it('checks the body before the move: a status without its reason, an unknown status (400)', async () => {
    const id = await orderIn('submitted');
    const noReason = await put(id, DEMO.admin, { status: 'in-progress' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toMatch(/^reason:/);
    expect((await put(id, DEMO.admin, { status: 'done', reason: 'x' })).status).toBe(400);
    expect((await put(id, DEMO.admin, { status: 'in-progress', reason: '  ' })).status).toBe(400);
  });
});

describe('translations follow their work request, and the reverse', () => {
  const translationsOf = async (id: string) => {
    const wr = (await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body;
    return [wr.translation, wr.graphicsTranslation].filter(Boolean) as { _id: string; status: string }[];
  };

  it('for review submits the translations; changes requested opens them again; approved approves them', async () => {
    const id = await orderIn('in-progress');
    expect((await translationsOf(id)).map((t) => t.status)).not.toContain('submitted');
    await put(id, ROLES.T.as, { status: 'for-review', reason: 'done' });
    for (const t of await translationsOf(id)) expect(t.status).toBe('submitted');
    const back = await put(id, DEMO.coordinator, { status: 'in-progress', reason: 'fix line 3' });
    expect(back.status).toBe(200);
    for (const t of await translationsOf(id)) expect(t).toMatchObject({ status: 'incomplete', approval: false });
    await put(id, DEMO.coordinator, { status: 'for-review', reason: 'checked' });
    await put(id, DEMO.coordinator, { status: 'approved', reason: 'good' });
    for (const t of await translationsOf(id)) expect(t).toMatchObject({ status: 'submitted', approval: true });
  });

  it('the last translation submitted sends the order for review; one sent back reopens it', async () => {
    const id = await orderIn('in-progress');
    const tracks = await translationsOf(id);
    for (const [i, t] of tracks.entries()) {
      // Its lines are untranslated: a submit says why (docs/API.md "Submitting a translation").
      const res = await call(server, 'PUT', `/api/translations/${t._id}`, {
        as: DEMO.translator,
        body: { status: 'submitted', submission: { reason: 'Workflow test' } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const wr = (await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body;
      expect(wr.status).toBe(i === tracks.length - 1 ? 'for-review' : 'in-progress');
    }
    const wr = (await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body;
    expect(wr.history.at(-1)).toMatchObject({
      status: 'for-review',
      reason: expect.stringMatching(/^Translation submitted with \d+ untranslated lines?\. Reason: Workflow test$/),
      user: { _id: ids.T },
    });
    const sentBack = await call(server, 'PUT', `/api/translations/${tracks[0]!._id}`, {
      as: DEMO.coordinator,
      body: { status: 'incomplete', verdict: { reason: 'Names differ from the bible' } },
    });
    expect(sentBack.status).toBe(200);
    const reopened = (await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body;
    expect(reopened.status).toBe('in-progress');
    expect(reopened.history.at(-1)).toMatchObject({ status: 'in-progress', user: { _id: ids.C } });
    // The translator hears of it.
    const inbox = await call(server, 'GET', '/api/notifications?type=wr-status', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(inbox.body.some((n: { event: { workRequest: { _id: string } } }) => n.event.workRequest._id === id)).toBe(
      true,
    );
  });

  it('a translation is not submitted while its order is not in progress (409, nothing changes)', async () => {
    const id = await orderIn('awaiting-materials');
    const [t] = await translationsOf(id);
    const res = await call(server, 'PUT', `/api/translations/${t!._id}`, {
      as: DEMO.translator,
      body: { status: 'submitted' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('awaiting-materials');
    expect((await translationsOf(id))[0]!.status).toBe('incomplete');
    expect((await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body.status).toBe(
      'awaiting-materials',
    );
  });
});
