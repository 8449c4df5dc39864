/**
 * `npm run migrate-data` (migrateData.ts, migrateDataCli.ts): an embedded install copied into PostgreSQL with nothing
 * lost, the comparison that proves it, its refusals and its errors. The command runs as a child process, as an
 * operator runs it; the copy is checked record by record here without the tool's own checksum. The PostgreSQL part is
 * skipped, saying so, without a reachable PostgreSQL.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo';
import { canonicalJson, compareAll, copyAll, PostgresTarget, SqliteSource } from './migrateData';
import { parseMigrateArgs } from './migrateDataCli';
import { describeWithPostgres, throwawayDatabase } from './postgres/testDatabase';
import { SqliteStore } from './sqlite/sqliteStore';
import { COLLECTIONS, type Doc } from './store';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command; never rejects (a non-zero exit is an answer). */
function migrateData(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/storage/migrateDataCli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mws-migrate-'));
}

/** A data directory with the demo set, some records changed (versions above 1), and a signing key. */
async function demoDataDir(): Promise<string> {
  const dir = tempDir();
  const store = new SqliteStore(path.join(dir, 'mws.sqlite'));
  try {
    await seedDemo(store);
    const page = await store.list('Assets', { offset: 0, limit: 3 });
    for (const asset of page.items) {
      const current = (await store.get('Assets', asset._id))!;
      await store.replace('Assets', { ...current.doc, name: `${String(current.doc.name)} (renamed)` }, current.version);
    }
  } finally {
    await store.close();
  }
  fs.writeFileSync(path.join(dir, 'signing.key'), 'ab'.repeat(32));
  return dir;
}

interface Row {
  id: string;
  created: number;
  version: number;
  doc: Doc;
}

function sqliteRows(dataDir: string, collection: string): Row[] {
  const db = new Database(path.join(dataDir, 'mws.sqlite'), { readonly: true });
  try {
    return (
      db.prepare(`SELECT id, created, version, doc FROM "${collection}" ORDER BY id`).all() as (Omit<Row, 'doc'> & {
        doc: string;
      })[]
    ).map((r) => ({ ...r, doc: JSON.parse(r.doc) as Doc }));
  } finally {
    db.close();
  }
}

async function pgRows(client: pg.Client, collection: string): Promise<Row[]> {
  const { rows } = await client.query<{ id: string; created: string; version: number; doc: Doc }>(
    `SELECT id, created, version, doc FROM "${collection}" ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, created: Number(r.created) }));
}

/** How many records a collection's table of the database at `url` holds. */
async function recordsIn(url: string, collection: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${collection}"`)).rows[0]!.n;
  } finally {
    await client.end();
  }
}

