/**
 * Which fields a body may set (docs/API.md, "Writable fields"): on every write route a field the server owns is
 * ignored (when the record shows it) or refused, an unknown field is refused with a 400 naming it, and a refused
 * body changes nothing: the record reads back with the same ETag and the same content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type Call, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const first = { headers: { 'X-Range': 'resources=0-0' } };

type Rec = Record<string, unknown>;

/** The body without signed links (`path`), which are signed afresh at every read. */
function stable(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(stable);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body as Rec)
      .filter(([k]) => k !== 'path')
      .map(([k, v]) => [k, stable(v)]),
  );
}

/** Reads a record (ETag and content), runs the write, and checks the write's status and that nothing changed. */
async function expectUnchanged(
  read: () => Promise<Call>,
  write: () => Promise<Call>,
  status: number,
  refused: string[] = [],
) {
  const before = await read();
  expect(before.status).toBe(200);
  const res = await write();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (status === 400) {
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(refused));
    expect(res.body.error.message).toMatch(new RegExp(`^${refused[0]}: `));
  }
  const after = await read();
  expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  expect(stable(after.body)).toEqual(stable(before.body));
}

const get =
  (path: string, as: Account | null = DEMO.coordinator) =>
  () =>
    call(server, 'GET', path, { as });
const put =
  (path: string, body: unknown, as: Account | null = DEMO.coordinator) =>
  () =>
    call(server, 'PUT', path, { as, body });
const post =
  (path: string, body: unknown, as: Account | null = DEMO.coordinator) =>
  () =>
    call(server, 'POST', path, { as, body });

describe('users', () => {
  it('PUT /users/{own id} with passwordHash is a 400 (it was a 200 that broke every later request), and the user still signs in', async () => {
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    await expectUnchanged(
      get(`/api/users/${me._id}`, DEMO.translator),
      put(`/api/users/${me._id}`, { passwordHash: 12345 }, DEMO.translator),
      400,
      ['passwordHash'],
    );
    expect((await call(server, 'POST', '/api/session', { as: DEMO.translator, body: {} })).status).toBe(200);
    expect((await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).status).toBe(200);
    expect((await call(server, 'GET', '/api/workrequests', { as: DEMO.translator })).status).toBe(200);
  });

  it('refuses unknown fields and ignores the ones only admins set, on one own record', async () => {
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    const read = get(`/api/users/${me._id}`, DEMO.translator);
    await expectUnchanged(read, put(`/api/users/${me._id}`, { name: 'Renamed', isAdmin: true }, DEMO.translator), 400, [
      'isAdmin',
    ]);
    await expectUnchanged(
      read,
      put(`/api/users/${me._id}`, { groups: [], status: { approved: false }, emailNormal: 'x@y.z' }, DEMO.translator),
      200,
    );
  });

  it('admins cannot set passwordHash or the invitation code either, on update or create', async () => {
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    await expectUnchanged(
      get(`/api/users/${me._id}`, DEMO.admin),
      put('/api/users', { _id: me._id, passwordHash: 'x' }, DEMO.admin),
      400,
      ['passwordHash'],
    );
    const created = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { name: 'Hash Hacker', emailNormal: 'hash@example.com', passwordHash: 'x' },
    });
    expect(created.status).toBe(400);
    expect((await call(server, 'GET', '/api/users?q=hash@example.com', { as: DEMO.admin })).body).toEqual([]);
    const invited = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { name: 'Ivy Invited', emailNormal: 'ivy@example.com' },
    });
    const read = get(`/api/users/${invited.body._id}`, DEMO.admin);
    await expectUnchanged(
      read,
      put(`/api/users/${invited.body._id}`, { inviteCode: 'mine', inviteExpires: 1 }, DEMO.admin),
      200,
    );
    expect((await call(server, 'GET', `/api/invitations/${invited.body.inviteCode}`, { as: null })).status).toBe(200);
    await expectUnchanged(
      read,
      post(`/api/users/${invited.body._id}/invitation`, { inviteCode: 'mine' }, DEMO.admin),
      400,
      ['inviteCode'],
    );
    await expectUnchanged(
      read,
      post(
        `/api/invitations/${invited.body.inviteCode}`,
        { name: 'Ivy', password: 'long-enough-1', passwordHash: 'x' },
        null,
      ),
      400,
      ['passwordHash'],
    );
  });
});

