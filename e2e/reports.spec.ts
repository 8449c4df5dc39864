/**
 * The Reports page (docs/API.md "Reports"): each report the admin may run opens with its chart and tables; a filter
 * goes into the URL (a link reproduces the report) and changes the figures as the API answers them; each table
 * exports as CSV; axe passes. The share feedback report counts a recipient's vote. A translator and a client without a
 * report's flag are not offered the page.
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
  'Share feedback',
];
/** What each report counts in its range, as the page says under its title. */
const COUNTED: Record<string, string> = { Downloads: 'downloads and views', 'Share feedback': 'feedback first given' };

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
    await expect(page.getByText(new RegExp(`^${title}: ${COUNTED[title] ?? 'orders placed'}`))).toBeVisible();
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

test("the share feedback report counts a recipient's vote by asset and territory, and exports it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const CLIENT = { username: 'priya.raman@northlight.test', password: 'demo-password' };
  const as = (account: typeof CLIENT) => ({ Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest' });
  const me = (await (await request.get('/api/users/me', { headers: as(CLIENT) })).json()) as { _id: string };
  const assets = (await (
    await request.get('/api/assets/countByProject', {
      headers: { ...as(ACCOUNTS.coordinator), 'X-Range': 'resources=0-0' },
    })
  ).json()) as { _id: string; name: string }[];
  const sent = await request.post('/api/shares', {
    headers: as(ACCOUNTS.coordinator),
    data: { assets: [{ _id: assets[0]!._id }], to: [{ _id: me._id }], feedback: { enabled: true } },
  });
  expect(sent.status()).toBe(201);
  const share = (await sent.json()) as { _id: string };
  const voted = await request.put(`/api/shares/${share._id}/feedback/${assets[0]!._id}`, {
    headers: as(CLIENT),
    data: { vote: 'order', comment: 'We would order this one' },
  });
  expect(voted.status()).toBe(200);

  await signIn(page, ACCOUNTS.admin, { path: '/reports?report=feedback' });
  await expect(page.getByText(/^Share feedback: feedback first given/)).toBeVisible();
  await expect(page.locator('.report-figures__item').filter({ hasText: 'Would order' }).locator('dd')).not.toHaveText(
    '0',
  );
  await expect(page.locator('.report-chart').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'We would order this one' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV of By asset (up to 100, most answered first)', exact: true }).click(),
  ]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF"Asset","Responses","Up","Down","Would order","No vote"\r\n')).toBe(true);
  expect(text).toContain(assets[0]!.name);
  await settled(page);
  await expectAccessible(page, 'the share feedback report');
});

test('a client without a report permission is not offered reports', async ({ page }) => {
  // The navigation asks which reports she may run (GET /reports) and shows the link only for an answer that names one.
  const asked = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/reports');
  await signIn(page, { username: 'priya.raman@northlight.test', password: 'demo-password' });
  expect(await (await asked).json()).toEqual({ reports: [] });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shares' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);
});

test('a translator is not offered reports', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByText('No report is open to you')).toBeVisible();
});
