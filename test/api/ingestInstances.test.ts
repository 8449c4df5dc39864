/**
 * Ingest with two instances on one PostgreSQL database (docs/API.md "Ingest"): both run ingest jobs from the one
 * queue; each file is processed once (one run, one thumbnail and one proxy in the shared blob store), and what one
 * instance made the other serves. Skipped without a reachable PostgreSQL, saying so (describeWithPostgres).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { startServer, throwawayDatabase, type TestServer } from '../support/server';
import { editableAsset } from '../support/uploads';
import { ingested, makeClip, uploadWhole } from '../support/ingest';

await describeWithPostgres('ingest with two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let a: TestServer;
  let b: TestServer;
  let asset: string;

  beforeAll(async () => {
    database = await throwawayDatabase();
    // One signing key, as instances behind one balancer have: a link made by one is good on the other.
    const shared = { DATABASE_URL: database.url, MWS_SIGNING_KEY: randomBytes(32).toString('hex') };
    a = await startServer(shared);
    b = await startServer(shared);
    asset = await editableAsset(a);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('processes each of six uploads once, whichever instance took it; either serves the result', async () => {
    const clip = makeClip(2);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) ids.push(await uploadWhole(n % 2 ? a : b, clip, `clip ${n}.mp4`, { asset }));
    for (const [i, id] of ids.entries()) {
      const file = await ingested(i % 2 ? a : b, id, undefined, 120_000);
      expect(file.$ingest).toMatchObject({ state: 'succeeded', attempts: 1 });
      const thumb = await fetch(b.url + file.$ingest.thumbnail!);
      expect(thumb.status).toBe(200);
    }
    // One thumbnail and one proxy per file: no second run made its own.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const made = await client.query<{ of: string; n: string }>(
        "SELECT metadata->>'of' AS of, count(*) AS n FROM mws_uploads WHERE owner = 'ingest' GROUP BY 1",
      );
      expect(made.rows.map((r) => r.of).sort()).toEqual([...ids].sort());
      expect(made.rows.every((r) => Number(r.n) === 2)).toBe(true);
    } finally {
      await client.end();
    }
  }, 240_000);
});
