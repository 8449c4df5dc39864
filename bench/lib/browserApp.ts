/**
 * What the browser benchmarks share (bench/browser.ts, bench/jump.ts): our server on a data directory serving the app
 * built by bench/bundle.ts, and headless Debian Chromium with the flags of playwright.config.ts.
 */
import { chromium, type Browser } from '@playwright/test';
import { freePort, startProcess, type Running } from './processes';

/** Our server (SQLite in `dir`, no seeding) serving `distDir`, on a free port near `portBase`. */
export function startAppServer(dir: string, distDir: string, portBase: number): Promise<Running> {
  const port = freePort(portBase);
  return startProcess([process.execPath, '--import', 'tsx', 'server/main.ts'], {
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG: 'false', SEED: 'false', DIST_DIR: distDir },
    readyUrl: `http://127.0.0.1:${port}/healthz`,
    url: `http://127.0.0.1:${port}`,
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
