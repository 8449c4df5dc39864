/**
 * What the load balancer tests (test/deploy/) share: free ports, waiting for a condition, and two server instances
 * on one throwaway PostgreSQL database with the settings docs/DEPLOY.md gives them (one signing key, the balancer's
 * origin, TRUST_PROXY for its loopback address), each on a fixed port so a restarted one comes back where the
 * balancer looks for it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { postgresReachable, TEST_ADMIN_URL } from '../../server/storage/postgres/testDatabase';
import { call, DEMO, startServer, throwawayDatabase, type TestServer } from './server';
import { signInFrom, wrong } from './signIn';
import { openNotificationStream } from './stream';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first of these commands that runs (`-v`), e.g. on PATH or where Debian puts it (/usr/sbin). */
export function findCommand(...candidates: string[]): string | undefined {
  return candidates.find((command) => spawnSync(command, ['-v']).status === 0);
}

/** Why a balancer test cannot run here (a command missing, PostgreSQL unreachable), or undefined when it can. */
export async function missingFor(commands: Record<string, string | undefined>): Promise<string | undefined> {
  for (const [name, found] of Object.entries(commands)) if (!found) return `${name} is not installed`;
  if (!(await postgresReachable())) return `PostgreSQL is not reachable at ${TEST_ADMIN_URL}`;
  return undefined;
}

/** One server line of HAProxy's `show stat` (the CSV's columns by name). */
export type ServerStat = Record<string, string>;

/** The backend's servers as HAProxy sees them now, by name (mws1, mws2). */
export function serverStats(socket: string): Promise<Map<string, ServerStat>> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let text = '';
    connection.on('data', (chunk) => (text += chunk.toString()));
    connection.on('error', reject);
    connection.on('end', () => {
      const [head = '', ...lines] = text.trim().split('\n');
      const names = head.replace(/^# /, '').split(',');
      const servers = new Map<string, ServerStat>();
      for (const line of lines) {
        const values = line.split(',');
        const row = Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
        if (row.pxname === 'mws_instances' && /^mws\d+$/.test(row.svname ?? '')) servers.set(row.svname!, row);
      }
      resolve(servers);
    });
    connection.write('show stat\n');
  });
}

export interface Instances {
  a: TestServer;
  b: TestServer;
  /** `host:port` of an instance, for the balancer's configuration. */
  address: (server: TestServer) => string;
  stop(): Promise<void>;
}

/**
 * Two instances on one database, configured to sit behind a balancer at `balancerUrl`: a fresh database on the test
 * server (dropped at `stop`), or the one given (its owner drops it).
 */
export async function startInstances(balancerUrl: string, given?: { url: string }): Promise<Instances> {
  const database: { url: string; drop?: () => Promise<void> } = given ?? (await throwawayDatabase());
  const shared = {
    DATABASE_URL: database.url,
    MWS_SIGNING_KEY: randomBytes(32).toString('hex'),
    MWS_PUBLIC_ORIGIN: balancerUrl,
    TRUST_PROXY: '127.0.0.1',
  };
  // One after the other: A seeds the empty database, B finds it seeded.
  const a = await startServer({ ...shared, PORT: String(await freePort()) });
  const b = await startServer({ ...shared, PORT: String(await freePort()) });
  return {
    a,
    b,
    address: (server) => `127.0.0.1:${new URL(server.url).port}`,
    async stop() {
      await a.stop();
      await b.stop();
      await database.drop?.();
    },
  };
}

export interface BalancerProcess {
  /** Throws, with what it printed, when the balancer has exited. */
  checkRunning(): void;
  stop(): Promise<void>;
}

