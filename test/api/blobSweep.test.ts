/**
 * The sweep of unreferenced blobs as the server runs it (docs/API.md "Uploads", "Blobs nobody refers to"), on the
 * store of each run (the disk on SQLite, PostgreSQL's tables on PostgreSQL): with a grace period of a second and a
 * sweep every second, an upload abandoned half way is removed by the periodic job (its HEAD becomes 404), while a
 * completed upload, which its File refers to, stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startServer, type TestServer } from '../support/server';
import {
  createUpload,
  downloadFile,
  editableAsset,
  headUpload,
  md5Of,
  patchUpload,
  testBytes,
} from '../support/uploads';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ BLOB_GRACE_SECONDS: '1', BLOB_SWEEP_SECONDS: '1' });
});
afterAll(async () => server?.stop());

describe('the blob sweep job', () => {
  it('removes an abandoned upload past its grace period and keeps what a File refers to', async () => {
    const as = DEMO.coordinator;
    const asset = await editableAsset(server);
    /** An upload of `bytes` begun, and the first `sent` of them stored (the completing PATCH's answer, if any). */
    const begin = async (filename: string, bytes: Buffer, sent: number) => {
      const created = await createUpload(server, {
        as,
        size: bytes.length,
        metadata: { filename, md5: md5Of(bytes), asset },
      });
      expect(created.status).toBe(201);
      const patched = await patchUpload(server, created.location, 0, bytes.subarray(0, sent), as);
      expect(patched.status).toBe(204);
      return { location: created.location, fileId: patched.headers.get('x-file-id') };
    };
    const whole = testBytes(2000, 3);
    const { fileId } = await begin('kept.srt', whole, whole.length);
    const abandoned = await begin('abandoned.srt', testBytes(4000, 4), 1000);
    expect((await headUpload(server, abandoned.location, as)).offset).toBe(1000);

    const deadline = Date.now() + 30_000;
    while ((await headUpload(server, abandoned.location, as)).status !== 404) {
      if (Date.now() > deadline) throw new Error('the abandoned upload was not swept in time');
      await new Promise((r) => setTimeout(r, 200));
    }
    const kept = await downloadFile(server, fileId!, as);
    expect(kept.status).toBe(200);
    expect(md5Of(kept.bytes)).toBe(md5Of(whole));
  });
});
