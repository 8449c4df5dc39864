/**
 * Starts the real server (`node --import tsx server/main.ts`) on a free port with a fresh temporary DATA_DIR
 * (seeded with the demo data on first start), waits for GET /healthz, and hands the address to the tests
 * through MWS_E2E_BASE_URL. The server serves a copy of dist/, so a rebuild during the run cannot pull the
 * app's chunks from under the browser. Returns the teardown: stop the server, delete the data and the copy.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = exited();
    if (why) throw new Error(`the server exited before it was ready: ${why}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..');
  // MWS_E2E_DIST: test another build than dist/ (e.g. one made with `vite build --outDir`).
  const builtApp = process.env.MWS_E2E_DIST ?? path.join(root, 'dist');
  if (!existsSync(path.join(builtApp, 'index.html'))) {
    throw new Error(`${builtApp} has no index.html: run \`npm run build\` first (npm run test:e2e does)`);
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'mws-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const distDir = path.join(workDir, 'dist');
  cpSync(builtApp, distDir, { recursive: true });
  const port = await freePort();
  let output = '';
  let exit: string | undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      LOG: 'false',
      // The demo feature's picture for its first 150 s only (docs/decisions/218; the whole takes minutes of CPU), past its first line at 1:35, so the player opens inside it.
      FEATURE_PICTURE_SECONDS: '150',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.on('exit', (code, signal) => {
    exit = `code ${code ?? ''} ${signal ?? ''}\n${output.slice(-2000)}`;
  });

  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(`${baseURL}/healthz`, 90_000, () => exit);
  process.env.MWS_E2E_BASE_URL = baseURL;

  return async () => {
    if (!exit) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (!exit) child.kill('SIGKILL');
    }
    rmSync(workDir, { recursive: true, force: true });
  };
}
