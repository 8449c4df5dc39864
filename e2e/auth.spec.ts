/** Sign-in, a wrong password, too many of them, a disabled account, coming back after a 401, sign-out (and other tabs following). */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './support';

test('a wrong password gets a clear message and no browser login dialog', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Username or e-mail').fill(ACCOUNTS.admin.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/session'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const response = await answer;
  expect(response.status()).toBe(401);
  // Without WWW-Authenticate the browser shows no login popup.
  expect(response.headers()['www-authenticate']).toBeUndefined();
  await expect(page.getByRole('alert')).toContainText('username or password is incorrect');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('Sign in with a field empty says which, at the field, focuses it and asks nothing', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/session')) asked.push(r.method());
  });
  await page.goto('/sign-in');
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(button).toBeEnabled(); // not greyed out before anything is typed: pressing it says what is missing
  await button.click();
  const username = page.getByLabel('Username or e-mail');
  const password = page.getByLabel('Password', { exact: true });
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription('Enter your username or e-mail.');
  await expect(password).toHaveAccessibleDescription('Enter your password.');

  // Typing clears a field's error; the other one stays until it is filled, and the press focuses it.
  await username.fill(ACCOUNTS.admin.username);
  await expect(page.getByText('Enter your username or e-mail.')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  expect(asked, 'POST /api/session').toEqual([]);

  await password.fill(ACCOUNTS.admin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing in lands an admin on the dashboard and shows the user and group', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('.usermenu')).toContainText('Ada Admin');
  // Not ticked: the credentials live in this tab only.
  expect(await page.evaluate(() => window.localStorage.getItem('mws.session'))).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.getItem('mws.session'))).not.toBeNull();
});

test('a 401 later leads to sign-in and back to the page the user was on', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/notifications?tab=orders');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // The stored credentials stop working (e.g. the password was changed elsewhere).
  await page.evaluate(() => {
    const stored = JSON.parse(window.sessionStorage.getItem('mws.session') ?? '{}') as Record<string, unknown>;
    stored.authorization = `Basic ${btoa('admin@mws.test:changed-elsewhere')}`;
    window.sessionStorage.setItem('mws.session', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fnotifications%3Ftab%3Dorders/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await page.getByLabel('Username or e-mail').fill(ACCOUNTS.admin.username);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/notifications\?tab=orders$/);
});

test('sign-out clears the credentials, and another open tab follows', async ({ page, context }) => {
  await signIn(page, ACCOUNTS.coordinator, { remember: true });
  expect(await page.evaluate(() => window.localStorage.getItem('mws.session'))).not.toBeNull();
  const other = await context.newPage();
  await other.goto('/notifications');
  await expect(other.getByRole('heading', { name: 'Notifications' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('mws.session'))).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.getItem('mws.session'))).toBeNull();

  await expect(other).toHaveURL(/\/sign-in/);
  await expect(other.getByText('You were signed out in another tab.')).toBeVisible();
  // Going back does not show cached records.
  await other.goto('/work-requests');
  await expect(other).toHaveURL(/\/sign-in/);
});

test('after too many failed sign-ins the form says how long to wait', async ({ page }) => {
  // An account of its own (none needs to exist): the lockout cannot reach the demo accounts other specs sign in with.
  const username = 'lockout-e2e@mws.test';
  const authorization = (n: number) => `Basic ${Buffer.from(`${username}:wrong-${n}`).toString('base64')}`;
  let status = 401;
  for (let n = 0; status === 401 && n < 60; n++) {
    status = (
      await page.request.post('/api/session', {
        headers: { Authorization: authorization(n), 'X-Requested-With': 'XMLHttpRequest' },
      })
    ).status();
  }
  expect(status).toBe(429);

  await page.goto('/sign-in');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('maybe-this-one');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/session'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const response = await answer;
  expect(response.status()).toBe(429);
  expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveText(/^Too many failed sign-ins\. Try again in \d+ minutes?\.$/);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a disabled account (status.approved false) is told so in the sign-in form', async ({ page }) => {
  const admin = {
    Authorization: `Basic ${Buffer.from(`${ACCOUNTS.admin.username}:${ACCOUNTS.admin.password}`).toString('base64')}`,
    'X-Requested-With': 'XMLHttpRequest',
  };
  const username = `disabled-${Date.now()}@mws.test`;
  const password = 'disabled-password-1';
  const invited = await (
    await page.request.put('/api/users', { headers: admin, data: { emailNormal: username, name: 'Dee Disabled' } })
  ).json();
  expect(
    (
      await page.request.post(`/api/invitations/${invited.inviteCode}`, { data: { name: 'Dee Disabled', password } })
    ).status(),
  ).toBe(200);
  const status = { invited: true, approved: false, registered: true, confirmed: true };
  expect((await page.request.put(`/api/users/${invited._id}`, { headers: admin, data: { status } })).status()).toBe(
    200,
  );

  await page.goto('/sign-in');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account is disabled. Ask an administrator to enable it.');
  await expect(page).toHaveURL(/\/sign-in/);
});
