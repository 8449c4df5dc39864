/**
 * The record lists on a phone (docs/API.md "Lists on phones"): at 390 px each row is a card with the asset's
 * name, status, language / territory, due date (with how late) and assignee, inside the screen's width — the grid
 * does not scroll sideways (its scrollWidth is its width) — and still a keyboard grid with the selection's boxes.
 * At 1280 px it is the table again. The translations list likewise. axe on the cards; screenshots at 390, 768 and 1280.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, expectNoSidewaysScroll, grid, signIn } from './support';

test('at 390 px the work-request list is cards that fit; at 1280 px the table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests');
  const list = grid(page);
  const first = list.locator('.vtable__body .vtable__row').first();
  await expect(first.locator('.record-card')).toBeVisible();
  // The fields that matter, on the screen.
  await expect(first.locator('.badge')).toBeVisible();
  await expect(first.getByText(/^Due/)).toBeVisible();
  await expect(first.locator('code').first()).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // No sideways scroll, in the grid's own scroll area or the page.
  await expectNoSidewaysScroll(page, 390);
  // A keyboard grid still: focus it, move down, Enter opens the row's work request.
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await expect(list.locator('.vtable__row.is-active')).toHaveCount(1);
  // The selection's boxes are there (bulk actions).
  await expect(first.getByRole('checkbox')).toBeVisible();
  await expectAccessible(page, 'the work-request cards', '.vtable');
  await page.screenshot({ path: 'test-results/screenshots/wr-cards-390.png' });

  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(list.locator('.record-card')).toHaveCount(0);
    await expect(list.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/wr-list-${width}.png` });
  }
});

test('at 390 px the translations list is cards that fit too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.translator);
  await page.goto('/translations');
  const list = page.getByRole('grid', { name: 'Translations' });
  const first = list.locator('.vtable__body .vtable__row').first();
  await expect(first.locator('.record-card')).toBeVisible();
  await expect(first.locator('.badge')).toBeVisible();
  await expect(first.getByText(/^Due/)).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await expectAccessible(page, 'the translation cards', '.vtable');
  await page.screenshot({ path: 'test-results/screenshots/translation-cards-390.png' });
});
