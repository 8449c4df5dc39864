/**
 * Ingest's renditions and retries against misuse (docs/API.md "Ingest"): the blobs ingest makes are nobody's
 * uploads, so no user — not the uploader, not an admin — reaches them through the tus endpoint (HEAD, PATCH,
 * DELETE: 404), and they keep being served; a rendition link whose person lost access to the file is revoked; a
 * retry by someone who does not see the ingest changes nothing. On both stores.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type TestServer } from '../support/server';
import { openDatabaseReader } from '../support/database';
import { deleteUpload, editableAsset, headUpload, patchUpload } from '../support/uploads';
import { ingested, makeClip, uploadWhole, type FileWithIngest } from '../support/ingest';

let server: TestServer;
let id: string;
let file: FileWithIngest;

beforeAll(async () => {
  server = await startServer();
  id = await uploadWhole(server, makeClip(2), 'hardening clip.mp4', { asset: await editableAsset(server) });
  file = await ingested(server, id);
}, 120_000);
afterAll(async () => server?.stop());

/** The blob ids of the file's renditions, read from the stored record (the API never shows them). */
async function renditionBlobs(): Promise<string[]> {
  const reader = await openDatabaseReader(server);
  try {
    const stored = await reader.storedRecord('Files', id);
    const ingest = stored?.doc.ingest as { thumbnail?: string; proxy?: string };
    return [ingest.thumbnail!, ingest.proxy!];
  } finally {
    await reader.close();
  }
}

it('renditions are out of reach of the upload protocol, for the uploader and for an admin', async () => {
  const blobs = await renditionBlobs();
  expect(blobs).toHaveLength(2);
  for (const blob of blobs) {
    for (const as of [DEMO.coordinator, DEMO.admin]) {
      const location = `/api/uploads/${blob}`;
      expect((await headUpload(server, location, as)).status).toBe(404);
      expect((await patchUpload(server, location, 0, new Uint8Array(10), as)).status).toBe(404);
      expect((await deleteUpload(server, location, as)).status).toBe(404);
    }
  }
  expect((await fetch(server.url + file.$ingest.thumbnail!)).status).toBe(200);
  expect((await fetch(server.url + file.$ingest.proxy!)).status).toBe(200);
});

it("another user's retry is 404 and writes nothing", async () => {
  const reader = await openDatabaseReader(server);
  try {
    // Without the shared counters: a first sign-in's bookkeeping (server/http/signInGuard.ts), not the retry's work.
    const records = async () => {
      const { mws_counters: _counted, ...rest } = await reader.fingerprint();
      return rest;
    };
    const before = await records();
    for (const as of [ROLE_ACCOUNTS.translator, ROLE_ACCOUNTS.client]) {
      expect((await call(server, 'POST', `/api/files/${id}/ingest`, { as })).status).toBe(404);
    }
    expect(await records()).toEqual(before);
  } finally {
    await reader.close();
  }
});
