/**
 * Embargoes in the app (docs/API.md "Embargoes"), as a translator — someone the embargo holds: an embargoed file of
 * the demo shows locked with its release date and offers no download, the asset's previews no play button; "Request
 * access" fails visibly when the server does, works on the next try, and says "already requested" on the next visit.
 * Keyboard only for the button; axe on the page.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, expectAccessible, settled, signIn } from './support';

interface AssetRow {
  _id: string;
  name: string;
  $embargo: boolean;
  $embargoUntil?: number;
}
interface FileRow {
  _id: string;
  name: string;
  path?: string;
  $embargo?: { until: number | null; locked: boolean; requested?: boolean };
}

test('a translator sees an embargoed file locked until its date and asks for access', async ({ page, request }) => {
  // The demo's embargoed assets: pick one whose locked file nobody asked about yet.
  const assets = await apiList<AssetRow>(request, ACCOUNTS.translator, '/assets/countByProject', 'resources=0-199');
  let target: { asset: AssetRow; file: FileRow } | undefined;
  for (const asset of assets.items.filter((a) => a.$embargo)) {
    const files = await apiList<FileRow>(request, ACCOUNTS.translator, `/files?asset=${asset._id}`);
    const file = files.items.find((f) => f.$embargo?.locked && !f.$embargo.requested);
    if (file) {
      target = { asset, file };
      break;
    }
  }
  expect(target, 'an embargoed demo file not yet requested').toBeDefined();
  const { asset, file } = target!;
  expect(file.path).toBeUndefined();

  await signIn(page, ACCOUNTS.translator);
  await page.goto(`/catalog/assets/${asset._id}`);
  await settled(page);
  await expect(page.getByRole('heading', { name: asset.name, level: 1 })).toBeVisible();
  // The asset says it is embargoed, until when.
  await expect(page.getByText('Embargoed', { exact: true }).first()).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(file.name) }) });
  await expect(row.getByText('Locked')).toBeVisible();
  await expect(row.getByText(/under embargo until/)).toBeVisible();
  // The date as the app shows dates: a <time> with the release instant.
  await expect(row.locator('time')).toHaveAttribute('datetime', new Date(file.$embargo!.until! * 1000).toISOString());
  await expect(row.getByRole('link', { name: /download/i })).toHaveCount(0);
  // The asset's previews are held too: no play button.
  const previews = page.getByRole('table', { name: 'Previews' });
  if (await previews.count()) await expect(previews.getByRole('button', { name: /^view/i })).toHaveCount(0);
  await expectAccessible(page, 'an asset with a locked file');

  // The first try fails (the server answers 503): said, and the button offers another try.
  let failOnce = true;
  await page.route(`**/api/files/${file._id}/accessRequests`, async (route) => {
    if (!failOnce) return route.continue();
    failOnce = false;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'the database is restarting' } }),
    });
  });
  const button = row.getByRole('button', { name: new RegExp(`Request access to ${file.name}`) });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('alert')).toContainText('Could not send the request');
  const again = row.getByRole('button', { name: /Try again/ });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toContainText('Access requested');
  await expectAccessible(page, 'an asset with a requested file');

  // On the next visit the server remembers: already requested, no button.
  await page.reload();
  await settled(page);
  await expect(row.getByRole('status')).toContainText('Already requested');
  await expect(row.getByRole('button', { name: /Request access/ })).toHaveCount(0);
});
