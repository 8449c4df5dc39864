/**
 * Submitting a translation (docs/API.md, "Submitting a translation") against the real server: untranslated lines
 * (counted by the server) or errors (counted by the editor, per rule) need a reason, else a 400 that changes nothing;
 * the note and reason are kept on the translation and told in the work request's history; a clean submit needs none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';
import { orderLike } from '../support/orders';

let server: TestServer;

const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

let template: Rec;
let translatorId: string;

/** A new order in progress, assigned to the demo translator, with one dialogue translation: its id and the order's. */
async function translationInProgress(): Promise<{ order: string; translation: Rec; etag: string }> {
  const placed = await call(server, 'POST', '/api/workrequests', { as: PRIYA, body: template });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order: string = placed.body._id;
  for (const body of [{ assignee: translatorId }, { status: 'in-progress', reason: 'test: start' }]) {
    const res = await call(server, 'PUT', `/api/workrequests/${order}`, { as: DEMO.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const wr = (await call(server, 'GET', `/api/workrequests/${order}`, { as: DEMO.admin })).body;
  const got = await call(server, 'GET', `/api/translations/${wr.translation._id}`, { as: DEMO.translator });
  return { order, translation: got.body, etag: got.headers.get('etag')! };
}

const submit = (id: string, body: Rec) =>
  call(server, 'PUT', `/api/translations/${id}`, { as: DEMO.translator, body: { status: 'submitted', ...body } });

const orderOf = async (id: string) => (await call(server, 'GET', `/api/workrequests/${id}`, { as: DEMO.admin })).body;

beforeAll(async () => {
  server = await startServer();
  translatorId = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body._id;
  const list = await call(server, 'GET', '/api/workrequests?sort=-created', {
    as: PRIYA,
    headers: { 'X-Range': 'resources=0-0' },
  });
  const wr = list.body[0];
  template = orderLike(wr, { dialogue: ['subtitles'] }, 'Submit test order');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('submitting a translation', () => {
  it('with untranslated lines and no reason is a 400 naming them, and nothing changes', async () => {
    const { order, translation } = await translationInProgress();
    const empty = (translation.lines as Rec[]).length;
    expect(empty).toBeGreaterThan(0);
    for (const body of [{}, { submission: { note: 'Please check line 3' } }, { submission: { reason: '   ' } }]) {
      const res = await submit(translation._id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'bad_request',
        message: `submission.reason: required when submitting with ${empty} untranslated lines: say why, for the reviewer`,
        details: [{ path: 'submission.reason' }],
      });
    }
    const after = (await call(server, 'GET', `/api/translations/${translation._id}`, { as: DEMO.translator })).body;
    expect(after.status).toBe('incomplete');
    expect(after.submission).toBeUndefined();
    expect((await orderOf(order)).status).toBe('in-progress');
  });

  it('with errors the editor counted and no reason is a 400, even when every line is translated', async () => {
    const { translation, etag } = await translationInProgress();
    const lines = (translation.lines as Rec[]).map((l, i) => ({ ...l, text: `Ligne ${i + 1}`, custom: true }));
    const saved = await call(server, 'PUT', `/api/translations/${translation._id}`, {
      as: DEMO.translator,
      body: { lines },
      headers: { 'If-Match': etag },
    });
    expect(saved.status).toBe(200);
    const res = await submit(translation._id, { submission: { errors: { readingSpeed: 2, glossary: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'submission.reason: required when submitting with 3 errors: say why, for the reviewer',
    );
    for (const errors of [{ glossary: -1 }, { glossary: 1.5 }, { glossary: '2' }, ['glossary']]) {
      const bad = await submit(translation._id, { submission: { errors, reason: 'x' } });
      expect(bad.status, JSON.stringify(errors)).toBe(400);
    }
    const unknown = await submit(translation._id, { submission: { reason: 'x', reviewer: 'me' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('submission.reviewer');
    const long = await submit(translation._id, { submission: { reason: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
  });

  it('with a reason: kept on the translation, told in the order’s history with the note', async () => {
    const { order, translation } = await translationInProgress();
    const empty = (translation.lines as Rec[]).length;
    const res = await submit(translation._id, {
      submission: {
        reason: 'The last reel is not delivered yet',
        note: 'Names follow the bible',
        errors: { glossary: 2 },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.submission).toMatchObject({
      reason: 'The last reel is not delivered yet',
      note: 'Names follow the bible',
      errors: { glossary: 2 },
      untranslated: empty,
      user: { _id: translatorId },
    });
    const wr = await orderOf(order);
    expect(wr.status).toBe('for-review');
    expect(wr.history.at(-1)).toMatchObject({
      status: 'for-review',
      reason: `Translation submitted with ${empty} untranslated lines, 2 errors. Reason: The last reel is not delivered yet. Note: Names follow the bible`,
      user: { _id: translatorId },
    });
  });

  it('clean: no reason needed, a note optional; a submission outside a submit is a 400', async () => {
    const { order, translation, etag } = await translationInProgress();
    const lines = (translation.lines as Rec[]).map((l, i) => ({ ...l, text: `Ligne ${i + 1}`, custom: true }));
    const stray = await call(server, 'PUT', `/api/translations/${translation._id}`, {
      as: DEMO.translator,
      body: { lines, submission: { note: 'hello' } },
      headers: { 'If-Match': etag },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.error.message).toContain('submission');
    const saved = await call(server, 'PUT', `/api/translations/${translation._id}`, {
      as: DEMO.translator,
      body: { lines },
      headers: { 'If-Match': etag },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await submit(translation._id, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.submission).toMatchObject({ untranslated: 0, errors: {} });
    expect((await orderOf(order)).history.at(-1)).toMatchObject({
      status: 'for-review',
      reason: 'Translation submitted',
    });
  });
});