describe('translations and work requests', () => {
  it('a translation ignores its counts and track and, from its translator, approval; refuses unknown fields', async () => {
    const t = (await call(server, 'GET', '/api/translations?status=incomplete', { as: DEMO.translator, ...first }))
      .body[0];
    const read = get(`/api/translations/${t._id}`, DEMO.translator);
    const wr = get(`/api/workrequests/${t.workRequest}`, DEMO.translator);
    await expectUnchanged(
      read,
      put(
        `/api/translations/${t._id}`,
        { lineCount: 1, translatedCount: 99, kind: 'graphics', asset: 'a'.repeat(24) },
        DEMO.translator,
      ),
      200,
    );
    await expectUnchanged(
      read,
      put(`/api/translations/${t._id}`, { approval: true, translator: { _id: 'b'.repeat(24) } }, DEMO.translator),
      200,
    );
    await expectUnchanged(
      wr,
      put(`/api/translations/${t._id}`, { lines: [], translationSummary: { lineCount: 0 } }, DEMO.translator),
      400,
      ['translationSummary'],
    );
    await expectUnchanged(read, put(`/api/translations/${t._id}`, { status: 'submitted', foo: 1 }), 400, ['foo']);
  });

  it('a status change takes status and reason only', async () => {
    const wr = (await call(server, 'GET', '/api/workrequests', first)).body[0];
    await expectUnchanged(
      get(`/api/workrequests/${wr._id}`),
      put(`/api/workrequests/${wr._id}`, { status: 'in-progress', reason: 'go', translationSummary: { lineCount: 0 } }),
      400,
      ['translationSummary'],
    );
  });
});

describe('the catalog', () => {
  it('assets, previews and files ignore what the server owns and refuse unknown fields', async () => {
    const a = (await call(server, 'GET', '/api/assets/countByProject', first)).body[0];
    await expectUnchanged(
      get(`/api/assets/${a._id}`),
      put(`/api/assets/${a._id}`, { previews: [], transcription: {} }),
      200,
    );
    await expectUnchanged(get(`/api/assets/${a._id}`), put(`/api/assets/${a._id}`, { name: 'x', secret: 1 }), 400, [
      'secret',
    ]);
    const p = (await call(server, 'GET', `/api/previews?asset=${a._id}`)).body[0];
    await expectUnchanged(
      get(`/api/previews/${p._id}`),
      put(`/api/previews/${p._id}`, { path: '/evil', asset: 'c'.repeat(24), cdn: { domain: 'evil' } }),
      200,
    );
    await expectUnchanged(get(`/api/previews/${p._id}`), put(`/api/previews/${p._id}`, { label: 'x', foo: 1 }), 400, [
      'foo',
    ]);
    const f = (await call(server, 'GET', `/api/files?asset=${a._id}`)).body[0];
    await expectUnchanged(get(`/api/files/${f._id}`), put(`/api/files/${f._id}`, { md5: 'x', length: 1 }), 200);
    await expectUnchanged(get(`/api/files/${f._id}`), put(`/api/files/${f._id}`, { language: 'fr', foo: 1 }), 400, [
      'foo',
    ]);
  });

  it.each([
    ['projects', 'Projects'],
    ['studios', 'Studios'],
    ['territories', 'Territories'],
  ])('PUT /%s refuses unknown fields and ignores created', async (path) => {
    const record = (await call(server, 'GET', `/api/${path}`, first)).body[0];
    await expectUnchanged(get(`/api/${path}/${record._id}`), put(`/api/${path}`, { _id: record._id, created: 1 }), 200);
    await expectUnchanged(
      get(`/api/${path}/${record._id}`),
      put(`/api/${path}`, { _id: record._id, name: 'x', foo: 1, bar: 2 }),
      400,
      ['foo', 'bar'],
    );
  });

  it('POST /languages refuses unknown fields and creates nothing', async () => {
    const res = await call(server, 'POST', '/api/languages', { body: { name: 'Faroese', code: 'fo-FO', foo: 1 } });
    expect(res.status).toBe(400);
    const all = await call(server, 'GET', '/api/languages', { headers: { 'X-Range': 'resources=0-99' } });
    expect(all.body.some((l: { code: string }) => l.code === 'fo-FO')).toBe(false);
  });
});

