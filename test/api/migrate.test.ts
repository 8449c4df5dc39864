/**
 * Moving a running install from SQLite to PostgreSQL (`npm run migrate-data`,
 * docs/decisions/115-migrate-sqlite-to-postgresql.md) as an operator does: the server on SQLite is stopped, the data
 * copied, a server started on PostgreSQL with the carried signing key. Clients notice nothing: the demo users sign in,
 * an ETag read before the move still works for If-Match (and a stale one is still refused), a link signed before the
 * move still opens. Skipped, saying so, without a reachable PostgreSQL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../../server/storage/postgres/testDatabase';
import { COLLECTIONS } from '../../server/storage/store';
import { DEMO, call, startServer, throwawayDatabase, type TestServer } from '../support/server';

const ROOT = path.resolve(import.meta.dirname, '../..');

await describeWithPostgres('a server moved from SQLite to PostgreSQL', () => {
  let sqliteServer: TestServer | undefined;
  let pgServer: TestServer | undefined;
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  afterAll(async () => {
    await pgServer?.stop();
    await sqliteServer?.stop();
    await database?.drop();
  });

  it('signs users in, honours ETags read before the move, and keeps signed links valid with the carried key', async () => {
    sqliteServer = await startServer({ DATABASE_URL: '' }); // SQLite, even when TEST_STORE=postgres
    database = await throwawayDatabase();
    const asset = (await call(sqliteServer, 'GET', '/api/assets/countByProject')).body[0];
    const first = await call(sqliteServer, 'GET', `/api/assets/${asset._id}`);
    const staleEtag = first.headers.get('etag') ?? '';
    const renamed = await call(sqliteServer, 'PUT', `/api/assets/${asset._id}`, {
      body: { name: 'Renamed before the move' },
      headers: { 'If-Match': staleEtag },
    });
    expect(renamed.status).toBe(200);
    const etag = renamed.headers.get('etag') ?? '';
    expect(etag).not.toBe(staleEtag);
    const preview = (await call(sqliteServer, 'GET', `/api/previews?asset=${asset._id}`)).body[0];
    expect((await call(sqliteServer, 'GET', preview.path, { as: null })).status).toBe(200);

    let output = '';
    await sqliteServer.restart(async () => {
      const run = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/storage/migrateDataCli.ts', '--from', sqliteServer!.dataDir, '--to', database!.url],
        { cwd: ROOT },
      );
      output = run.stdout;
    });
    expect(output).toMatch(new RegExp(`all ${COLLECTIONS.length} collections match`));
    const key = fs.readFileSync(path.join(sqliteServer.dataDir, 'signing.key'), 'utf8').trim();
    pgServer = await startServer({ DATABASE_URL: database.url, SEED: 'false', MWS_SIGNING_KEY: key });

    for (const account of Object.values(DEMO)) {
      expect((await call(pgServer, 'POST', '/api/session', { as: account, body: {} })).status).toBe(200);
    }
    const moved = await call(pgServer, 'GET', `/api/assets/${asset._id}`);
    expect(moved.headers.get('etag')).toBe(etag);
    expect(moved.body.name).toBe('Renamed before the move');
    expect((await call(pgServer, 'GET', preview.path, { as: null })).status).toBe(200);

    const stale = await call(pgServer, 'PUT', `/api/assets/${asset._id}`, {
      body: { name: 'Stale' },
      headers: { 'If-Match': staleEtag },
    });
    expect(stale.status).toBe(409);
    const current = await call(pgServer, 'PUT', `/api/assets/${asset._id}`, {
      body: { name: 'Renamed after the move' },
      headers: { 'If-Match': etag },
    });
    expect(current.status).toBe(200);
    expect((await call(pgServer, 'GET', `/api/assets/${asset._id}`)).body.name).toBe('Renamed after the move');
  }, 240_000);
});
