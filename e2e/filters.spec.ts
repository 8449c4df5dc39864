/**
 * Filter controls bound to the URL show their new state the moment they are used, even on a slow machine.
 * (CI once failed because a transition-deferred URL update left a just-clicked checkbox unticked.)
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './support';

test('URL-bound filter checkboxes tick at once on a CPU slowed eight-fold', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  const cdp = await page.context().newCDPSession(page);

  await page.goto('/catalog/projects');
  await expect(page.getByRole('row', { name: /The Glass Orchard/ })).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  const archived = page.getByLabel('Show archived projects');
  for (let i = 0; i < 2; i += 1) {
    await archived.check();
    await expect(page).toHaveURL(/archived=all/);
    await archived.uncheck();
    await expect(page).not.toHaveURL(/archived=all/);
  }
  await archived.check();
  await expect(page.getByRole('row', { name: /Ashes of Pallas/ })).toContainText('Archived');

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  const unread = page.getByLabel('Unread only');
  for (let i = 0; i < 2; i += 1) {
    await unread.check();
    await expect(page).toHaveURL(/read=false|unread/);
    await unread.uncheck();
  }
});