describe('shares, comments, offlines, notifications', () => {
  it('a share keeps its sender and refuses unknown fields', async () => {
    const share = (await call(server, 'GET', '/api/shares')).body.find(
      (s: { from: { emailNormal: string } }) => s.from.emailNormal === 'coordinator@mws.test',
    );
    const read = get(`/api/shares/${share._id}`);
    await expectUnchanged(
      read,
      put(`/api/shares/${share._id}`, { from: { _id: 'd'.repeat(24), name: 'Someone else' } }),
      200,
    );
    await expectUnchanged(read, put(`/api/shares/${share._id}`, { notes: 'changed', owner: 'x' }), 400, ['owner']);
  });

  it('comments: the author changes the text only; a new comment takes workRequest and body only', async () => {
    const wr = (await call(server, 'GET', '/api/workrequests', first)).body[0];
    const list = get(`/api/comments?workRequest=${wr._id}`);
    await expectUnchanged(list, post('/api/comments', { workRequest: wr._id, body: 'hello', pinned: true }), 400, [
      'pinned',
    ]);
    const added = await call(server, 'POST', '/api/comments', { body: { workRequest: wr._id, body: 'hello' } });
    await expectUnchanged(
      list,
      put(`/api/comments/${added.body._id}`, { user: { _id: 'e'.repeat(24) }, workRequest: 'f'.repeat(24), edited: 1 }),
      200,
    );
    await expectUnchanged(list, put(`/api/comments/${added.body._id}`, { body: 'changed', pinned: true }), 400, [
      'pinned',
    ]);
  });

  it('offlines: the server fills all but the work request', async () => {
    const wr = (await call(server, 'GET', '/api/workrequests', first)).body[0];
    await expectUnchanged(
      get(`/api/offlines?workRequest=${wr._id}`),
      post('/api/offlines', { workRequest: wr._id, foo: 1 }),
      400,
      ['foo'],
    );
    const me = (await call(server, 'GET', '/api/users/me')).body;
    const made = await call(server, 'POST', '/api/offlines', { body: { workRequest: wr._id, from: 'a'.repeat(24) } });
    expect(made.status).toBe(200);
    expect(made.body.from).toBe(me._id);
  });

  it('notifications: only read and viewed change; mark-all-read takes q and type only', async () => {
    const n = (await call(server, 'GET', '/api/notifications?read=false', first)).body[0];
    const read = async () => {
      // No GET of one notification: a PUT of the id alone changes nothing and answers the record with its ETag.
      return call(server, 'PUT', '/api/notifications', { body: { _id: n._id } });
    };
    await expectUnchanged(read, put('/api/notifications', { _id: n._id, title: 'changed', to: 'a'.repeat(24) }), 200);
    await expectUnchanged(read, put('/api/notifications', { _id: n._id, read: true, foo: 1 }), 400, ['foo']);
    await expectUnchanged(
      get('/api/notifications?read=false'),
      post('/api/notifications/markRead', { q: '', foo: 1 }),
      400,
      ['foo'],
    );
  });
});
