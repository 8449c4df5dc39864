/**
 * Download and view records under pressure (docs/API.md "Downloads and views"): a burst of range requests of one
 * view at once is one record; records noted just before SIGTERM are written before the process exits; a database
 * made before the records existed is upgraded at start. Both stores.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, startServer, type TestServer } from '../support/server';
import { databaseFile, openDatabaseReader } from '../support/database';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON records under test

let server: TestServer;
let clip: Rec;
let fileLink: string;
let fileId: string;

async function storedDownloads(): Promise<Rec[]> {
  const reader = await openDatabaseReader(server);
  try {
    return await reader.documents('Downloads');
  } finally {
    await reader.close();
  }
}

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  server = await startServer();
  const assets = await call(server, 'GET', '/api/assets/countByProject', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-199' },
  });
  for (const a of assets.body as Rec[]) {
    const previews = await call(server, 'GET', `/api/previews?asset=${a._id}`, { as: DEMO.admin });
    clip ??= previews.body.find((p: Rec) => p.media);
    if (!fileId && a.$thumbnail) fileId = a.$thumbnail._id;
  }
  fileLink = (await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.admin })).body.path;
}, 120_000);
afterAll(() => server?.stop());

describe('records of signed links', () => {
  it('40 range requests of one view at once: one record, 40 answers, every byte counted', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(server.url + clip.path, { headers: { Range: `bytes=${i * 1000}-${i * 1000 + 999}` } });
        expect(res.status).toBe(206);
        return (await res.arrayBuffer()).byteLength;
      }),
    );
    const record = await until('the view record', async () => {
      const views = (await storedDownloads()).filter((d) => d.preview === clip._id);
      return views.length === 1 && views[0]!.requests === 40 ? views[0] : undefined;
    });
    expect(record.bytes).toBe(answers.reduce((a, b) => a + b, 0));
  });

  it('a download noted just before SIGTERM is written before the process exits', async () => {
    const before = (await storedDownloads()).filter((d) => d.file === fileId).length;
    const res = await fetch(server.url + fileLink, { headers: { 'User-Agent': 'before-sigterm' } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const { code } = await server.terminate();
    expect(code).toBe(0);
    const rows = (await storedDownloads()).filter((d) => d.file === fileId);
    expect(rows.length).toBe(before + 1);
    expect(rows.find((d) => d.userAgent === 'before-sigterm')).toMatchObject({ kind: 'download', requests: 1 });
    await server.restart();
  });

  it('a database made before the records existed is upgraded at start, and records downloads', async () => {
    await server.restart(async () => {
      if (server.databaseUrl) {
        const client = new pg.Client({ connectionString: server.databaseUrl });
        await client.connect();
        await client.query(`DROP TABLE "Downloads"; DELETE FROM schema_fields WHERE tbl = 'Downloads'`);
        await client.end();
      } else {
        const db = new Database(databaseFile(server.dataDir));
        // The collection's table and its word-search table (whose own tables go with it).
        const tables = db
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Downloads%' ` +
              `AND (name = 'Downloads' OR sql LIKE 'CREATE VIRTUAL%')`,
          )
          .all() as { name: string }[];
        for (const { name } of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
        expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'Downloads%'`).get()).toEqual({
          n: 0,
        });
        db.close();
      }
    });
    const link = (await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.admin })).body.path;
    expect((await fetch(server.url + link, { headers: { 'User-Agent': 'after-upgrade' } })).status).toBe(200);
    await until('the record on the upgraded database', async () =>
      (await storedDownloads()).find((d) => d.userAgent === 'after-upgrade'),
    );
    const file = await until('$transfer.downloaded', async () => {
      const f = await call(server, 'GET', `/api/files/${fileId}`, { as: DEMO.admin });
      return f.body.$transfer?.downloaded === true ? f.body : undefined;
    });
    expect(file.$transfer).toEqual({ downloaded: true });
  });
});
