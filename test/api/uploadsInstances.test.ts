/**
 * Uploads with two instances on one PostgreSQL database (docs/API.md "Uploads", docs/decisions/167): the state and the
 * bytes are in the database, so an upload begun through one instance finishes through the other, an instance killed
 * mid-PATCH loses nothing it acknowledged, and one upload is written by one request at a time across instances (an
 * advisory lock). Skipped without a reachable PostgreSQL, saying so (describeWithPostgres).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { startServer, throwawayDatabase, type TestServer } from '../support/server';
import { waitFor } from '../support/balancer';
import {
  createUpload,
  downloadFile,
  editableAsset,
  headUpload,
  md5Of,
  patchUpload,
  stalledPatch,
  testBytes,
} from '../support/uploads';

await describeWithPostgres('uploads with two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let a: TestServer;
  let b: TestServer;
  let asset: string;

  beforeAll(async () => {
    database = await throwawayDatabase();
    a = await startServer({ DATABASE_URL: database.url });
    b = await startServer({ DATABASE_URL: database.url });
    asset = await editableAsset(a);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  const declare = (bytes: Uint8Array) => ({ filename: 'reel.mxf', md5: md5Of(bytes), asset });

  it('begun through one instance, finished through the other, downloaded through the first', async () => {
    const bytes = testBytes(2_500_000, 21);
    const created = await createUpload(a, { size: bytes.length, metadata: declare(bytes) });
    expect(created.status).toBe(201);
    expect((await patchUpload(a, created.location, 0, bytes.subarray(0, 1_500_000))).status).toBe(204);
    expect(await headUpload(b, created.location)).toMatchObject({ status: 200, offset: 1_500_000 });
    const done = await patchUpload(b, created.location, 1_500_000, bytes.subarray(1_500_000));
    expect(done.status).toBe(204);
    const got = await downloadFile(a, done.headers.get('x-file-id')!);
    expect(got.file).toMatchObject({ bucket: 'postgres', md5: md5Of(bytes), length: bytes.length });
    expect(md5Of(got.bytes)).toBe(md5Of(bytes));
  });

  it('one request at a time per upload across instances: the other waits, then 423 (tus clients retry)', async () => {
    const bytes = testBytes(3_000_000, 22);
    const created = await createUpload(a, { size: bytes.length, metadata: declare(bytes) });
    const stalled = stalledPatch(a, created.location, 0, bytes.subarray(0, 1_200_000));
    await waitFor(
      'the first piece stored',
      async () => ((await headUpload(b, created.location)).offset ? 1 : undefined),
      30_000,
    );
    const meanwhile = await patchUpload(b, created.location, 1 << 20, bytes.subarray(1 << 20));
    expect(meanwhile.status).toBe(423);
    expect(meanwhile.body.error.code).toBe('locked');
    stalled.end();
    expect(await stalled.answered).toBe(204);
    const { offset } = await headUpload(b, created.location);
    expect(offset).toBe(1_200_000);
    const done = await patchUpload(b, created.location, offset, bytes.subarray(offset));
    expect(done.status).toBe(204);
    expect(md5Of((await downloadFile(b, done.headers.get('x-file-id')!)).bytes)).toBe(md5Of(bytes));
  }, 60_000);

  it('an instance killed mid-PATCH: every acknowledged byte is there for the other to go on from', async () => {
    const bytes = testBytes(6_000_000, 23);
    const created = await createUpload(b, { size: bytes.length, metadata: declare(bytes) });
    const stalled = stalledPatch(a, created.location, 0, bytes.subarray(0, 3_500_000));
    const acknowledged = await waitFor(
      'three pieces stored',
      async () => {
        const { offset } = await headUpload(b, created.location);
        return offset >= 3 << 20 ? offset : undefined;
      },
      30_000,
    );
    await a.kill();
    stalled.end();
    await stalled.answered;
    const after = await headUpload(b, created.location);
    expect(after.offset).toBeGreaterThanOrEqual(acknowledged);
    const done = await patchUpload(b, created.location, after.offset, bytes.subarray(after.offset));
    expect(done.status).toBe(204);
    expect(md5Of((await downloadFile(b, done.headers.get('x-file-id')!)).bytes)).toBe(md5Of(bytes));
    await a.restart();
  }, 60_000);
});
