/**
 * The mail outbox (docs/API.md "Mail"): with no SMTP configured (the e2e server's default) a mail is kept, and an
 * admin reads who got it, when, its subject and its text at /admin/outbox; others are told the page is for admins.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, basic, registerUser, signIn } from './support';

const SHOTS = 'test-results/screens';

test('an admin reads a kept mail in the outbox; a coordinator may not', async ({ page, request }) => {
  const admin = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
  const coordinator = { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' };
  // A coordinator of her own (the demo coordinator's groups), mailed at once about comments.
  const { groups } = (await (await request.get('/api/users/me', { headers: coordinator })).json()) as {
    groups: { _id: string }[];
  };
  const olive = await registerUser(request, 'Olive <Outbox>', groups);
  const oliveAuth = { Authorization: basic(olive), 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/users/me', { headers: oliveAuth })).json()) as {
    preferences: Record<string, unknown>;
  };
  const mail = { enabled: true, work_request_comments: 0 };
  expect(
    (
      await request.put(`/api/users/${olive._id}`, {
        headers: oliveAuth,
        data: { preferences: { ...me.preferences, mail } },
      })
    ).status(),
  ).toBe(200);
  const [order] = (await (
    await request.get('/api/workrequests?status=in-progress', { headers: { ...admin, 'X-Range': 'resources=0-0' } })
  ).json()) as { _id: string }[];
  expect(
    (
      await request.post('/api/comments', { headers: admin, data: { workRequest: order!._id, body: 'For the outbox' } })
    ).status(),
  ).toBe(200);

  await signIn(page, ACCOUNTS.admin, { path: '/sign-in' });
  // Olive's mails: her invitation (an admin added her), then the comment's. The mail job runs after the comment's
  // commit: the page is read again until it is there.
  const toOlive = (what: string) =>
    page.getByRole('button', { name: new RegExp(`${what}.*${olive.username.replace('.', '\\.')}`) });
  await expect(async () => {
    await page.goto('/admin/outbox');
    await expect(toOlive('commented')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(toOlive('invited you to MWS Console')).toBeVisible();
  await toOlive('commented').click();
  const message = page.getByRole('article', { name: 'Message' });
  await expect(message).toContainText(`To ${olive.username}`);
  await expect(message).toContainText('Hello Olive <Outbox>,');
  await expect(message).toContainText(`/work-requests/${order!._id}`);
  await page.screenshot({ path: `${SHOTS}/outbox-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(message).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outbox-390.png`, fullPage: true });

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, ACCOUNTS.coordinator, { path: '/sign-in' });
  await page.goto('/admin/outbox');
  await expect(page.getByRole('alert')).toHaveText('Only admins can read the outbox.');
});
