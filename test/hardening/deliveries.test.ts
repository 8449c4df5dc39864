/**
 * Deliveries under attack (docs/API.md "Deliveries"): a download link changed to another file or order, or its
 * signature altered; the list and the attach without credentials; a file of another order
 * attached. Each is refused before anything is sent or stored.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type Account, type TestServer } from '../support/server';
import { createUpload, md5Of, patchUpload, testBytes } from '../support/uploads';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; only the fields named are read
type Rec = Record<string, any>;
const { client, sam, translator } = ROLE_ACCOUNTS;
let wr: Rec;
let other: Rec;

async function started(): Promise<Rec> {
  const mine = await call(server, 'GET', '/api/workrequests', { as: client, headers: { 'X-Range': 'resources=0-9' } });
  const t = (mine.body as Rec[])[0]!;
  const translatorId = (await call(server, 'GET', '/api/users/me', { as: translator })).body._id as string;
  const placed = await call(server, 'POST', '/api/workrequests', {
    as: client,
    body: {
      asset: t.asset._id,
      language: t.language,
      territory: t.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: Math.floor(Date.now() / 1000) + 864_000, tz: 'Europe/Paris' },
    },
  });
  const moved = await call(server, 'PUT', `/api/workrequests/${placed.body._id}`, {
    as: DEMO.admin,
    body: { status: 'in-progress', reason: 'Work starts', assignee: translatorId },
  });
  expect(moved.status).toBe(200);
  return moved.body as Rec;
}

async function uploadInto(order: Rec, as: Account, seed: number): Promise<string> {
  const bytes = testBytes(2000, seed);
  const created = await createUpload(server, {
    as,
    size: bytes.length,
    metadata: { filename: `f${seed}.srt`, md5: md5Of(bytes), workrequest: order._id },
  });
  const done = await patchUpload(server, created.location, 0, bytes, as);
  return done.headers.get('x-file-id')!;
}

beforeAll(async () => {
  server = await startServer();
  wr = await started();
  other = await started();
});
afterAll(async () => server?.stop());

it('refuses a changed, re-signed or borrowed download link, and anonymous or misplaced writes', async () => {
  const path = `/api/workrequests/${wr._id}/deliveries`;
  const file = await uploadInto(wr, translator, 1);
  const second = await uploadInto(wr, translator, 2);
  expect((await call(server, 'POST', path, { as: translator, body: { format: 'SRT', file } })).status).toBe(200);

  // Without credentials: 401, nothing listed or attached.
  expect((await call(server, 'GET', path, { as: null })).status).toBe(401);
  expect((await call(server, 'POST', path, { as: null, body: { format: 'SRT', file: second } })).status).toBe(401);
  // A file of another order, even one the caller uploaded: 400, nothing attached.
  const elsewhere = await uploadInto(other, translator, 3);
  const misplaced = await call(server, 'POST', path, { as: translator, body: { format: 'SRT', file: elsewhere } });
  expect(misplaced.status).toBe(400);
  // Another studio's coordinator neither reads nor attaches (the order does not exist for them).
  expect((await call(server, 'GET', path, { as: sam })).status).toBe(404);
  expect((await call(server, 'POST', path, { as: sam, body: { format: 'SRT', file } })).status).toBe(404);

  const link = (await call(server, 'GET', path, { as: client })).body.items[0].files[0].path as string;
  expect((await fetch(server.url + link)).status).toBe(200);
  // The same signature on another file's path, or on another order's: refused.
  const swapped = link.replace(file, second);
  expect((await fetch(server.url + swapped)).status).toBe(403);
  expect((await fetch(server.url + link.replace(wr._id as string, other._id as string))).status).toBe(403);
  // The signature altered.
  const url = new URL(server.url + link);
  url.searchParams.set('sig', 'A'.repeat(url.searchParams.get('sig')?.length ?? 43));
  expect((await fetch(url)).status).toBe(403);
  // The translator (who may not download) gets no link at all.
  expect((await call(server, 'GET', path, { as: translator })).body.items[0].files[0].path).toBeUndefined();
  const records = await call(server, 'GET', `/api/assets/${wr.asset._id}/downloads`, { as: DEMO.admin });
  const forFile = (records.body as Rec[]).filter((r) => r.file === file);
  // Only the one good use is recorded (records are written within a second or so: poll).
  const deadline = Date.now() + 10_000;
  let seen = forFile.length;
  while (seen === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const again = await call(server, 'GET', `/api/assets/${wr.asset._id}/downloads`, { as: DEMO.admin });
    seen = (again.body as Rec[]).filter((r) => r.file === file).length;
  }
  expect(seen).toBe(1);
});
