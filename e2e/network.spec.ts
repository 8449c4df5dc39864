/**
 * Bytes on the wire, as the browser receives them (docs/API.md, "Compression and validators"): the app's scripts
 * come precompressed, the list's JSON compressed on the fly, and the page still shows what they decode to.
 */
import { expect, test, type Response } from '@playwright/test';
import { ACCOUNTS, grid, signIn } from './support';

const ENCODED = /^(br|gzip)$/;
/** Files under this size are built without encoded forms (scripts/vite/precompress.ts) and sent as they are. */
const PRECOMPRESS_MIN_BYTES = 1024;

test('the browser receives the app’s scripts and the list’s JSON compressed, and shows the rows', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (/^\/assets\/.+\.js$/.test(new URL(r.url()).pathname)) scripts.push(r);
  });
  await signIn(page, ACCOUNTS.coordinator);

  // A page of 50 work requests is well over the compression threshold.
  const list = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/workrequests' && r.request().headers()['x-range'] === 'resources=0-49',
    { timeout: 60_000 },
  );
  await page.goto('/work-requests');
  const response = await list;
  expect(response.status()).toBe(200);
  const headers = await response.allHeaders();
  expect(headers['content-encoding']).toMatch(ENCODED);
  expect(headers.vary).toContain('Accept-Encoding');
  expect(headers.etag).toMatch(/^W\/"h[\w-]+"$/);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });

  expect(scripts.length).toBeGreaterThan(0);
  const entry = scripts.find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.url()));
  expect(entry, 'the entry script was loaded').toBeDefined();
  for (const script of scripts) {
    const h = await script.allHeaders();
    expect(h['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    if (script === entry || Number(h['content-length']) >= PRECOMPRESS_MIN_BYTES) {
      expect(h['content-encoding'], script.url()).toMatch(ENCODED);
    }
  }
});
