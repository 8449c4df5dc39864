/**
 * Abuse of the upload endpoint (docs/API.md "Uploads"): claiming another owner, active content, names with folders,
 * ids that are paths, more bytes than declared; and how uploaded bytes are served (never run by a browser).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_ACCOUNTS, startServer, type TestServer } from '../support/server';
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
let asset: string;

beforeAll(async () => {
  server = await startServer();
  asset = await editableAsset(server);
});
afterAll(async () => server?.stop());

const md5 = md5Of(testBytes(10));

it('an owner named in the metadata is refused: the owner is who signs in', async () => {
  const res = await createUpload(server, {
    size: 10,
    metadata: { filename: 'a.mp4', md5, asset, owner: 'someone-else' },
  });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toMatch(/^Upload-Metadata: unknown key owner; known are filename, filetype, md5/);
});

it('active content is refused whatever it is called: SVG, HTML declared as a video', async () => {
  const svg = await createUpload(server, { size: 10, metadata: { filename: 'logo.svg', md5, asset } });
  expect(svg.status).toBe(415);
  const declared = await createUpload(server, {
    size: 10,
    metadata: { filename: 'logo.png', filetype: 'image/svg+xml', md5, asset },
  });
  expect(declared.status).toBe(415);
});

it('a file name with folders, or a malformed metadata header, is a 400', async () => {
  const folders = await createUpload(server, { size: 10, metadata: { filename: '../../etc/passwd.mp4', md5, asset } });
  expect(folders.status).toBe(400);
  const malformed = await createUpload(server, { size: 10, metadata: 'filename !!!notbase64,,' });
  expect(malformed.status).toBe(400);
  expect(malformed.body.error.code).toBe('bad_request');
});

it('an upload id that is a path or not an id is not found', async () => {
  for (const id of ['..%2F..%2Fetc%2Fpasswd', '0'.repeat(24), 'x'.repeat(24)]) {
    expect((await headUpload(server, `/api/uploads/${id}`)).status).toBe(404);
  }
});

it('bytes past the declared length are refused and not stored', async () => {
  const bytes = testBytes(1000, 4);
  const created = await createUpload(server, { size: 1000, metadata: { filename: 'a.wav', md5: md5Of(bytes), asset } });
  const over = await patchUpload(server, created.location, 0, testBytes(1500, 4));
  expect(over.status).toBe(413);
  expect(over.body.error.code).toBe('payload_too_large');
  expect((await headUpload(server, created.location)).offset).toBeLessThanOrEqual(1000);
});

it('uploaded bytes are served as an attachment of their checked type, never sniffed', async () => {
  const bytes = Buffer.from('<html><script>alert(1)</script></html>');
  const created = await createUpload(server, {
    size: bytes.length,
    metadata: { filename: 'notes.txt', md5: md5Of(bytes), asset },
  });
  const done = await patchUpload(server, created.location, 0, bytes);
  expect(done.status).toBe(204);
  const got = await downloadFile(server, done.headers.get('x-file-id')!);
  expect(got.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  expect(got.headers.get('content-disposition')).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
  // The upload itself stays its owner's.
  expect((await headUpload(server, created.location, ROLE_ACCOUNTS.translator)).status).toBe(404);
});
