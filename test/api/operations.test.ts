/** Each of the spec's 19 operations over HTTP against the real server on a fresh seeded database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, call, DEMO, type TestServer } from '../support/server';
import { tamperSignature } from '../support/signedLinks';
import { workRequest } from '../../src/api/schema/workRequest';
import { notification } from '../../src/api/schema/notification';
import { user } from '../../src/api/schema/user';
import { asset } from '../../src/api/schema/asset';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const HEX24 = /^[0-9a-f]{24}$/;

async function firstWorkRequestId(): Promise<string> {
  const res = await call(server, 'GET', '/api/workrequests', { headers: { 'X-Range': 'resources=0-0' } });
  return res.body[0]._id;
}

describe('the 19 operations', () => {
  it('1 GET /workrequests/automateJob lists auto/autosubs work requests that are still open, soonest due first', async () => {
    const res = await call(server, 'GET', '/api/workrequests/automateJob', { headers: { 'X-Range': 'resources=0-9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toMatch(/^resources 0-9\/\d+$/);
    expect(res.body).toHaveLength(10);
    for (const wr of res.body) {
      expect(workRequest.safeParse(wr).success).toBe(true);
      expect(wr.auto || wr.autosubs).toBe(true);
      expect(['complete', 'cancelled', 'rejected']).not.toContain(wr.status);
      expect(wr.$links.self).toBe(`//${new URL(server.url).host}/api/Workrequests/${wr._id}`);
    }
    const dues = res.body.map((w: { due: { date: number } }) => w.due.date);
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);
  });

  it('2 GET /workrequests/{id} answers the full record with embedded translation lines and an ETag', async () => {
    const id = await firstWorkRequestId();
    const res = await call(server, 'GET', `/api/workrequests/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{24}-\d+"$/);
    const parsed = workRequest.parse(res.body);
    expect(parsed._id).toBe(id);
    expect(parsed.$statuses).toEqual([parsed.status]);
    expect(Array.isArray(parsed.translation?.lines)).toBe(true);
    const record = await call(server, 'GET', `/api/translations/${parsed.translation?._id}`);
    expect(parsed.translation?.$etag).toBe(record.headers.get('etag'));
    expect(parsed.urls?.view).toContain(':workRequest');
    expect(parsed.$links?.project).toContain('/api/Projects/');
  });

  it('3 PUT /users creates a user without _id and updates with _id (admin)', async () => {
    const created = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { name: 'Nina New', emailNormal: 'Nina.New@Example.com' },
    });
    expect(created.status).toBe(200);
    expect(created.body._id).toMatch(HEX24);
    expect(created.body.emailNormal).toBe('nina.new@example.com');
    expect(created.body.status.invited).toBe(true);
    expect(created.body.invite).toContain(':code');
    expect(created.body.passwordHash).toBeUndefined();
    const updated = await call(server, 'PUT', '/api/users', {
      as: DEMO.admin,
      body: { _id: created.body._id, name: 'Nina Renamed' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Nina Renamed');
    expect(updated.body.emailNormal).toBe('nina.new@example.com');
  });

  it('4 and 5: PUT /users/{id} merges into the record and GET /users/{id} reads it back', async () => {
    const me = (await call(server, 'GET', '/api/users/me', { as: DEMO.translator })).body;
    const put = await call(server, 'PUT', `/api/users/${me._id}`, {
      as: DEMO.translator,
      body: { preferences: { ...me.preferences, ingest: { maxUploads: 7, skipScratchPreview: true } } },
    });
    expect(put.status).toBe(200);
    const got = await call(server, 'GET', `/api/users/${me._id}`, { as: DEMO.translator });
    expect(user.parse(got.body).preferences?.ingest).toEqual({ maxUploads: 7, skipScratchPreview: true });
    expect(got.body.name).toBe(me.name);
    expect(got.body.groups[0].name).toBeTypeOf('string');
  });

  it('6 POST /offlines makes an offline with a signed, time-limited path that downloads', async () => {
    const id = await firstWorkRequestId();
    const res = await call(server, 'POST', '/api/offlines', { body: { workRequest: id } });
    expect(res.status).toBe(200);
    expect(res.body.workRequest).toBe(id);
    expect(res.body.path).toMatch(
      /^\/api\/offlines\/[0-9a-f]{24}\/download\?expires=\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&sig=[0-9a-f]{64}$/,
    );
    const dl = await call(server, 'GET', res.body.path, { as: null });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain('attachment');
    // Change the signature's first digit to another one (a fixed digit would leave 1 link in 16 untouched).
    const tampered = await call(server, 'GET', tamperSignature(res.body.path), { as: null });
    expect(tampered.status).toBe(403);
  });

  it('7 PUT /shares/{id} changes notes and a permission flag, kept on reload', async () => {
    const list = await call(server, 'GET', '/api/shares');
    const share = list.body.find(
      (s: { from: { emailNormal: string } }) => s.from.emailNormal === 'coordinator@mws.test',
    );
    expect(share).toBeDefined();
    const permissions = share.permissions.map((p: { access: Record<string, unknown> }, i: number) =>
      i === 0 ? { ...p, access: { ...p.access, download: !p.access.download } } : p,
    );
    const put = await call(server, 'PUT', `/api/shares/${share._id}`, {
      body: { notes: 'Updated <b>notes</b>', permissions },
    });
    expect(put.status).toBe(200);
    const again = await call(server, 'GET', `/api/shares/${share._id}`);
    expect(again.body.notes).toBe('Updated <b>notes</b>');
    expect(again.body.permissions[0].access.download).toBe(!share.permissions[0].access.download);
    expect(again.body.from._id).toBe(share.from._id);
  });

  it('8 PUT /assets/{id} merges fields and keeps the rest', async () => {
    const assets = await call(server, 'GET', '/api/assets/countByProject', { headers: { 'X-Range': 'resources=0-0' } });
    const a = assets.body[0];
    const res = await call(server, 'PUT', `/api/assets/${a._id}`, {
      body: { name: 'Renamed asset', usage: { ...a.usage, dcp4k: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Renamed asset');
    expect(res.body.usage.dcp4k).toBe(true);
    expect(res.body.project).toBe(a.project);
    expect(asset.parse(res.body).$permissions?.access).toContain('edit');
  });

  it("9 GET /assets/countByProject answers the project's asset records with the count in Content-Range", async () => {
    const projects = await call(server, 'GET', '/api/projects', { headers: { 'X-Range': 'resources=0-0' } });
    const project = projects.body[0]._id;
    const res = await call(server, 'GET', `/api/assets/countByProject?project=${project}`, {
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('content-range')?.split('/')[1]);
    expect(total).toBe(res.body.length);
    expect(total).toBeGreaterThan(0);
    for (const a of res.body) expect(a.project).toBe(project);
  });

  it('10 PUT /previews/{id} changes label and revision; path stays signed', async () => {
    const assets = await call(server, 'GET', '/api/assets/countByProject', { headers: { 'X-Range': 'resources=0-0' } });
    const previews = await call(server, 'GET', `/api/previews?asset=${assets.body[0]._id}`);
    const p = previews.body[0];
    const res = await call(server, 'PUT', `/api/previews/${p._id}`, { body: { label: 'Final mix', revision: 'v9' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ label: 'Final mix', revision: 'v9', asset: p.asset });
    expect(res.body.path).toMatch(/\/view\?expires=\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&sig=/);
    expect((await call(server, 'GET', res.body.path, { as: null })).status).toBe(200);
    const asset = await call(server, 'GET', `/api/assets/${p.asset}`);
    expect(asset.body.previews.find((x: { _id: string }) => x._id === p._id)).toMatchObject({
      label: 'Final mix',
      revision: 'v9',
    });
    expect(res.body.cdn).toBeDefined();
  });

  it('11 PUT /files/{id} changes language, tags and embargo', async () => {
    const assets = await call(server, 'GET', '/api/assets/countByProject', { headers: { 'X-Range': 'resources=0-0' } });
    const files = await call(server, 'GET', `/api/files?asset=${assets.body[0]._id}`);
    const f = files.body[0];
    const end = Math.floor(Date.now() / 1000) + 86400;
    const res = await call(server, 'PUT', `/api/files/${f._id}`, {
      body: { language: 'fr-FR', tags: ['final'], embargo: { event: true, end } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'fr-FR', tags: ['final'], embargo: { event: true, end } });
    expect(res.body.$flags).toContain('embargoed');
  });

  it('12 PUT /comments/{id}: the author edits; anyone else gets 403', async () => {
    const id = await firstWorkRequestId();
    const added = await call(server, 'POST', '/api/comments', {
      body: { workRequest: id, body: 'First <script>x</script>' },
    });
    expect(added.status).toBe(200);
    expect(added.body.body).toBe('First <script>x</script>');
    const edited = await call(server, 'PUT', `/api/comments/${added.body._id}`, { body: { body: 'Edited' } });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('Edited');
    expect(edited.body.user._id).toBe(added.body.user._id);
    const other = await call(server, 'PUT', `/api/comments/${added.body._id}`, {
      as: DEMO.admin,
      body: { body: 'Hijack' },
    });
    expect(other.status).toBe(403);
  });

  it('13 PUT /projects creates and updates (archive)', async () => {
    const studios = await call(server, 'GET', '/api/studios');
    const created = await call(server, 'PUT', '/api/projects', {
      body: { name: 'Test Project', studio: studios.body[0]._id },
    });
    expect(created.status).toBe(200);
    expect(created.body.slug).toBe('test-project');
    const archived = await call(server, 'PUT', '/api/projects', { body: { _id: created.body._id, archived: true } });
    expect(archived.body.archived).toBe(true);
    expect(archived.body.name).toBe('Test Project');
  });

  it('14 PUT /studios creates (admins) and updates', async () => {
    const created = await call(server, 'PUT', '/api/studios', {
      as: DEMO.admin,
      body: { name: 'Blue Harbor', previewWatermarkFormat: '{email}' },
    });
    expect(created.status).toBe(200);
    const updated = await call(server, 'PUT', '/api/studios', {
      as: DEMO.admin,
      body: { _id: created.body._id, name: 'Blue Harbour' },
    });
    expect(updated.body).toMatchObject({
      name: 'Blue Harbour',
      previewWatermarkFormat: '{email}',
      slug: 'blue-harbor',
    });
  });

  it("14 PUT /studios and /projects derive the slug of an accented name by the contract's slugify (the seed's too)", async () => {
    // Only admins create studios (docs/API.md, "Studio scope"); the new studio is in no coordinator's scope yet.
    const studio = await call(server, 'PUT', '/api/studios', { as: DEMO.admin, body: { name: 'Crème Brûlée Films' } });
    expect(studio.body.slug).toBe('creme-brulee-films');
    const project = await call(server, 'PUT', '/api/projects', {
      as: DEMO.admin,
      body: { name: 'Ærøskøbing Straße', studio: studio.body._id },
    });
    expect(project.body.slug).toBe('aeroskobing-strasse');
  });

  it('14 PUT /studios removes the logo and the coordinator given as null, nothing else', async () => {
    const groups = await call(server, 'GET', '/api/groups');
    const created = await call(server, 'PUT', '/api/studios', {
      as: DEMO.admin,
      body: { name: 'Null Harbor', logo: 'f'.repeat(24), coordinator: groups.body[0]._id },
    });
    const id = created.body._id as string;
    const cleared = await call(server, 'PUT', '/api/studios', {
      as: DEMO.admin,
      body: { _id: id, coordinator: null, logo: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('coordinator');
    expect(cleared.body).not.toHaveProperty('logo');
    expect(cleared.body.name).toBe('Null Harbor');
    // A required field, or one that is not a removable reference, is still a wrong type: 400, nothing changed.
    for (const body of [{ name: null }, { previewWatermarkFormat: null }, { slug: null, logo: 'a'.repeat(24) }]) {
      const refused = await call(server, 'PUT', '/api/studios', { as: DEMO.admin, body: { _id: id, ...body } });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const after = await call(server, 'GET', `/api/studios/${id}`, { as: DEMO.admin });
    expect(after.body).toMatchObject({ name: 'Null Harbor', slug: 'null-harbor' });
    expect(after.body).not.toHaveProperty('logo');
    // A project's studio cannot be removed; its logo can.
    const project = await call(server, 'PUT', '/api/projects', {
      as: DEMO.admin,
      body: { name: 'Null Project', studio: id, logo: 'b'.repeat(24) },
    });
    expect(
      (await call(server, 'PUT', '/api/projects', { as: DEMO.admin, body: { _id: project.body._id, studio: null } }))
        .status,
    ).toBe(400);
    const noLogo = await call(server, 'PUT', '/api/projects', {
      as: DEMO.admin,
      body: { _id: project.body._id, logo: null },
    });
    expect(noLogo.status).toBe(200);
    expect(noLogo.body).not.toHaveProperty('logo');
    expect(noLogo.body.studio).toBe(id);
  });

  it('15 PUT /translations/{id} saves lines; submitting notifies', async () => {
    const list = await call(server, 'GET', '/api/translations?status=incomplete', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    expect(list.status).toBe(200);
    // A translation is submitted while its work request is in progress (docs/API.md, "Workflow").
    const t = list.body.find((x: { workRequestStatus?: string }) => x.workRequestStatus === 'in-progress');
    expect(t.lines).toBeUndefined();
    const full = await call(server, 'GET', `/api/translations/${t._id}`, { as: DEMO.translator });
    const lines = full.body.lines.map((l: { text: string }, i: number) =>
      i === 0 ? { ...l, text: '<i>Bonjour</i>' } : l,
    );
    const saved = await call(server, 'PUT', `/api/translations/${t._id}`, { as: DEMO.translator, body: { lines } });
    expect(saved.status).toBe(200);
    expect(saved.body.lines[0].text).toBe('<i>Bonjour</i>');
    const listed = await call(server, 'GET', '/api/workrequests', {
      as: DEMO.translator,
      headers: { 'X-Range': 'resources=0-99' },
    });
    const item = listed.body.find((w: { _id: string }) => w._id === t.workRequest);
    const embedded = item.translation._id === t._id ? item.translation : item.graphicsTranslation;
    expect(embedded).toMatchObject({
      _id: t._id,
      lineCount: lines.length,
      translatedCount: saved.body.translatedCount,
    });
    expect(embedded.lines).toBeUndefined();
    const submitted = await call(server, 'PUT', `/api/translations/${t._id}`, {
      as: DEMO.translator,
      body: { status: 'submitted', submission: { reason: 'Operations test: lines left untranslated' } },
    });
    expect(submitted.body.status).toBe('submitted');
    const locked = await call(server, 'PUT', `/api/translations/${t._id}`, { as: DEMO.translator, body: { lines } });
    expect(locked.status).toBe(403);
    const inbox = await call(server, 'GET', '/api/notifications?type=translation-submitted&read=false', {
      as: DEMO.coordinator,
    });
    expect(
      inbox.body.some((n: { event: { workRequest: { _id: string } } }) => n.event.workRequest._id === t.workRequest),
    ).toBe(true);
  });

  it('16 POST /languages adds a language; a duplicate code is a 409', async () => {
    const body = {
      name: 'Icelandic',
      code: 'is-IS',
      dcpCode: 'IS',
      isoCode: 'is',
      translationFonts: [{ face: 'Arial', size: 42 }],
    };
    const res = await call(server, 'POST', '/api/languages', { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(body);
    expect((await call(server, 'POST', '/api/languages', { body })).status).toBe(409);
  });

  it('PUT /languages/{id} (extension) changes fonts and codes but never the code; translators may not', async () => {
    const added = await call(server, 'POST', '/api/languages', {
      body: { name: 'Faroese', code: 'fo-FO', translationFonts: [{ face: 'Arial', size: 42 }] },
    });
    const id = added.body._id;
    const before = await call(server, 'GET', `/api/languages/${id}`);
    const fonts = [
      { face: 'Helvetica Neue', size: 40 },
      { face: 'Noto Sans', size: 38 },
    ];
    const changed = await call(server, 'PUT', `/api/languages/${id}`, {
      as: DEMO.coordinator,
      body: { translationFonts: fonts, dcpCode: 'FO' },
      headers: { 'If-Match': before.headers.get('etag')! },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Faroese', code: 'fo-FO', dcpCode: 'FO', translationFonts: fonts });

    const renamed = await call(server, 'PUT', `/api/languages/${id}`, { body: { code: 'fo-DK' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toMatch(/^code: a language keeps its code \(fo-FO\)/);
    const stale = await call(server, 'PUT', `/api/languages/${id}`, {
      body: { name: 'Føroyskt' },
      headers: { 'If-Match': before.headers.get('etag')! },
    });
    expect(stale.status).toBe(409);
    const translator = await call(server, 'PUT', `/api/languages/${id}`, {
      as: DEMO.translator,
      body: { name: 'Føroyskt' },
    });
    expect(translator.status).toBe(403);
    expect((await call(server, 'PUT', '/api/languages/0123456789abcdef01234567', { body: { name: 'X' } })).status).toBe(
      404,
    );
    const stored = (await call(server, 'GET', `/api/languages/${id}`)).body;
    expect(stored).toMatchObject({ name: 'Faroese', code: 'fo-FO', translationFonts: fonts });
  });

  it('17 PUT /territories creates and updates', async () => {
    const created = await call(server, 'PUT', '/api/territories', {
      body: { name: 'Nordics', countries: ['IS', 'NO'], languages: ['is-IS'] },
    });
    expect(created.status).toBe(200);
    const updated = await call(server, 'PUT', '/api/territories', {
      body: { _id: created.body._id, assignedLanguages: ['is-IS'] },
    });
    expect(updated.body).toMatchObject({ name: 'Nordics', countries: ['IS', 'NO'], assignedLanguages: ['is-IS'] });
  });

  it('18 and 19: GET /notifications lists the caller own; PUT /notifications marks one read', async () => {
    const res = await call(server, 'GET', '/api/notifications?read=false', { headers: { 'X-Range': 'resources=0-4' } });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    const me = (await call(server, 'GET', '/api/users/me')).body;
    for (const n of res.body) {
      expect(notification.safeParse(n).success).toBe(true);
      expect(n.to).toBe(me._id);
      expect(n.read).toBe(false);
    }
    const first = res.body[0];
    const put = await call(server, 'PUT', '/api/notifications', {
      body: { _id: first._id, read: true, viewed: true, title: 'changed?' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ read: true, viewed: true, title: first.title });
    const summary = await call(server, 'GET', '/api/notifications?summary=true', {
      headers: { 'X-Range': 'resources=0-0' },
    });
    expect(Object.keys(summary.body[0].event.workRequest ?? {}).sort()).toEqual(
      summary.body[0].event.workRequest ? ['_id', 'status'] : [],
    );
    const q = first.title.split(' ').slice(-3).join(' ');
    const searched = await call(server, 'GET', `/api/notifications?q=${encodeURIComponent(q.toUpperCase())}`);
    expect(searched.body.some((n: { _id: string }) => n._id === first._id)).toBe(true);
    const other = await call(server, 'PUT', '/api/notifications', {
      as: DEMO.translator,
      body: { _id: first._id, read: false },
    });
    expect(other.status).toBe(404);
  });
});
