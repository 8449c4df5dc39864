/**
 * The shares and ingests lists beside phone-lists.spec.ts (docs/API.md "Lists on phones"): at 768 and 1280 px the
 * shares list is the table again, whose State column shows its longest badge whole.
 * Each upload on the Ingests page is a card within the screen. axe on each; screenshots at 390, 768 and 1280.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, expectNoSidewaysScroll, signIn } from './support';
import { editableAsset } from '../test/support/uploads';
import { makeClip, uploadWhole } from '../test/support/ingest';

test('at 768 and 1280 px the shares list is a table again, and its State badges show whole', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/shares');
  const list = page.getByRole('grid', { name: 'Shares' });
  await expect(list.locator('.record-card').first()).toBeVisible();
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(list.locator('.record-card')).toHaveCount(0);
    await expect(list.getByRole('columnheader', { name: 'State' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/share-list-${width}.png` });
  }
  // Every State badge within its cell (the longest, "Awaiting approval", was cut at 1280 px).
  const clipped = await list.locator('.vtable__body .vtable__row').evaluateAll((rows) =>
    rows.flatMap((row) =>
      [...row.querySelectorAll<HTMLElement>('.badge')].flatMap((b) => {
        const cell = b.closest<HTMLElement>('[role="gridcell"]')!;
        return b.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5 ||
          b.scrollWidth > b.clientWidth
          ? [b.textContent]
          : [];
      }),
    ),
  );
  expect(clipped).toEqual([]);
  await expectNoSidewaysScroll(page, 1280);
  await expectAccessible(page, 'the share list', '.vtable');
});

test('at 390 px each upload on the Ingests page is a card within the screen', async ({ page, baseURL }) => {
  const server = { url: baseURL! };
  const asset = await editableAsset(server);
  const name = `e2e phone ingest ${Date.now()}.mp4`;
  await uploadWhole(server, makeClip(2, { size: '640x360' }), name, { asset }, ACCOUNTS.coordinator);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/ingests');
  const item = page.getByRole('listitem', { name });
  await expect(item).toBeVisible();
  await expect(item.getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
  const box = (await item.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Name and state on the card's first lines, beside the thumbnail, all inside the card.
  for (const part of [item.getByRole('heading', { name }), item.getByText('Succeeded'), item.getByRole('img')]) {
    const b = (await part.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await expectNoSidewaysScroll(page, 390);
  await expectAccessible(page, 'the ingests cards', '.ingests__list');
  await page.screenshot({ path: 'test-results/screenshots/ingests-390.png' });
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, width);
    await page.screenshot({ path: `test-results/screenshots/ingests-${width}.png` });
  }
});

test('on a touch phone the inbox shows no keyboard hints; with a mouse they are there', async ({ browser }) => {
  for (const touch of [true, false]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: touch,
      hasTouch: touch,
    });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.translator);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.locator('.inbox-keys')).toBeVisible({ visible: !touch });
    await context.close();
  }
});
