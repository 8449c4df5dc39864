/**
 * Attack: a signed-in client with no grant walks the catalog by id (docs/API.md, "Who sees what: grants"). Every
 * asset, preview, file, project, studio and transcription id of the demo (as an admin reads them) answers like an
 * unknown id; filters naming them (`project=`, `asset=`) find nothing and count nothing; no signed link leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type Account, type Call, type TestServer } from '../support/server';

let server: TestServer;
let nobody: Account;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON, only named fields looked at
type Rec = Record<string, any>;

const totalOf = (res: Call) => Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);

async function all(path: string): Promise<Rec[]> {
  const res = await call(server, 'GET', path, { as: DEMO.admin, headers: { 'X-Range': 'resources=0-999' } });
  expect(res.status).toBe(200);
  return res.body as Rec[];
}

beforeAll(async () => {
  server = await startServer();
  const groups = await all('/api/groups');
  const press = groups.find((g) => g.name === 'Press & Partners')!;
  const created = await call(server, 'PUT', '/api/users', {
    as: DEMO.admin,
    body: { emailNormal: 'walker@example.com', name: 'Walker', groups: [{ _id: press._id }] },
  });
  nobody = { username: 'walker@example.com', password: 'walker-password' };
  const accepted = await call(server, 'POST', `/api/invitations/${created.body.inviteCode}`, {
    as: null,
    body: { name: 'Walker', password: nobody.password },
  });
  expect(accepted.status).toBe(200);
});
afterAll(async () => server?.stop());

describe('a client without a grant, walking the catalog by id', () => {
  it('reads no asset, preview, file or transcription, and no filter reveals one', async () => {
    const assets = await all('/api/assets/countByProject');
    expect(assets.length).toBeGreaterThan(50);
    for (const a of assets) {
      const one = await call(server, 'GET', `/api/assets/${a._id}`, { as: nobody });
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
      for (const list of ['previews', 'files']) {
        const res = await call(server, 'GET', `/api/${list}?asset=${a._id}`, { as: nobody });
        expect(res.body).toEqual([]);
        expect(totalOf(res)).toBe(0);
      }
      for (const t of Object.values((a.transcription ?? {}) as Record<string, string>)) {
        expect((await call(server, 'GET', `/api/translations/${t}`, { as: nobody })).status).toBe(404);
      }
    }
    const sample = assets.slice(0, 5);
    for (const a of sample) {
      for (const p of await all(`/api/previews?asset=${a._id}`)) {
        const res = await call(server, 'GET', `/api/previews/${p._id}`, { as: nobody });
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('sig=');
      }
      for (const f of await all(`/api/files?asset=${a._id}`)) {
        expect((await call(server, 'GET', `/api/files/${f._id}`, { as: nobody })).status).toBe(404);
      }
    }
  });

  it('reads no project or studio, and counts none of their assets', async () => {
    const projects = await all('/api/projects');
    for (const p of projects) {
      expect((await call(server, 'GET', `/api/projects/${p._id}`, { as: nobody })).status).toBe(404);
      const res = await call(server, 'GET', `/api/assets/countByProject?project=${p._id}`, { as: nobody });
      expect(totalOf(res)).toBe(0);
    }
    const counts = await call(server, 'GET', `/api/assets/counts?project=${projects.map((p) => p._id).join(',')}`, {
      as: nobody,
    });
    expect(Object.values(counts.body.counts as Record<string, number>).every((n) => n === 0)).toBe(true);
    for (const s of await all('/api/studios')) {
      expect((await call(server, 'GET', `/api/studios/${s._id}`, { as: nobody })).status).toBe(404);
    }
    // A write tells an existing record from an unknown id no better: both are refused before any lookup.
    const asset = (await all('/api/assets/countByProject'))[0]!;
    for (const id of [asset._id, 'f'.repeat(24)]) {
      const res = await call(server, 'PUT', `/api/assets/${id}`, { as: nobody, body: { name: 'Mine' } });
      expect(res.status, id).toBe(403);
    }
    for (const path of ['/api/projects', '/api/studios', '/api/assets/countByProject']) {
      const res = await call(server, 'GET', path, { as: nobody });
      expect(res.body, path).toEqual([]);
      expect(totalOf(res), path).toBe(0);
    }
  });
});
