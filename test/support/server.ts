/**
 * Starts the real server (`node --import tsx server/main.ts`) as a child process on a free port and a fresh temp
 * data directory, seeded with the demo data, and gives tests a small HTTP client for it. With `TEST_STORE=postgres`
 * each server gets a throwaway PostgreSQL database instead (made from TEST_DATABASE_URL, dropped at stop), so the
 * same API tests run against the PostgreSQL store: the vitest project `postgres` sets it (vitest.config.ts), e.g.
 * `npx vitest run --project postgres test/api`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throwawayDatabase } from '../../server/storage/postgres/testDatabase';

export { throwawayDatabase } from '../../server/storage/postgres/testDatabase';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A fresh database for one test server when TEST_STORE=postgres and the test names none, else none (SQLite). */
async function serverDatabase(env: Record<string, string>) {
  if (process.env.TEST_STORE !== 'postgres' || env.DATABASE_URL !== undefined) return undefined;
  return throwawayDatabase();
}

export const DEMO = {
  admin: { username: 'admin@mws.test', password: 'admin-demo' },
  coordinator: { username: 'coordinator@mws.test', password: 'coordinator-demo' },
  translator: { username: 'translator@mws.test', password: 'translator-demo' },
} as const;
export type Account = { username: string; password: string };

/**
 * The demo's people by role, for tests of who sees what: Cora coordinates both demo studios, Sam only Harbor Lane;
 * the translator and the client (a requester of Northlight) keep their own rules.
 */
export const ROLE_ACCOUNTS = {
  admin: DEMO.admin,
  cora: DEMO.coordinator,
  sam: { username: 'sam.okafor@harborlane.test', password: 'demo-password' },
  translator: DEMO.translator,
  client: { username: 'priya.raman@northlight.test', password: 'demo-password' },
} as const satisfies Record<string, Account>;
export type Role = keyof typeof ROLE_ACCOUNTS;

export interface TestServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database the server runs on (a throwaway one, or the test's DATABASE_URL), or undefined: SQLite in
   * `dataDir` (test/support/database.ts reads either). */
  databaseUrl: string | undefined;
  /** Stops the process (SIGTERM, or the kill before) and starts it again on the same data directory (after
   * `whileStopped`, when given). */
  restart(whileStopped?: () => void | Promise<void>): Promise<void>;
  /** SIGKILL: the process dies at once, mid-write if it was writing; `restart()` brings it back. */
  kill(): Promise<void>;
  /**
   * Sends SIGTERM and resolves when the process has exited, with its exit code and what it printed since it
   * started; `restart()` brings it back.
   */
  terminate(): Promise<{ code: number | null; output: string }>;
  stop(): Promise<void>;
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)\//.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-test-'));
  const database = await serverDatabase(env);
  const databaseUrl = env.DATABASE_URL || database?.url || undefined;
  let child: ChildProcess | undefined;
  let url = '';
  let output = '';
  const launch = async () => {
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG: 'false',
        DIST_DIR: path.join(dataDir, 'no-dist'),
        // The feature's audio is made on first request by the tests that ask for it (test/api/media*.test.ts).
        PREPARE_MEDIA: 'false',
        // Never a database of the environment's: the throwaway one, or SQLite in the temp data directory.
        DATABASE_URL: database?.url ?? '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    url = await waitForUrl(child);
  };
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const stop = () => end('SIGTERM');
  await launch();
  return {
    get url() {
      return url;
    },
    dataDir,
    databaseUrl,
    async restart(whileStopped) {
      await stop();
      await whileStopped?.();
      await launch();
    },
    kill: () => end('SIGKILL'),
    async terminate() {
      await end('SIGTERM');
      return { code: child?.exitCode ?? null, output };
    },
    async stop() {
      await stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The id of an in-progress work request of the demo data (the first of the list), for tests that comment on one. */
export async function inProgressWorkRequest(server: Pick<TestServer, 'url'>): Promise<string> {
  const res = await call(server, 'GET', '/api/workrequests?status=in-progress', {
    as: DEMO.admin,
    headers: { 'X-Range': 'resources=0-0' },
  });
  const first = (res.body as { _id: string }[])[0];
  if (!first) throw new Error('the demo data has no work request in progress');
  return first._id;
}

export function basic(account: Account): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}

export interface Call {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON records and assert on their fields
  body: any;
}

/** One request: JSON in and out, Basic auth and X-Requested-With unless told otherwise. */
export async function call(
  server: Pick<TestServer, 'url'>,
  method: string,
  pathname: string,
  options: { as?: Account | null; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  const as = options.as === undefined ? DEMO.coordinator : options.as;
  if (as) headers.Authorization = basic(as);
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(server.url + pathname, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}
