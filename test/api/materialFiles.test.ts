/**
 * Materials with files (docs/API.md "Materials: files"): an order waiting for materials takes files into its
 * checklist — one uploaded into the order, one picked from its asset's files; a file of another order is refused;
 * when the last item is in, the studio's coordinators are told (`materials-in`) and the order moves on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, call, startServer, type TestServer } from '../support/server';
import { createUpload, md5Of, patchUpload, testBytes } from '../support/uploads';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; only the fields named are read
type Rec = Record<string, any>;
let wr: Rec;
let other: Rec;

const ALL = { 'X-Range': 'resources=0-499' };

beforeAll(async () => {
  server = await startServer();
  const waiting = await call(server, 'GET', '/api/workrequests?status=awaiting-materials', {
    as: DEMO.admin,
    headers: ALL,
  });
  const rows = waiting.body as Rec[];
  if (rows.length < 2) throw new Error('the demo data has fewer than two orders awaiting materials');
  wr = (await call(server, 'GET', `/api/workrequests/${rows[0]!._id}`, { as: DEMO.admin })).body as Rec;
  other = rows.find((r) => r.asset?._id !== wr.asset._id) ?? rows[1]!;
});
afterAll(async () => server?.stop());

async function uploadInto(workrequest: string, filename: string): Promise<string> {
  const bytes = testBytes(5000, filename.length);
  const created = await createUpload(server, {
    as: DEMO.admin,
    size: bytes.length,
    metadata: { filename, md5: md5Of(bytes), workrequest },
  });
  expect(created.status).toBe(201);
  const done = await patchUpload(server, created.location, 0, bytes, DEMO.admin);
  expect(done.status).toBe(204);
  return done.headers.get('x-file-id')!;
}

const setMaterials = (materials: Rec[]) =>
  call(server, 'PUT', `/api/workrequests/${wr._id}`, { as: DEMO.admin, body: { materials } });

describe('the materials checklist with files', () => {
  it('takes files of the order and its asset, refuses others, and tells the coordinators when all are in', async () => {
    const script = await uploadInto(wr._id, 'dialogue list.pdf');
    const elsewhere = await uploadInto(other._id, 'not yours.pdf');
    const assetFiles = await call(server, 'GET', `/api/files?asset=${wr.asset._id}`, { as: DEMO.admin, headers: ALL });
    // One of the asset's own files (not an upload into some order).
    const picked = (assetFiles.body as Rec[]).find((f) => f.workrequest === undefined)!;
    expect(picked).toBeDefined();

    const refused = await setMaterials([{ name: 'Dialogue list', files: [elsewhere] }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(new RegExp(`file ${elsewhere} is not a file of this order`));

    const half = await setMaterials([
      { name: 'Dialogue list', files: [script] },
      { name: 'Textless master', files: [] },
    ]);
    expect(half.status).toBe(200);
    expect(half.body.materials).toEqual([
      expect.objectContaining({ name: 'Dialogue list', complete: true, files: [script] }),
      expect.objectContaining({ name: 'Textless master', complete: false, files: [] }),
    ]);
    const told = async () =>
      (await call(server, 'GET', '/api/notifications?type=materials-in', { as: DEMO.coordinator, headers: ALL }))
        .body as Rec[];
    expect((await told()).filter((n) => n.event?.workRequest?._id === wr._id)).toHaveLength(0);

    const all = await setMaterials([
      { name: 'Dialogue list', files: [script] },
      { name: 'Textless master', files: [picked._id] },
    ]);
    expect(all.status).toBe(200);
    expect(all.body.materials.every((m: Rec) => m.complete)).toBe(true);
    const notes = (await told()).filter((n) => n.event?.workRequest?._id === wr._id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toMatch(/every material is in$/);

    const moved = await call(server, 'PUT', `/api/workrequests/${wr._id}`, {
      as: DEMO.coordinator,
      body: { status: 'in-progress', reason: 'The materials arrived' },
    });
    expect(moved.status).toBe(200);
  });
});
