/**
 * The review loop against the real server (docs/API.md "Review notes", "Verdicts", "Review rounds"): notes pinned to
 * a line and a time, who may note, see and resolve them; a send back or rejection needs a reason (else a 400 that
 * changes nothing) and names the notes to address; the client's approve / reject per the workflow table; each submit
 * kept as a round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, ROLE_ACCOUNTS, type Account, type TestServer } from '../support/server';
import { orderLike } from '../support/orders';

let server: TestServer;

const CLIENT = ROLE_ACCOUNTS.client;
/** A client of the other studio, a coordinator of the other studio, a translator of other jobs. */
const OTHER_CLIENT: Account = { username: 'diego.alvarez@harborlane.test', password: 'demo-password' };
const OTHER_COORDINATOR = ROLE_ACCOUNTS.sam;
const OTHER_TRANSLATOR: Account = { username: 'margaux.lefevre@lumen-subs.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

let template: Rec;
let translatorId: string;

const get = async (path: string, as: Account = DEMO.admin) => (await call(server, 'GET', `/api${path}`, { as })).body;

/** A new order of the client, assigned to the demo translator, its lines translated and submitted: under review. */
async function orderForReview(
  kind: 'dialogue' | 'graphics' = 'dialogue',
): Promise<{ order: string; translation: string }> {
  const body = kind === 'graphics' ? await graphicsTemplate() : template;
  const placed = await call(server, 'POST', '/api/workrequests', { as: CLIENT, body });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order: string = placed.body._id;
  for (const body of [{ assignee: translatorId }, { status: 'in-progress', reason: 'test: start' }]) {
    const res = await call(server, 'PUT', `/api/workrequests/${order}`, { as: DEMO.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  // With graphics, both translations (dialogue and the graphics cards) are translated and submitted.
  const wr = await get(`/workrequests/${order}`);
  const ids: string[] = kind === 'graphics' ? [wr.translation._id, wr.graphicsTranslation._id] : [wr.translation._id];
  for (const id of ids) {
    await editLines(id, (l, i) => `Ligne ${i + 1}`);
    const submitted = await call(server, 'PUT', `/api/translations/${id}`, {
      as: DEMO.translator,
      body: { status: 'submitted', submission: { note: 'First round' } },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  }
  const id = ids.at(-1)!;
  expect((await get(`/workrequests/${order}`)).status).toBe('for-review');
  return { order, translation: id };
}

/** An order like one of the client's whose asset has graphics: dialogue and graphics cards (two translations). */
async function graphicsTemplate(): Promise<Rec> {
  const list = await call(server, 'GET', '/api/workrequests?sort=-created', {
    as: CLIENT,
    headers: { 'X-Range': 'resources=0-199' },
  });
  const withGraphics = (list.body as Rec[]).find((w) => w.graphicsTranslation);
  if (!withGraphics) throw new Error('the demo data has no order of the client with graphics');
  return orderLike(
    withGraphics,
    { dialogue: ['subtitles'], narration: [], graphics: ['subtitles'] },
    'Graphics review',
  );
}

async function editLines(id: string, text: (l: Rec, i: number) => string) {
  const got = await call(server, 'GET', `/api/translations/${id}`, { as: DEMO.translator });
  const lines = (got.body.lines as Rec[]).map((l, i) => ({ ...l, text: text(l, i), custom: true }));
  const saved = await call(server, 'PUT', `/api/translations/${id}`, {
    as: DEMO.translator,
    body: { lines },
    headers: { 'If-Match': got.headers.get('etag')! },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const note = (order: string, translation: string, fields: Rec = {}, as: Account = DEMO.coordinator) =>
  call(server, 'POST', '/api/comments', {
    as,
    body: { workRequest: order, translation, line: 2, time: 4.04, category: 'timing', body: 'Too early', ...fields },
  });

const move = (order: string, body: Rec, as: Account = DEMO.coordinator) =>
  call(server, 'PUT', `/api/workrequests/${order}`, { as, body });

beforeAll(async () => {
  server = await startServer();
  translatorId = (await get('/users/me', DEMO.translator))._id;
  const list = await call(server, 'GET', '/api/workrequests?sort=-created', {
    as: CLIENT,
    headers: { 'X-Range': 'resources=0-0' },
  });
  template = orderLike(list.body[0], { dialogue: ['subtitles'] }, 'Review test order');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('review notes', () => {
  it('pin a line and a time; the reviewers note, the job’s translator and reviewers see them, others do not', async () => {
    const { order, translation } = await orderForReview();
    const made = await note(order, translation, { suggestion: ' Trop tôt ' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      translation,
      line: 2,
      time: 4.04,
      category: 'timing',
      suggestion: 'Trop tôt',
      lineText: 'Ligne 2',
      round: 1,
    });
    const byClient = await note(order, translation, { line: 1, time: 1.5, category: 'style' }, CLIENT);
    expect(byClient.status, JSON.stringify(byClient.body)).toBe(200);

    // The translator answers notes, never makes them; people outside the job are not told the order exists.
    expect((await note(order, translation, {}, DEMO.translator)).status).toBe(403);
    for (const outsider of [OTHER_TRANSLATOR, OTHER_CLIENT, OTHER_COORDINATOR])
      expect((await note(order, translation, {}, outsider)).status).toBe(404);

    for (const who of [DEMO.translator, CLIENT, DEMO.coordinator]) {
      const seen = await call(server, 'GET', `/api/comments?workRequest=${order}`, { as: who });
      expect(seen.status).toBe(200);
      expect((seen.body as Rec[]).map((c) => c._id).sort()).toEqual([made.body._id, byClient.body._id].sort());
    }
    for (const outsider of [OTHER_TRANSLATOR, OTHER_CLIENT, OTHER_COORDINATOR])
      expect((await call(server, 'GET', `/api/comments?workRequest=${order}`, { as: outsider })).status).toBe(404);
  });

  it('bad notes are a 400 naming the field, and nothing is stored', async () => {
    const { order, translation } = await orderForReview();
    const other = await orderForReview();
    const cases: [Rec, string][] = [
      [{ line: 9999 }, 'line'],
      [{ category: 'mood' }, 'category'],
      [{ time: -1 }, 'time'],
      [{ line: undefined }, 'line'],
      [{ translation: other.translation }, 'translation'],
    ];
    for (const [fields, path] of cases) {
      const res = await note(order, translation, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(res.body.error), JSON.stringify(fields)).toContain(path);
    }
    const stray = await call(server, 'POST', '/api/comments', {
      body: { workRequest: order, body: 'x', line: 2 },
    });
    expect(stray.status).toBe(400);
    expect(await get(`/comments?workRequest=${order}`)).toEqual([]);
  });
});

describe('verdicts', () => {
  it('a send back without a reason is a 400 and changes nothing, on the order and on the translation', async () => {
    const { order, translation } = await orderForReview();
    const before = await get(`/workrequests/${order}`);
    for (const reason of ['', '   ']) expect((await move(order, { status: 'in-progress', reason })).status).toBe(400);
    expect((await move(order, { status: 'in-progress' })).status).toBe(400);
    for (const body of [{ status: 'incomplete' }, { status: 'incomplete', verdict: { reason: '  ' } }]) {
      const res = await call(server, 'PUT', `/api/translations/${translation}`, { body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.message).toContain('reason');
    }
    const after = await get(`/workrequests/${order}`);
    expect(after.status).toBe('for-review');
    expect(after.history).toEqual(before.history);
    expect((await get(`/translations/${translation}`)).status).toBe('submitted');
  });

  it('send back names the notes to address: in the history, on the translation; other orders’ notes are a 400', async () => {
    const { order, translation } = await orderForReview();
    const other = await orderForReview();
    const mine = (await note(order, translation)).body._id as string;
    const theirs = (await note(other.order, other.translation)).body._id as string;
    const wrong = await move(order, { status: 'in-progress', reason: 'Fix the timing', notes: [theirs] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('notes');
    expect((await get(`/workrequests/${order}`)).status).toBe('for-review');

    const sent = await move(order, { status: 'in-progress', reason: 'Fix the timing', notes: [mine] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.history.at(-1)).toMatchObject({ status: 'in-progress', reason: 'Fix the timing', notes: [mine] });
    const t = await get(`/translations/${translation}`, DEMO.translator);
    expect(t.status).toBe('incomplete');
    expect(t.verdict).toMatchObject({ reason: 'Fix the timing', notes: [mine] });
  });

  it('the translator’s inbox notification of a send back lists exactly the notes picked, with their line and text', async () => {
    const { order, translation } = await orderForReview();
    const picked = [
      (await note(order, translation, { line: 3, body: 'Too long for one line' })).body._id as string,
      (await note(order, translation, { line: 1, body: 'Name misspelt' })).body._id as string,
    ];
    const left = (await note(order, translation, { line: 2, body: 'Not this one' })).body._id as string;
    expect(left).toBeDefined();
    const sent = await move(order, { status: 'in-progress', reason: 'Two fixes', notes: picked });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const inbox = await call(server, 'GET', '/api/notifications?type=wr-status', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    const about = (inbox.body as Rec[]).filter((n) => n.event?.workRequest?._id === order);
    const told = about.filter((n) => n.event.workRequest.reason === 'Two fixes');
    expect(told).toHaveLength(1);
    expect(told[0]!.event.verdict).toEqual({
      reason: 'Two fixes',
      notes: [
        expect.objectContaining({ _id: picked[0], line: 3, body: 'Too long for one line' }),
        expect.objectContaining({ _id: picked[1], line: 1, body: 'Name misspelt' }),
      ],
    });
    // A move that is no verdict (the order started) embeds none.
    const started = about.filter((n) => n.event.workRequest.reason === 'test: start');
    expect(started).toHaveLength(1);
    expect(started[0]!.event.verdict).toBeUndefined();
  });

  it('a translation sent back alone carries its verdict into the order’s history', async () => {
    const { order, translation } = await orderForReview();
    const n = (await note(order, translation)).body._id as string;
    const res = await call(server, 'PUT', `/api/translations/${translation}`, {
      body: { status: 'incomplete', verdict: { reason: 'Line 2 is early', notes: [n] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.verdict).toMatchObject({ reason: 'Line 2 is early', notes: [n] });
    const wr = await get(`/workrequests/${order}`);
    expect(wr.status).toBe('in-progress');
    expect(wr.history.at(-1)).toMatchObject({
      reason: 'Translation sent back for changes. Reason: Line 2 is early',
      notes: [n],
    });
    // The translator's inbox lists the note to address, as for a send back of the whole order.
    const inbox = await call(server, 'GET', '/api/notifications?type=wr-status', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    const told = (inbox.body as Rec[]).filter(
      (x) => x.event?.workRequest?._id === order && x.event.verdict?.reason === 'Line 2 is early',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.event.verdict.notes).toEqual([expect.objectContaining({ _id: n })]);
  });

  it('the client approves or rejects their order under review (with a reason); others may not', async () => {
    const a = await orderForReview();
    expect((await move(a.order, { status: 'approved', reason: 'Looks good' }, DEMO.translator)).status).toBe(403);
    expect((await move(a.order, { status: 'approved', reason: 'Looks good' }, OTHER_CLIENT)).status).toBe(404);
    const approved = await move(a.order, { status: 'approved', reason: 'Looks good' }, CLIENT);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await get(`/translations/${a.translation}`)).approval).toBe(true);

    const b = await orderForReview();
    expect((await move(b.order, { status: 'rejected', reason: ' ' }, CLIENT)).status).toBe(400);
    const rejected = await move(b.order, { status: 'rejected', reason: 'Wrong dialect' }, CLIENT);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.history.at(-1)).toMatchObject({ status: 'rejected', reason: 'Wrong dialect' });
    // The client may not send it back to work: that move stays the studio's.
    expect((await move(b.order, { status: 'in-progress', reason: 'Again' }, CLIENT)).status).toBe(403);
    // The studio reworks it: the translation opens again for the translator.
    expect((await move(b.order, { status: 'in-progress', reason: 'Rework in Castilian' })).status).toBe(200);
    expect((await get(`/translations/${b.translation}`)).status).toBe('incomplete');
  });
});

describe('resolving notes and rounds', () => {
  it('the translator resolves with a change or a reply; the reviewer sees the rounds’ lines', async () => {
    const { order, translation } = await orderForReview();
    const timing = (await note(order, translation)).body._id as string;
    const style = (await note(order, translation, { line: 1, category: 'style' })).body._id as string;
    const resolve = (id: string, body: Rec, as: Account = DEMO.translator) =>
      call(server, 'PUT', `/api/comments/${id}/resolution`, { as, body });

    // While submitted, the notes wait for the send back.
    expect((await resolve(style, { reply: 'Kept' })).status).toBe(409);
    expect((await move(order, { status: 'in-progress', reason: 'See notes', notes: [timing, style] })).status).toBe(
      200,
    );
    expect((await resolve(timing, { change: true })).status).toBe(400); // the line is unchanged yet
    expect((await resolve(timing, {})).status).toBe(400);
    expect((await resolve(timing, { reply: 'x' }, OTHER_TRANSLATOR)).status).toBe(404);

    await editLines(translation, (l, i) => (i === 1 ? 'Ligne deux, plus tard' : `Ligne ${i + 1}`));
    const changed = await resolve(timing, { change: true, reply: 'Moved' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.resolution).toMatchObject({
      reply: 'Moved',
      change: { before: 'Ligne 2', after: 'Ligne deux, plus tard' },
      user: { _id: translatorId },
    });
    const replied = await resolve(style, { reply: 'The style guide asks for this' });
    expect(replied.status).toBe(200);
    // Reopening is the reviewers'.
    expect((await call(server, 'DELETE', `/api/comments/${style}/resolution`, { as: DEMO.translator })).status).toBe(
      403,
    );

    const resubmitted = await call(server, 'PUT', `/api/translations/${translation}`, {
      as: DEMO.translator,
      body: { status: 'submitted', submission: { note: 'Timing fixed' } },
    });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body.rounds).toBe(2);

    const rounds = await call(server, 'GET', `/api/translations/${translation}/rounds`, { as: CLIENT });
    expect(rounds.status).toBe(200);
    expect((rounds.body as Rec[]).map((r) => [r.round, r.summary, r.lines])).toEqual([
      [1, 'First round', undefined],
      [2, 'Timing fixed', undefined],
    ]);
    const first = await get(`/translations/${translation}/rounds/1`, CLIENT);
    const second = await get(`/translations/${translation}/rounds/2`, CLIENT);
    expect(first.lines[1].text).toBe('Ligne 2');
    expect(second.lines[1].text).toBe('Ligne deux, plus tard');
    for (const outsider of [OTHER_CLIENT, OTHER_TRANSLATOR, OTHER_COORDINATOR])
      expect((await call(server, 'GET', `/api/translations/${translation}/rounds`, { as: outsider })).status).toBe(404);
    expect((await call(server, 'GET', `/api/translations/${translation}/rounds/3`, { as: CLIENT })).status).toBe(404);

    const reopened = await call(server, 'DELETE', `/api/comments/${style}/resolution`, { as: CLIENT });
    expect(reopened.status).toBe(200);
    expect(reopened.body.resolution).toBeUndefined();
  });
});

describe('notes on graphics cards', () => {
  it('a reviewer pins a note on a card of the graphics translation; listed, sent back and answered like a line', async () => {
    const { order, translation } = await orderForReview('graphics');
    expect((await get(`/workrequests/${order}`)).graphicsTranslation._id).toBe(translation);
    // The client and the studio pin notes on cards; the translator may not; a card it does not have is a 400.
    const card = await note(order, translation, { line: 1, category: 'translation', body: 'Title card: keep the pun' });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body).toMatchObject({ translation, line: 1, lineText: 'Ligne 1', round: 1 });
    const byClient = await note(order, translation, { line: 2, body: 'Date card too small' }, CLIENT);
    expect(byClient.status, JSON.stringify(byClient.body)).toBe(200);
    expect((await note(order, translation, {}, DEMO.translator)).status).toBe(403);
    expect((await note(order, translation, { line: 9999 })).status).toBe(400);

    // Listed with the order's comments, for those who see the order.
    const listed = await call(server, 'GET', `/api/comments?workRequest=${order}`, { as: DEMO.translator });
    expect(
      (listed.body as Rec[])
        .filter((c) => c.translation === translation)
        .map((c) => c.line)
        .sort(),
    ).toEqual([1, 2]);
    expect((await call(server, 'GET', `/api/comments?workRequest=${order}`, { as: OTHER_TRANSLATOR })).status).toBe(
      404,
    );

    // Sent back naming the card's note; the translator changes the card and resolves it.
    const back = await move(order, { status: 'in-progress', reason: 'Cards', notes: [card.body._id] });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await editLines(translation, (l, i) => (i === 0 ? 'Titre, avec le jeu de mots' : `Ligne ${i + 1}`));
    const resolved = await call(server, 'PUT', `/api/comments/${card.body._id}/resolution`, {
      as: DEMO.translator,
      body: { change: true },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.resolution.change).toEqual({ before: 'Ligne 1', after: 'Titre, avec le jeu de mots' });
  });
});

describe('rounds retention', () => {
  it('keeps the lines of the first and the last five rounds; older rounds keep their facts, lines pruned', async () => {
    const { order, translation } = await orderForReview();
    const submit = async (n: number) => {
      const res = await call(server, 'PUT', `/api/translations/${translation}`, {
        as: DEMO.translator,
        body: { status: 'submitted', submission: { note: `Round ${n}` } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.rounds).toBe(n);
    };
    // Rounds 2 to 7, each sent back first and its first line changed.
    for (let n = 2; n <= 7; n++) {
      const back = await move(order, { status: 'in-progress', reason: `Again ${n}` });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      await editLines(translation, (l, i) => (i === 0 ? `Ligne 1, version ${n}` : `Ligne ${i + 1}`));
      await submit(n);
    }
    const listed = (await get(`/translations/${translation}/rounds`, CLIENT)) as Rec[];
    expect(listed.map((r) => [r.round, r.summary, r.linesPruned ?? false])).toEqual([
      [1, 'First round', false],
      [2, 'Round 2', true],
      [3, 'Round 3', false],
      [4, 'Round 4', false],
      [5, 'Round 5', false],
      [6, 'Round 6', false],
      [7, 'Round 7', false],
    ]);
    const pruned = await get(`/translations/${translation}/rounds/2`, CLIENT);
    expect(pruned).toMatchObject({ round: 2, summary: 'Round 2', linesPruned: true, user: { _id: translatorId } });
    expect(pruned.lines).toBeUndefined();
    expect((await get(`/translations/${translation}/rounds/1`, CLIENT)).lines[0].text).toBe('Ligne 1');
    expect((await get(`/translations/${translation}/rounds/3`, CLIENT)).lines[0].text).toBe('Ligne 1, version 3');
    expect((await get(`/translations/${translation}/rounds/7`, CLIENT)).lines[0].text).toBe('Ligne 1, version 7');
  });
});
