/** axe-core on every page: no serious or critical violations. */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, placeOrder, settled, signIn } from './support';

test('every page passes axe without serious or critical violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');

  // The invitation page, for a fresh invitation (an admin's PUT /users answers its one-time code).
  const invited = await request.put('/api/users', {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
    data: { emailNormal: `axe.${Date.now()}@example.com` },
  });
  await page.goto(`/invite/${((await invited.json()) as { inviteCode: string }).inviteCode}`);
  await expect(page.getByLabel('Your name')).toBeVisible();
  await expectAccessible(page, 'invitation');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page.getByText('Enter your name as colleagues should see it.')).toBeVisible();
  await expectAccessible(page, 'invitation with errors');

  await signIn(page, ACCOUNTS.admin);
  // A submitted order of its own: the newest submitted one may be another spec's, moved or cancelled meanwhile (and a
  // cancelled one offers no "Cancelled" below).
  const order = (await placeOrder(request, 'Accessibility e2e')) as { _id: string };
  const pages: [string, string, RegExp | string][] = [
    ['work request list', '/work-requests', 'Work requests'],
    ['automation queue', '/work-requests?view=automation', 'Automation queue'],
    ['work request', `/work-requests/${order._id}`, /.+/],
    ['translations', '/translations', 'Translations'],
    ['shares', '/shares', 'Shares'],
    ['notifications', '/notifications', 'Notifications'],
    ['settings', '/settings', 'Settings'],
    ['catalog', '/catalog', 'Catalog'],
    ['not found', '/no-such-page', 'Page not found'],
  ];
  for (const [name, path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await settled(page);
    await expectAccessible(page, name);
  }

  // The status dialog, open (a submitted order: cancelling it is one of the moves open to an admin).
  await page.goto(`/work-requests/${order._id}`);
  await page.getByText('Change status').click();
  await expectAccessible(page, 'status menu');
  await page.getByRole('button', { name: 'Cancelled' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'status dialog');
});
