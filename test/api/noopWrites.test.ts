/**
 * A PUT that changes nothing stores nothing (docs/API.md, "Writable fields"): it answers 200 with the record's
 * ETag as it was, so a colleague's If-Match still holds. On every PUT route of the merge flow, and on a translation's
 * `lines` (read apart from the rest of the record: WriteSpec.replacedUnread).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type Account, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the records are read as JSON and only the fields the tests name are looked at
type Rec = Record<string, any>;

const first = (path: string, as: Account = DEMO.admin) =>
  call(server, 'GET', path, { as, headers: { 'X-Range': 'resources=0-0' } }).then((r) => (r.body as Rec[])[0]!);

/**
 * PUTs `body` to `path` three times and checks each answers 200 with the ETag the record had before (read from
 * `read`, or given: a record with no GET of its own).
 */
async function expectKeepsVersion(read: string | { etag: string }, path: string, body: Rec, as: Account = DEMO.admin) {
  const etag = typeof read === 'string' ? (await call(server, 'GET', read, { as })).headers.get('etag') : read.etag;
  expect(etag).toBeTruthy();
  for (let i = 0; i < 3; i++) {
    const res = await call(server, 'PUT', path, { as, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    expect(res.headers.get('etag'), path).toBe(etag);
  }
  if (typeof read === 'string') expect((await call(server, 'GET', read, { as })).headers.get('etag')).toBe(etag);
}

describe('a PUT that changes nothing keeps the version', () => {
  it('a translation’s unchanged lines, resent: the ETag stays, and a colleague’s If-Match still holds', async () => {
    const listed = await first('/api/translations?status=incomplete', DEMO.translator);
    const path = `/api/translations/${listed._id}`;
    const read = await call(server, 'GET', path, { as: DEMO.translator });
    const etag = read.headers.get('etag')!;
    await expectKeepsVersion(path, path, { lines: read.body.lines }, DEMO.translator);
    await expectKeepsVersion(path, path, { lines: read.body.lines, status: read.body.status }, DEMO.translator);
    const colleague = await call(server, 'PUT', path, {
      as: DEMO.coordinator,
      headers: { 'If-Match': etag },
      body: { lines: read.body.lines },
    });
    expect(colleague.status).toBe(200);
    // A line changed is stored: the version moves on.
    const lines = structuredClone(read.body.lines) as Rec[];
    lines[0]!.text = `${String(lines[0]!.text ?? '')} (edited)`;
    const changed = await call(server, 'PUT', path, {
      as: DEMO.translator,
      headers: { 'If-Match': etag },
      body: { lines },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('every other PUT route: the writable fields sent back as they are', async () => {
    const share = await first('/api/shares');
    const project = await first('/api/projects');
    const studio = await first('/api/studios');
    const territory = await first('/api/territories');
    const asset = (await call(server, 'GET', `/api/assets/countByProject?project=${project._id}`, { as: DEMO.admin }))
      .body[0] as Rec;
    const preview = await first(`/api/previews?asset=${asset._id}`);
    const file = await first(`/api/files?asset=${asset._id}`);
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body as Rec;
    const wr = await first('/api/workrequests');
    const posted = await call(server, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: wr._id, body: 'Same text' },
    });
    const comment = posted.body as Rec;
    await expectKeepsVersion(`/api/shares/${share._id}`, `/api/shares/${share._id}`, { notes: share.notes ?? '' });
    await expectKeepsVersion(`/api/projects/${project._id}`, '/api/projects', { _id: project._id, name: project.name });
    await expectKeepsVersion(`/api/studios/${studio._id}`, '/api/studios', { _id: studio._id, name: studio.name });
    await expectKeepsVersion(`/api/territories/${territory._id}`, '/api/territories', {
      _id: territory._id,
      name: territory.name,
    });
    await expectKeepsVersion(`/api/assets/${asset._id}`, `/api/assets/${asset._id}`, { name: asset.name });
    await expectKeepsVersion(`/api/previews/${preview._id}`, `/api/previews/${preview._id}`, { name: preview.name });
    await expectKeepsVersion(`/api/files/${file._id}`, `/api/files/${file._id}`, { name: file.name });
    await expectKeepsVersion(`/api/users/${me._id}`, `/api/users/${me._id}`, { name: me.name }, DEMO.translator);
    await expectKeepsVersion({ etag: posted.headers.get('etag')! }, `/api/comments/${comment._id}`, {
      body: 'Same text',
    });
  });
});
