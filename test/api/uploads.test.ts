/**
 * Resumable uploads (docs/API.md "Uploads"): the tus protocol under /api/uploads, on the store's blob store (the disk
 * with SQLite, PostgreSQL with PostgreSQL). Create, PATCH in pieces, HEAD to resume at the offset, the md5 checked
 * at completion, the File made and downloadable with the same bytes; the limits (413, 415), the owner (404 for anyone
 * else), authentication (401), and a server killed mid-PATCH losing nothing it acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { DEMO, ROLE_ACCOUNTS, call, startServer, type Account, type TestServer } from '../support/server';
import { waitFor } from '../support/balancer';
import { grantDownload } from '../support/catalog';
import {
  createUpload,
  deleteUpload,
  downloadFile,
  editableAsset,
  headUpload,
  md5Of,
  patchUpload,
  stalledPatch,
  storedOffset,
  testBytes,
} from '../support/uploads';

const MAX = 8_000_000;
const ALL = { 'X-Range': 'resources=0-499' };

let server: TestServer;
let asset: string;

beforeAll(async () => {
  server = await startServer({ UPLOAD_MAX_BYTES: String(MAX) });
  asset = await editableAsset(server);
});
afterAll(async () => server?.stop());

const assetProject = async () => (await call(server, 'GET', `/api/assets/${asset}`)).body.project as string;

const declare = (bytes: Uint8Array, extra: Record<string, string> = {}) => ({
  filename: 'reel 1 (final).mov',
  filetype: 'video/quicktime',
  md5: md5Of(bytes),
  asset,
  ...extra,
});

describe('an upload in pieces', () => {
  it('resumes at the offset the server has, checks the md5, and makes a File that downloads as the same bytes', async () => {
    const bytes = testBytes(3_000_001, 7);
    const created = await createUpload(server, { size: bytes.length, metadata: declare(bytes, { language: 'fr-FR' }) });
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/uploads\/[0-9a-f]{24}$/);
    const id = created.location.split('/').pop()!;

    expect((await patchUpload(server, created.location, 0, bytes.subarray(0, 1_000_000))).status).toBe(204);
    // A client that lost its place asks where to go on.
    const head = await headUpload(server, created.location);
    expect(head).toMatchObject({ status: 200, offset: 1_000_000, length: bytes.length });
    // A PATCH at another offset than the server's is refused, changing nothing.
    const wrongOffset = await patchUpload(server, created.location, 0, bytes.subarray(0, 10));
    expect(wrongOffset.status).toBe(409);
    expect(wrongOffset.body.error.code).toBe('conflict');
    expect((await headUpload(server, created.location)).offset).toBe(1_000_000);

    expect((await patchUpload(server, created.location, 1_000_000, bytes.subarray(1_000_000, 2_500_000))).status).toBe(
      204,
    );
    const last = await patchUpload(server, created.location, 2_500_000, bytes.subarray(2_500_000));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(last.headers.get('x-file-id')).toBe(id);

    const listed = await call(server, 'GET', `/api/files?asset=${asset}`, { headers: ALL });
    expect(listed.body.map((f: { _id: string }) => f._id)).toContain(id);
    const got = await downloadFile(server, id);
    expect(got.status).toBe(200);
    expect(got.file).toMatchObject({
      name: 'reel 1 (final).mov',
      asset,
      language: 'fr-FR',
      mime: 'video/quicktime',
      length: bytes.length,
      md5: md5Of(bytes),
      // Not verified: these bytes are no media (what ingest makes of them: test/api/ingest.test.ts).
      verified: false,
      transfer: { username: DEMO.coordinator.username },
    });
    expect(got.headers.get('content-type')).toBe('video/quicktime');
    expect(got.headers.get('etag')).toBe(`"${md5Of(bytes)}"`);
    expect(md5Of(got.bytes)).toBe(md5Of(bytes));
    // A range of it, as a player asks.
    const path = (got.file as { path: string }).path;
    const range = await fetch(server.url + path, { headers: { Range: 'bytes=1048570-1048580' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(1048570, 1048581));

    // Done: HEAD says so and names the File (a client resuming after a reload learns it is finished).
    const done = await headUpload(server, created.location);
    expect(done).toMatchObject({ status: 200, offset: bytes.length });
    expect(done.headers.get('x-file-id')).toBe(id);
    // A finished upload is not deleted through the protocol (the File is a record of its own).
    expect((await deleteUpload(server, created.location)).status).toBe(400);
  });

  it('works with tus-js-client: paused after the first chunk, resumed by a new client from the upload URL', async () => {
    const bytes = testBytes(2_600_000, 11);
    const options = {
      endpoint: `${server.url}/api/uploads`,
      chunkSize: 1 << 20,
      retryDelays: [],
      headers: {
        Authorization: `Basic ${Buffer.from(`${DEMO.coordinator.username}:${DEMO.coordinator.password}`).toString('base64')}`,
      },
      metadata: declare(bytes, { filename: 'mix.wav', filetype: 'audio/wav' }),
    };
    let url = '';
    await new Promise<void>((resolve, reject) => {
      const first = new tus.Upload(bytes, {
        ...options,
        onChunkComplete: () => {
          url = first.url ?? '';
          void first.abort().then(resolve, reject);
        },
        onError: reject,
      });
      first.start();
    });
    expect((await headUpload(server, new URL(url).pathname)).offset).toBe(1 << 20);
    const fileId = await new Promise<string>((resolve, reject) => {
      const second: tus.Upload = new tus.Upload(bytes, {
        ...options,
        uploadUrl: url,
        onAfterResponse: (_req, res) => {
          const id = res.getHeader('X-File-Id');
          if (id) resolve(id);
        },
        onError: reject,
      });
      second.start();
    });
    expect(md5Of((await downloadFile(server, fileId)).bytes)).toBe(md5Of(bytes));
  });
});

describe('refused', () => {
  it('a wrong md5: 422 at completion, the bytes deleted, no File', async () => {
    const bytes = testBytes(100_000, 3);
    const created = await createUpload(server, {
      size: bytes.length,
      metadata: declare(bytes, { md5: md5Of(testBytes(10)) }),
    });
    expect(created.status).toBe(201);
    const id = created.location.split('/').pop()!;
    const done = await patchUpload(server, created.location, 0, bytes);
    expect(done.status).toBe(422);
    expect(done.body.error.code).toBe('checksum_mismatch');
    expect(done.body.error.message).toMatch(/MD5 is [0-9a-f]{32}, not the declared .*upload the file again/);
    expect((await headUpload(server, created.location)).status).toBe(404);
    expect((await call(server, 'GET', `/api/files/${id}`)).status).toBe(404);
  });

  it('a file over UPLOAD_MAX_BYTES: 413 saying the limit', async () => {
    const res = await createUpload(server, {
      size: MAX + 1,
      metadata: { filename: 'big.mov', md5: md5Of(testBytes(1)), asset },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'payload_too_large',
      message: `the file is 7.6 MiB: uploads are limited to 7.6 MiB (${MAX} bytes)`,
    });
  });

  it('the limit is served (tus OPTIONS: Tus-Max-Size), so the browser refuses a file too big before sending', async () => {
    const res = await fetch(`${server.url}/api/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-max-size')).toBe(String(MAX));
    expect(res.headers.get('tus-version')).toBe('1.0.0');
  });

  it('a type not accepted, by extension or declared type: 415 naming what is', async () => {
    const exe = await createUpload(server, {
      size: 10,
      metadata: { filename: 'setup.exe', md5: md5Of(testBytes(1)), asset },
    });
    expect(exe.status).toBe(415);
    expect(exe.body.error.code).toBe('unsupported_media_type');
    expect(exe.body.error.message).toMatch(/^".exe" files cannot be uploaded: accepted are video, audio, image/);
    const mismatched = await createUpload(server, {
      size: 10,
      metadata: { filename: 'clip.mp4', filetype: 'text/html', md5: md5Of(testBytes(1)), asset },
    });
    expect(mismatched.status).toBe(415);
    expect(mismatched.body.error.message).toBe('the declared type "text/html" does not match a .mp4 file (video/mp4)');
  });

  it('metadata missing or malformed: 400 saying which', async () => {
    const noMd5 = await createUpload(server, { size: 10, metadata: { filename: 'a.mp4', asset } });
    expect(noMd5.status).toBe(400);
    expect(noMd5.body.error.message).toBe("Upload-Metadata: md5 is required: the whole file's MD5 as 32 hex digits");
    const noTarget = await createUpload(server, {
      size: 10,
      metadata: { filename: 'a.mp4', md5: md5Of(testBytes(1)) },
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.error.message).toMatch(/name exactly one target/);
    const noLength = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Defer-Length': '1',
        Authorization: `Basic ${Buffer.from('coordinator@mws.test:coordinator-demo').toString('base64')}`,
      },
    });
    expect(noLength.status).toBe(400);
  });

  it("another user's upload is not found (HEAD, PATCH, DELETE), and stays as it was", async () => {
    const bytes = testBytes(1000, 5);
    const created = await createUpload(server, { size: bytes.length, metadata: declare(bytes) });
    const other = ROLE_ACCOUNTS.sam;
    expect((await headUpload(server, created.location, other)).status).toBe(404);
    const patch = await patchUpload(server, created.location, 0, bytes, other);
    expect(patch.status).toBe(404);
    expect(patch.body.error).toEqual({ code: 'not_found', message: 'upload not found' });
    expect((await deleteUpload(server, created.location, other)).status).toBe(404);
    expect(await headUpload(server, created.location)).toMatchObject({ status: 200, offset: 0 });
    // Its owner ends it.
    expect((await deleteUpload(server, created.location)).status).toBe(204);
    expect((await headUpload(server, created.location)).status).toBe(404);
  });

  it('without credentials: 401 before anything is done', async () => {
    const bytes = testBytes(1000, 6);
    const anonymous = await createUpload(server, { as: null, size: bytes.length, metadata: declare(bytes) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    const created = await createUpload(server, { size: bytes.length, metadata: declare(bytes) });
    expect((await patchUpload(server, created.location, 0, bytes, null)).status).toBe(401);
    expect((await headUpload(server, created.location, null)).status).toBe(401);
    expect((await headUpload(server, created.location)).offset).toBe(0);
  });
});

describe('targets', () => {
  it('an asset takes files from its catalog editors only; one the caller does not see is 404', async () => {
    const bytes = testBytes(10, 8);
    const translator = await createUpload(server, { as: DEMO.translator, size: 10, metadata: declare(bytes) });
    expect(translator.status).toBe(404);
    // A client who may download the asset's files still may not add to them.
    const client = ROLE_ACCOUNTS.client;
    const me = (await call(server, 'GET', '/api/users/me', { as: client })).body;
    const summaries = (await call(server, 'GET', '/api/assets/countByProject?project=' + (await assetProject()))).body;
    await grantDownload(
      server,
      DEMO.admin,
      me,
      summaries.filter((a: { _id: string }) => a._id === asset),
    );
    const granted = await createUpload(server, { as: client, size: 10, metadata: declare(bytes) });
    expect(granted.status).toBe(403);
    expect(granted.body.error.message).toBe("only admins and the studio's coordinators add files to an asset");
    const unknown = await createUpload(server, { size: 10, metadata: declare(bytes, { asset: '0'.repeat(24) }) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('asset not found');
  });

  it('a work request takes files from whoever works it; one they do not see is 404', async () => {
    const mine = (await call(server, 'GET', '/api/workrequests', { as: DEMO.translator, headers: ALL })).body as {
      _id: string;
    }[];
    const all = (await call(server, 'GET', '/api/workrequests', { as: DEMO.admin, headers: ALL })).body as {
      _id: string;
    }[];
    const mineIds = new Set(mine.map((w) => w._id));
    const notMine = all.find((w) => !mineIds.has(w._id))!;
    const bytes = testBytes(20_000, 9);
    const metadata = { filename: 'materials.zip', md5: md5Of(bytes), workrequest: mine[0]!._id };
    const created = await createUpload(server, { as: DEMO.translator, size: bytes.length, metadata });
    expect(created.status).toBe(201);
    const done = await patchUpload(server, created.location, 0, bytes, DEMO.translator);
    expect(done.status).toBe(204);
    const file = await call(server, 'GET', `/api/files/${done.headers.get('x-file-id')}`, { as: DEMO.admin });
    expect(file.body).toMatchObject({ workrequest: mine[0]!._id, mime: 'application/zip', length: bytes.length });
    const refused = await createUpload(server, {
      as: DEMO.translator,
      size: 10,
      metadata: { ...metadata, workrequest: notMine._id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('work request not found');
  });
});

describe('logos', () => {
  it("a studio's or a project's logo: a picture of at most 5 MiB, from the studio's side only", async () => {
    const project = await assetProject();
    const studio = (await call(server, 'GET', `/api/projects/${project}`)).body.studio as string;
    const png = testBytes(300, 9);
    const logo = (
      target: Record<string, string>,
      filename = 'logo.png',
      size = png.length,
      as: Account = DEMO.coordinator,
    ) => createUpload(server, { as, size, metadata: { filename, md5: md5Of(png), ...target } });

    // Not a picture a browser shows, or too large: refused before a byte is sent, saying why.
    for (const name of ['logo.pdf', 'logo.psd', 'logo.svg']) {
      const refused = await logo({ studio }, name);
      expect(refused.status, name).toBe(415);
      expect(refused.body.error.message, name).toMatch(
        /^a logo is a PNG, JPEG, WebP or GIF picture|cannot be uploaded/,
      );
    }
    const big = await logo({ studio }, 'logo.png', 5 * 2 ** 20 + 1);
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/^a logo is at most 5 MiB; this file is /);
    // Not the translator's (who reads the studio: 403), nor another studio's coordinator's (who does not: 404); two
    // targets at once is a 400.
    const translator = await logo({ studio }, 'logo.png', png.length, DEMO.translator);
    expect(translator.status).toBe(403);
    expect(translator.body.error.message).toBe("a studio's logo is added by its coordinators and admins");
    expect((await logo({ studio }, 'logo.png', png.length, ROLE_ACCOUNTS.sam)).status).toBe(404);
    expect((await logo({ studio, project })).status).toBe(400);

    for (const target of [{ studio }, { project }] as Record<string, string>[]) {
      const created = await logo(target);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const done = await patchUpload(server, created.location, 0, png);
      expect(done.status).toBe(204);
      const file = await downloadFile(server, done.headers.get('x-file-id')!);
      expect(file.status).toBe(200);
      expect(file.file).toMatchObject({
        name: 'logo.png',
        mime: 'image/png',
        studio,
        ...('project' in target ? { project } : {}),
      });
    }
  });
});

describe("a studio's pictures (GET /files?studio=&kind=picture)", () => {
  it('lists the logos uploaded into the studio and its projects, to whoever sees the studio', async () => {
    const project = await assetProject();
    const studio = (await call(server, 'GET', `/api/projects/${project}`)).body.studio as string;
    const png = testBytes(200, 11);
    const upload = async (target: Record<string, string>, filename: string) => {
      const created = await createUpload(server, {
        as: DEMO.coordinator,
        size: png.length,
        metadata: { filename, md5: md5Of(png), ...target },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return (await patchUpload(server, created.location, 0, png)).headers.get('x-file-id')!;
    };
    const studioLogo = await upload({ studio }, 'studio mark.png');
    const projectLogo = await upload({ project }, 'project mark.png');
    // An asset's file is not one of the studio's pictures, whatever its type.
    const pdf = testBytes(100, 3);
    const other = await createUpload(server, { size: pdf.length, metadata: declare(pdf, { filename: 'notes.pdf' }) });
    await patchUpload(server, other.location, 0, pdf);

    const list = (as: Account, query: string) => call(server, 'GET', `/api/files?${query}`, { as, headers: ALL });
    for (const as of [DEMO.admin, DEMO.coordinator]) {
      const pictures = await list(as, `studio=${studio}&kind=picture`);
      expect(pictures.status, as.username).toBe(200);
      const files = pictures.body as { _id: string; mime: string; studio: string; path?: string }[];
      const ids = files.map((f) => f._id);
      expect(ids, as.username).toEqual(expect.arrayContaining([studioLogo, projectLogo]));
      expect(files.every((f) => f.studio === studio && /^image\/(png|jpeg|webp|gif)$/.test(f.mime))).toBe(true);
    }
    // The list keeps to the files the caller may read one by one (a translator reads by grants): each listed one
    // answers GET /files/{id}, and the studio's logo is among them exactly when it does.
    const byTranslator = await list(DEMO.translator, `studio=${studio}&kind=picture`);
    expect(byTranslator.status).toBe(200);
    const translatorIds = (byTranslator.body as { _id: string }[]).map((f) => f._id);
    for (const id of [studioLogo, projectLogo]) {
      const one = await call(server, 'GET', `/api/files/${id}`, { as: DEMO.translator });
      expect(translatorIds.includes(id), id).toBe(one.status === 200);
    }
    // Another studio's coordinator: as an unknown studio. Bad queries: a clear 400, nothing listed.
    expect((await list(ROLE_ACCOUNTS.sam, `studio=${studio}&kind=picture`)).status).toBe(404);
    const noKind = await list(DEMO.coordinator, `studio=${studio}`);
    expect(noKind.status).toBe(400);
    expect(noKind.body.error.message).toBe('kind: required with studio, and only "picture" is listed');
    expect((await list(DEMO.coordinator, `studio=${studio}&kind=video`)).status).toBe(400);
    expect((await list(DEMO.coordinator, '')).status).toBe(400);
  });
});

describe('a server killed mid-PATCH', () => {
  it('keeps every byte it acknowledged; the upload finishes after the restart', async () => {
    const bytes = testBytes(5_000_000, 13);
    const created = await createUpload(server, { size: bytes.length, metadata: declare(bytes) });
    const location = created.location;
    // A PATCH that sends 3 MB and then hangs, as a client on a link that died.
    const stalled = stalledPatch(server, location, 0, bytes.subarray(0, 3_000_000));
    const id = location.split('/').pop()!;
    const acknowledged = await waitFor(
      'the first 2 MB stored',
      async () => {
        const offset = await storedOffset(server, id);
        return offset >= 2_000_000 ? offset : undefined;
      },
      30_000,
    );
    await server.kill();
    stalled.end();
    await stalled.answered;
    await server.restart();
    const after = await headUpload(server, location);
    expect(after.status).toBe(200);
    expect(after.offset).toBeGreaterThanOrEqual(acknowledged);
    const done = await patchUpload(server, location, after.offset, bytes.subarray(after.offset));
    expect(done.status).toBe(204);
    expect(md5Of((await downloadFile(server, done.headers.get('x-file-id')!)).bytes)).toBe(md5Of(bytes));
  });
});
