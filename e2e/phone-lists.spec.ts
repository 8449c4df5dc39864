/**
 * Lists on phones (docs/API.md "Lists on phones"): at 390 px the shares list is cards with the projects, state and
 * people, inside the screen, and the page does not scroll sideways; the ingests page neither. axe on both.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, expectNoSidewaysScroll, signIn } from './support';

test('at 390 px the shares list is cards that fit; at 1280 px the table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/shares');
  const list = page.getByRole('grid', { name: 'Shares' });
  const first = list.locator('.vtable__body .vtable__row').first();
  await expect(first.locator('.record-card')).toBeVisible();
  await expect(first.locator('.badge')).toBeVisible();
  await expect(first.getByText(/→/)).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, 390);
  await expectAccessible(page, 'the share cards');
  await page.screenshot({ path: 'test-results/screenshots/shares-cards-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(first.locator('.record-card')).toHaveCount(0);
  await expect(list.getByRole('columnheader', { name: 'Recipients' })).toBeVisible();
});

test('at 390 px the ingests page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/ingests');
  await expect(page.getByRole('heading', { name: 'Ingests' })).toBeVisible();
  await expect(page.getByText('Loading uploads…')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the ingests page at 390 px');
  await page.screenshot({ path: 'test-results/screenshots/ingests-390.png', fullPage: true });
});
