/** Child processes for benchmarks: start a server, wait until it answers, read its memory, stop it. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
  rssMb(): number;
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function startProcess(
  args: string[],
  options: { env?: Record<string, string>; readyUrl: string; url: string; cwd?: string },
): Promise<Running> {
  const child = spawn(args[0]!, args.slice(1), {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`))),
  );
  await Promise.race([waitFor(options.readyUrl), exited]);
  return {
    child,
    url: options.url,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export function freePort(base: number): number {
  return base + Math.floor(Math.random() * 1000);
}

/** Samples the processes' resident memory every `everyMs` while a load runs; `stop` answers each one's peak in MB. */
export function sampleRss(running: Running[], everyMs = 250): { stop(): number[] } {
  const peaks = running.map((r) => r.rssMb());
  const timer = setInterval(() => {
    running.forEach((r, i) => {
      // A process that has exited has no /proc entry: its last sample stands.
      if (r.child.exitCode === null) peaks[i] = Math.max(peaks[i]!, r.rssMb());
    });
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}

/**
 * This project's server (`server/main.ts`) on a free port from `portBase`, on SQLite in `dataDir` or on PostgreSQL at
 * `databaseUrl`, with logs and media preparation off; answers once `/api/healthz` does.
 */
export async function startServer(options: {
  dataDir: string;
  portBase: number;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<Running> {
  const port = freePort(options.portBase);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (to find what held its thread).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return startProcess(['node', ...profile, '--import', 'tsx', 'server/main.ts'], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG: 'false',
      PREPARE_MEDIA: 'false',
      DATABASE_URL: options.databaseUrl ?? '',
      ...options.env,
    },
    readyUrl: `${base}/api/healthz`,
    url: base,
  });
}