function fileHash(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

describe('migrate-data arguments and source', () => {
  it('asks for --from and a postgres:// --to, and never echoes a password', () => {
    expect(() => parseMigrateArgs(['--to', 'postgres://h/db'])).toThrow(/--from/);
    expect(() => parseMigrateArgs(['--from', 'data'])).toThrow(/--to/);
    expect(() => parseMigrateArgs(['--from', 'data', '--to', 'mysql://u:secret@h/db'])).toThrow(/postgres:\/\//);
    expect(() => parseMigrateArgs(['--from', 'data', '--to', 'mysql://u:secret@h/db'])).not.toThrow(/secret/);
    expect(() => parseMigrateArgs(['--from', 'd', '--to', 'postgres://h/db', '--replace', '--verify-only'])).toThrow(
      /one or the other/,
    );
    expect(() => parseMigrateArgs(['--from', 'd', '--to', 'postgres://h/db', '--batch-size', '0'])).toThrow(
      /--batch-size/,
    );
    expect(() => parseMigrateArgs(['--from', 'd', '--to', 'postgres://h/db', '--what'])).toThrow(/--what/);
    expect(parseMigrateArgs(['--from', 'd', '--to', 'postgresql://h/db', '--replace'])).toEqual({
      from: 'd',
      to: 'postgresql://h/db',
      replace: true,
      verifyOnly: false,
      batchSize: 1000,
    });
  });

  it('canonical JSON does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 'é' }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { x: 'é', y: 2 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('says what is wrong with --from: missing, not a data directory, not an MWS database', () => {
    const dir = tempDir();
    try {
      expect(() => SqliteSource.open(path.join(dir, 'nowhere'))).toThrow(/does not exist/);
      expect(() => SqliteSource.open(dir)).toThrow(/holds no mws\.sqlite: is it the server's DATA_DIR/);
      const other = new Database(path.join(dir, 'mws.sqlite'));
      other.exec('CREATE TABLE something (x)');
      other.close();
      expect(() => SqliteSource.open(dir)).toThrow(/not an MWS one/);
      fs.writeFileSync(path.join(dir, 'mws.sqlite'), 'not a database at all, just some text');
      expect(() => SqliteSource.open(dir)).toThrow(/cannot be read as an SQLite database/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with the usage for wrong arguments, 1 naming the problem for an unreachable --to', async () => {
    const usage = await migrateData('--from', 'data', '--to', 'http://example.com/db');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--to: expected a postgres:\/\/ URL/);
    expect(usage.stderr).toMatch(/usage: npm run migrate-data/);

    const dir = tempDir();
    try {
      const store = new SqliteStore(path.join(dir, 'mws.sqlite'));
      await store.insert('Studios', { name: 'One' });
      await store.close();
      const unreachable = await migrateData('--from', dir, '--to', 'postgres://u:secret@127.0.0.1:1/db');
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toMatch(
        /cannot connect to postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db: connection refused/,
      );
      expect(unreachable.stderr).not.toContain('secret');
      expect(unreachable.stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

await describeWithPostgres('migrate-data into PostgreSQL', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    dataDir = await demoDataDir();
    database = await throwawayDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every record as it is (id, created, version, document), compares, and leaves the source unchanged', async () => {
    const before = fileHash(path.join(dataDir, 'mws.sqlite'));
    const run = await migrateData('--from', dataDir, '--to', database.url, '--batch-size', '7');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/target schema up to date/);
    expect(run.stdout).toMatch(/copied [\d,]+ records in [\d.]+ s/);
    for (const c of COLLECTIONS) expect(run.stdout).toMatch(new RegExp(`^${c} .* OK$`, 'm'));
    expect(run.stdout).not.toMatch(/MISMATCH/);
    expect(run.stdout).toMatch(new RegExp(`all ${COLLECTIONS.length} collections match`));
    expect(run.stdout).toContain(`MWS_SIGNING_KEY="$(cat ${path.join(dataDir, 'signing.key')})"`);
    expect(run.stdout).not.toContain(':mws@'); // the password is not printed

    let records = 0;
    for (const c of COLLECTIONS) {
      const source = sqliteRows(dataDir, c);
      expect(await pgRows(client, c), c).toEqual(source);
      records += source.length;
    }
    expect(records).toBeGreaterThan(2000);
    expect(sqliteRows(dataDir, 'Assets').some((r) => r.version > 1)).toBe(true);
    expect(fileHash(path.join(dataDir, 'mws.sqlite'))).toBe(before);
  }, 180_000);

  it('refuses a target that holds records; --replace says what it drops and copies again', async () => {
    const users = (await pgRows(client, 'Users')).length;
    await client.query(`DELETE FROM "Comments" WHERE id IN (SELECT id FROM "Comments" ORDER BY id LIMIT 5)`);
    const refused = await migrateData('--from', dataDir, '--to', database.url);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds records \(.*Users 17.*\): give --replace/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect((await pgRows(client, 'Users')).length).toBe(users);

    const replaced = await migrateData('--from', dataDir, '--to', database.url, '--replace');
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toMatch(/--replace: dropping what the target held: .*Comments 295/);
    expect(replaced.stdout).toMatch(new RegExp(`all ${COLLECTIONS.length} collections match`));
    expect(await pgRows(client, 'Comments')).toEqual(sqliteRows(dataDir, 'Comments'));
  }, 180_000);

  it('--verify-only changes nothing and fails on a record changed on one side', async () => {
    const same = await migrateData('--from', dataDir, '--to', database.url, '--verify-only');
    expect(same.code).toBe(0);
    expect(same.stdout).not.toMatch(/copied/);
    expect(same.stdout).toMatch(new RegExp(`all ${COLLECTIONS.length} collections match`));

    await client.query(
      `UPDATE "Workrequests" SET doc = jsonb_set(doc, '{title}', '"changed"') WHERE id = (SELECT min(id) FROM "Workrequests")`,
    );
    await client.query(`UPDATE "Users" SET version = version + 1 WHERE id = (SELECT min(id) FROM "Users")`);
    const changed = await migrateData('--from', dataDir, '--to', database.url, '--verify-only');
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^Workrequests +(\d+) +\1 +(\w{16}) +(?!\2)\w{16} +MISMATCH$/m);
    expect(changed.stdout).toMatch(/^Users .* MISMATCH$/m);
    expect(changed.stdout).toMatch(/^Translations .* OK$/m);
    expect(changed.stderr).toMatch(/MISMATCH in Workrequests, Users/);
  }, 180_000);

  it('fails without copying when a record cannot be stored, naming it', async () => {
    const dir = tempDir();
    const target = await throwawayDatabase();
    try {
      const store = new SqliteStore(path.join(dir, 'mws.sqlite'));
      await store.insert('Studios', { name: 'Fine' });
      const bad = await store.insert('Studios', { name: 'Nul \u0000 inside' });
      await store.close();
      const run = await migrateData('--from', dir, '--to', target.url);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`copy failed and was undone`);
      expect(run.stderr).toContain(`Studios ${bad.doc._id}`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(await recordsIn(target.url, 'Studios')).toBe(0);
    } finally {
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('names a unique value the source holds twice (an old file without the unique index), copying nothing', async () => {
    const dir = tempDir();
    const target = await throwawayDatabase();
    try {
      const store = new SqliteStore(path.join(dir, 'mws.sqlite'));
      await store.insert('Languages', { code: 'fr-FR', name: 'French' });
      await store.close();
      const db = new Database(path.join(dir, 'mws.sqlite'));
      db.exec('DROP INDEX "Languages_unique_code"');
      db.prepare(`INSERT INTO "Languages" (id, created, version, doc) VALUES (?, 1, 1, ?)`).run(
        'ffffffffffffffffffffffff',
        JSON.stringify({ _id: 'ffffffffffffffffffffffff', created: 1, code: 'fr-FR', name: 'French again' }),
      );
      db.close();
      const run = await migrateData('--from', dir, '--to', target.url);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Languages: two records hold the same value of a unique field \(Key .*fr-FR/);
      // The same when the unique index is made after the load (large collections).
      const source = SqliteSource.open(dir);
      const pgTarget = await PostgresTarget.connect(target.url);
      try {
        await expect(copyAll(source, pgTarget, { rebuildIndexesFrom: 1 })).rejects.toThrow(
          /Languages: two records hold the same value of a unique field \(Key .*fr-FR.* is duplicated/,
        );
      } finally {
        source.close();
        await pgTarget.close();
      }
      expect(await recordsIn(target.url, 'Languages')).toBe(0);
    } finally {
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a collection loaded without its indexes gets every one of them back, as the schema defines them', async () => {
    const indexes = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query<{ name: string; definition: string }>(
        `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`,
      );
      await c.end();
      return rows;
    };
    const [fresh, rebuilt] = [await throwawayDatabase(), await throwawayDatabase()];
    const source = SqliteSource.open(dataDir);
    const target = await PostgresTarget.connect(rebuilt.url);
    try {
      const schemaOnly = await PostgresTarget.connect(fresh.url);
      await schemaOnly.migrate();
      await schemaOnly.close();
      await target.migrate();
      const summary = await copyAll(source, target, { rebuildIndexesFrom: 1 });
      expect(summary.records).toBeGreaterThan(2000);
      expect((await compareAll(source, target)).filter((r) => !r.ok)).toEqual([]);
      const made = await indexes(rebuilt.url);
      expect(made.length).toBeGreaterThan(50);
      expect(made).toEqual(await indexes(fresh.url));
    } finally {
      source.close();
      await target.close();
      await fresh.drop();
      await rebuilt.drop();
    }
  }, 180_000);
});
