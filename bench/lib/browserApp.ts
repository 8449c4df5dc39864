/**
 * What the browser benchmarks share (bench/browser.ts, bench/jump.ts): our server on a data directory serving the app
 * built by bench/bundle.ts, and headless Debian Chromium with the e2e tests' flags (scripts/chromiumFlags.ts).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../scripts/chromiumFlags';
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
    args: CHROMIUM_FLAGS,
  });
}

/** The work-request list's requests (not a record's). */
export const LIST_PATH = /\/api\/workrequests(\?|$)/;

/**
 * Takes `Content-Range` out of the list's answers, as a deployment that does not say its total would answer: the
 * list then loads page after page as it scrolls (the infinite-scroll fallback), the way every list worked before
 * lists could jump (docs/decisions/100-sparse-lists-any-row.md).
 */
export async function hideListTotal(page: Page): Promise<void> {
  await page.route(LIST_PATH, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-range'];
    await route.fulfill({ response, headers });
  });
}
