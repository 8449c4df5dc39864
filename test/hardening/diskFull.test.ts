/**
 * The SQLite store on a full disk, for real (docs/API.md "Errors", "Readiness"): the server's data directory is a
 * small tmpfs of the test's own, which the test fills. Writes then answer 507 `insufficient_storage` (never a bare
 * 500), /readyz says not ready naming the reason, reads go on, and once space is back /readyz is ready again by
 * itself and writes succeed; nothing acknowledged is lost.
 *
 * SQLite only (the postgres project runs the hardening suite on PostgreSQL, whose disk is the database server's).
 * Mounting a tmpfs needs the right to mount (root, as on this project's test machine): without it the suite is
 * skipped with the reason in its title.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, inProgressWorkRequest, startServer, type TestServer } from '../support/server';
import { databaseFile } from '../support/database';

const TITLE = 'SQLite on a full disk';

/** Mounts a tmpfs of `size` at `dir`; the error output when it cannot. */
function mountTmpfs(dir: string, size: string): string | undefined {
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  return result.status === 0 ? undefined : `${result.stderr || result.error?.message || 'mount failed'}`.trim();
}

function unmount(dir: string): void {
  spawnSync('umount', [dir]);
}

/** Why the suite cannot run here, or undefined. */
function missing(): string | undefined {
  if (process.env.TEST_STORE === 'postgres') return 'SQLite only';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-mount-check-'));
  const problem = mountTmpfs(dir, '1m');
  if (!problem) unmount(dir);
  fs.rmdirSync(dir);
  return problem ? `cannot mount a tmpfs: ${problem}` : undefined;
}

/** Fills the file system holding `file` until a write fails with ENOSPC: by the megabyte, then the rest by the page. */
function fill(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

const reason = missing();
if (reason) {
  console.warn(`${TITLE}: NOT run (${reason})`);
  describe.skip(`${TITLE} (NOT RUN: ${reason})`, () => {
    it('needs SQLite and a tmpfs', () => undefined);
  });
} else {
  describe(TITLE, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-full-'));
    const filler = path.join(dir, 'filler');
    let mounted = false;
    let server: TestServer | undefined;
    let workRequest = '';

    beforeAll(async () => {
      const problem = mountTmpfs(dir, '256m');
      if (problem) throw new Error(`mount: ${problem}`);
      mounted = true;
      server = await startServer({ DATA_DIR: dir });
      workRequest = await inProgressWorkRequest(server);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      if (mounted) unmount(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const post = (body: string) =>
      call(server!, 'POST', '/api/comments', { as: DEMO.admin, body: { workRequest, body } });

    async function storedComments(): Promise<Set<string>> {
      const res = await call(server!, 'GET', `/api/comments?workRequest=${workRequest}`, {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=0-99' },
      });
      expect(res.status).toBe(200);
      return new Set((res.body as { _id: string }[]).map((c) => c._id));
    }

    it('answers 507 while the disk is full, is not ready until space is back, and loses nothing', async () => {
      const acknowledged: string[] = [];
      const first = await post('before the disk filled');
      expect(first.status).toBe(200);
      acknowledged.push(first.body._id);

      // The write-ahead log emptied (as a checkpoint leaves it), so the next write needs new space on the disk.
      const db = new Database(databaseFile(dir), { fileMustExist: true });
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
      fill(filler);

      const answers: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await post(`while the disk is full ${i}`);
        answers.push({ status: res.status, body: res.body });
        if (res.status === 200) acknowledged.push(res.body._id);
        else break;
      }
      const refused = answers.at(-1)!;
      expect(answers.filter((a) => a.status !== 200 && a.status !== 507)).toEqual([]);
      expect(refused).toEqual({
        status: 507,
        body: {
          error: {
            code: 'insufficient_storage',
            message: 'the server has no storage space left, so nothing was saved; tell an administrator',
          },
        },
      });

      const notReady = await call(server!, 'GET', '/readyz', { as: null });
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ ok: false, error: { code: 'not_ready' } });
      expect(notReady.body.error.details.reason).toMatch(/no space left/);
      // Still not ready at the next check: the probe write fails too while the disk is full.
      expect((await call(server!, 'GET', '/api/readyz', { as: null })).status).toBe(503);
      // Reads go on.
      const whileFull = await storedComments();
      expect(acknowledged.filter((id) => !whileFull.has(id))).toEqual([]);

      fs.rmSync(filler);
      const ready = await call(server!, 'GET', '/readyz', { as: null });
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ ok: true });
      const after = await post('after space came back');
      expect(after.status).toBe(200);
      acknowledged.push(after.body._id);
      const stored = await storedComments();
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect((await call(server!, 'GET', '/api/healthz', { as: null })).status).toBe(200);
    }, 60_000);
  });
}