/** Starts a balancer in the foreground (its output kept for errors); `stop` ends it with SIGTERM. */
export function startBalancer(command: string, args: string[], env: Record<string, string>): BalancerProcess {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return {
    checkRunning() {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${command} exited:\n${output}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Opens two live streams through the balancer (`whileOpen` may look at where they landed), posts a comment through
 * it, and expects both streams to get its notification within 2 s: the stream passes unbuffered, and a write on one
 * instance reaches a stream on the other.
 */
export async function expectWriteReachesStreams(url: string, whileOpen: () => Promise<void> = async () => undefined) {
  const streams = [
    await openNotificationStream(url, DEMO.coordinator),
    await openNotificationStream(url, DEMO.coordinator),
  ];
  try {
    for (const stream of streams) {
      expect(stream.response.status).toBe(200);
      expect(await stream.readUntil(': connected', 2000)).toContain(': connected');
    }
    await whileOpen();
    const wr = (
      await call({ url }, 'GET', '/api/workrequests?status=in-progress', {
        as: DEMO.admin,
        headers: { 'X-Range': 'resources=0-0' },
      })
    ).body[0];
    const started = Date.now();
    const posted = await call({ url }, 'POST', '/api/comments', {
      as: DEMO.admin,
      body: { workRequest: wr._id, body: 'Through the balancer' },
    });
    expect(posted.status).toBe(200);
    for (const stream of streams) {
      expect(await stream.readUntil('event: notification', 2000)).toContain('event: notification');
      expect(Date.now() - started).toBeLessThan(2000);
    }
  } finally {
    for (const stream of streams) stream.close();
  }
}

/**
 * Spends one client's failed sign-ins through the balancer (the default limit per account and address): that client
 * is then refused (429), another client of the same balancer is not (the instances see each client's address).
 */
export async function expectLimitsPerClient(url: string, client: string, otherClient: string): Promise<void> {
  const limit = 10; // DEFAULT_SIGNIN_LIMITS.perAccountAddress
  for (let i = 0; i < limit; i++) {
    expect((await signInFrom(url, client, wrong(DEMO.translator, i))).status).toBe(401);
  }
  expect((await signInFrom(url, client, DEMO.translator)).status).toBe(429);
  expect((await signInFrom(url, otherClient, DEMO.translator)).status).toBe(200);
}

/** HAProxy with the shipped configuration in front of two instances (test/deploy/), with its stats socket. */
export interface Haproxy {
  /** The balancer's URL. */
  url: string;
  /** The backend's servers as HAProxy sees them now (serverStats). */
  stats(): Promise<Map<string, ServerStat>>;
  /** Waits until HAProxy's health checks count each named server (mws1, mws2) fully UP, or DOWN. */
  waitForStatus(status: 'UP' | 'DOWN', servers: string[], timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `haproxy -f config` on `port` (the instances' MWS_PUBLIC_ORIGIN names it) in front of two servers (`host:port`,
 * mws1 and mws2), and waits until it counts both as up.
 */
export async function startHaproxy(
  command: string,
  config: string,
  port: number,
  [first, second]: readonly [string, string],
): Promise<Haproxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-lb-'));
  const socket = path.join(dir, 'haproxy.sock');
  const child = startBalancer(command, ['-db', '-f', config], {
    MWS_LB_BIND: `127.0.0.1:${port}`,
    MWS_INSTANCE_1: first,
    MWS_INSTANCE_2: second,
    MWS_LB_STATS_SOCKET: socket,
  });
  const stats = () => serverStats(socket);
  const waitForStatus = async (status: 'UP' | 'DOWN', servers: string[], timeoutMs: number) => {
    await waitFor(
      `${servers.join(' and ')} ${status} in HAProxy`,
      async () => {
        child.checkRunning();
        const now = await stats().catch(() => new Map<string, ServerStat>());
        // `UP 1/2` is an instance failing its checks on its way down; `DOWN 1/2` one passing them on its way up.
        const reached = (s: string) =>
          status === 'UP' ? now.get(s)?.status === 'UP' : !!now.get(s)?.status?.startsWith('DOWN');
        return servers.every(reached) ? true : undefined;
      },
      timeoutMs,
    );
  };
  const stop = async () => {
    await child.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForStatus('UP', ['mws1', 'mws2'], 20_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `http://127.0.0.1:${port}`, stats, waitForStatus, stop };
}
