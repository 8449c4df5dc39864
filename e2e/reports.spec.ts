/**
 * The Reports page (docs/API.md "Reports"): each report the admin may run opens with its chart and tables; a filter
 * goes into the URL (a link reproduces the report) and changes the figures as the API answers them; each table
 * exports as CSV; axe passes. A translator is not offered the page.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, settled, signIn } from './support';

const REPORTS = [
  'Orders',
  'Order volume',
  'Exceptions',
  'Offline rejections and encodes',
  'Group spending',
  'Downloads',
];

test('each report opens with a chart and tables; a filter goes into the URL; a table exports as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  for (const title of REPORTS) {
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name: title, exact: true }).click();
    await expect(page.getByText(new RegExp(`^${title}: orders placed`))).toBeVisible();
    await expect(page.locator('.report-chart').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  }

  // Orders, filtered by a language: the URL holds it, the figure is the API's for the same query.
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  await expect(page.locator('[data-chart="on-time"] canvas')).toBeVisible();
  await page.getByLabel('Language', { exact: true }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/report=orders/);
  await expect(page).toHaveURL(/language=/);
  const language = new URL(page.url()).searchParams.get('language')!;
  const api = await request.get(`/api/reports/orders?language=${encodeURIComponent(language)}`, {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
  });
  const placed = String(((await api.json()) as { totals: { placed: number } }).totals.placed);
  await expect(page.locator('.report-figures__item').filter({ hasText: 'Placed' }).locator('dd')).toHaveText(placed);

  // The link reproduces it.
  await page.reload();
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue(language);
  await expect(page.locator('.report-figures__item').filter({ hasText: 'Placed' }).locator('dd')).toHaveText(placed);

  // Volume over time is drawn; its table exports as CSV (BOM, quoted cells, the header first).
  await page.getByRole('button', { name: 'Order volume', exact: true }).click();
  await expect(page.locator('[data-chart="volume"] canvas')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV of Per period', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^volume-periods-.*\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF"Period","Orders"\r\n')).toBe(true);

  await settled(page);
  await expectAccessible(page, 'reports');
});

test('a translator is not offered reports', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByText('No report is open to you')).toBeVisible();
});
