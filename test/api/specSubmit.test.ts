/**
 * Submit judged by the order's delivery specification, and accepted problems (docs/API.md "Delivery
 * specifications", "Accepted problems"): the server counts the errors of the shared rules itself, by the spec the
 * order names; a problem the translator accepted with a reason is kept, read by the reviewer, and does not block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';
import { orderLike } from '../support/orders';
import { DEMO_SPEC_NAMES } from '../../server/seed/specs';

let server: TestServer;
const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records are read as JSON; the tests name the fields they read
type Rec = Record<string, any>;
let template: Rec;
let translatorId: string;
let specs: Rec[];

const FORTY = 'A line of exactly forty characters, see?';

/**
 * A new order (like `base`, placed by `as`) naming `specName` (or none), in progress for the demo translator, its
 * lines translated, line 1 forty long.
 */
async function translated(specName: string | undefined, base = template, as = PRIYA): Promise<Rec> {
  const spec = specs.find((s) => s.name === specName);
  const body = spec ? { ...base, spec: spec._id } : base;
  const placed = await call(server, 'POST', '/api/workrequests', { as, body });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  for (const body of [{ assignee: translatorId }, { status: 'in-progress', reason: 'test: start' }]) {
    const res = await call(server, 'PUT', `/api/workrequests/${placed.body._id}`, { as: DEMO.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const wr = (await call(server, 'GET', `/api/workrequests/${placed.body._id}`, { as: DEMO.admin })).body;
  const got = await call(server, 'GET', `/api/translations/${wr.translation._id}`, { as: DEMO.translator });
  const lines = (got.body.lines as Rec[]).map((l, i) => ({ ...l, text: i === 0 ? FORTY : 'Yes.' }));
  const saved = await call(server, 'PUT', `/api/translations/${wr.translation._id}`, {
    as: DEMO.translator,
    headers: { 'If-Match': got.headers.get('etag')! },
    body: { lines },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

const submit = (id: string, body: Rec = {}) =>
  call(server, 'PUT', `/api/translations/${id}`, { as: DEMO.translator, body: { status: 'submitted', ...body } });

beforeAll(async () => {
  server = await startServer();
  translatorId = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body._id;
  const list = await call(server, 'GET', '/api/workrequests?sort=-created', {
    as: PRIYA,
    headers: { 'X-Range': 'resources=0-0' },
  });
  template = orderLike(list.body[0], { dialogue: ['subtitles'] }, 'Spec submit test order');
  specs = (await call(server, 'GET', '/api/specs', { as: PRIYA, headers: { 'X-Range': 'resources=0-99' } })).body;
  specs = specs.filter((s) => s.studio === list.body[0].studio);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('submit judged by the order’s spec', () => {
  it('passes forty characters under the Netflix-style spec, and says which spec it judged by', async () => {
    const t = await translated(DEMO_SPEC_NAMES.netflix);
    // The editor's count of a shared rule is not taken: the server counts it itself.
    const res = await submit(t._id, { submission: { errors: { 'chars-per-line': 5 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.submission.errors).toEqual({});
    expect(res.body.submission.spec.name).toBe(DEMO_SPEC_NAMES.netflix);
  });

  it('counts them an error under the broadcast spec (37): a reason is needed, and nothing changes without', async () => {
    const t = await translated(DEMO_SPEC_NAMES.broadcast);
    const refused = await submit(t._id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('1 error');
    const after = await call(server, 'GET', `/api/translations/${t._id}`, { as: DEMO.translator });
    expect(after.body.status).not.toBe('submitted');
  });

  it('does not count a problem the translator accepted with a reason; the reviewer reads it; undo counts it again', async () => {
    const t = await translated(DEMO_SPEC_NAMES.broadcast);
    const url = `/api/translations/${t._id}/accepted`;
    const bad = await call(server, 'POST', url, { as: DEMO.translator, body: { line: 1, rule: 'chars-per-line' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('reason');
    expect((await call(server, 'GET', url, { as: DEMO.translator })).body).toEqual([]);
    const noLine = await call(server, 'POST', url, {
      as: DEMO.translator,
      body: { line: 99999, rule: 'chars-per-line', reason: 'x' },
    });
    expect(noLine.status).toBe(400);

    const accepted = await call(server, 'POST', url, {
      as: DEMO.translator,
      body: { line: 1, rule: 'chars-per-line', reason: 'A title card: the client wants it whole' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const seen = await call(server, 'GET', url, { as: DEMO.coordinator });
    expect(seen.body).toMatchObject([
      { line: 1, rule: 'chars-per-line', reason: 'A title card: the client wants it whole' },
    ]);
    expect((await call(server, 'GET', url, { as: PRIYA })).status).toBe(200);

    const undone = await call(server, 'DELETE', `${url}?line=1&rule=chars-per-line`, { as: DEMO.translator });
    expect(undone.status).toBe(200);
    expect((await submit(t._id)).status).toBe(400);
    await call(server, 'POST', url, {
      as: DEMO.translator,
      body: { line: 1, rule: 'chars-per-line', reason: 'A title card: the client wants it whole' },
    });
    const res = await submit(t._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.submission.errors).toEqual({});
    // Submitted: read-only for the translator, acceptances too.
    const late = await call(server, 'DELETE', `${url}?line=1&rule=chars-per-line`, { as: DEMO.translator });
    expect(late.status).toBe(403);
  });
});

describe('frame-based limits at the asset’s frame rate', () => {
  it('counts them at the rate of the asset’s video (the demo clips are 25 fps), not at 24 fps', async () => {
    const found = await call(server, 'GET', `/api/workrequests?q=${encodeURIComponent('TV Spot 30s')}`, {
      as: DEMO.admin,
      headers: { 'X-Range': 'resources=0-49' },
    });
    let clipOrder: Rec | undefined;
    for (const wr of (found.body as Rec[]).filter((w) => w.asset?.name === 'TV Spot 30s')) {
      const previews = await call(server, 'GET', `/api/previews?asset=${wr.asset._id}`, { as: DEMO.admin });
      if ((previews.body as Rec[]).some((p) => p.media?.frameRate === 25)) clipOrder = wr;
    }
    expect(clipOrder, 'an order of the demo clip with video').toBeDefined();
    const t = await translated(
      undefined,
      orderLike(clipOrder!, { dialogue: ['subtitles'] }, 'Clip frames'),
      DEMO.admin,
    );
    const res = await submit(t._id, { submission: { reason: 'test: whatever the lines have' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.submission.spec.frameRate).toBe(25);
  });

  it('counts at 24 fps when neither the asset’s media nor its record states a rate', async () => {
    const t = await translated(DEMO_SPEC_NAMES.netflix);
    const res = await submit(t._id, { submission: { reason: 'test: whatever the lines have' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.submission.spec.frameRate).toBe(24);
  });
});
