/**
 * One cache entry per user (docs/decisions/160-one-cache-entry-per-user.md): a name saved in Settings or in the
 * catalog's user dialog shows at once in the shell's user menu and in the user list, without a reload; and the app
 * signs out, saying why, when the server stops accepting the stored credentials (the account disabled, the password
 * changed elsewhere) instead of going on answering 401s and 403s.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, basic, goInApp, holdRoute, registerUser, signIn, type Account } from './support';

const asAdmin = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };

async function groupsOf(request: APIRequestContext, account: Account): Promise<{ _id: string }[]> {
  const me = await request.get('/api/users/me', {
    headers: { Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest' },
  });
  return ((await me.json()) as { groups: { _id: string }[] }).groups;
}

const userMenuName = (page: Page) => page.locator('.usermenu__name');

async function searchUsers(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

test('a name saved in Settings or in the user dialog shows in the user menu and the user list at once', async ({
  page,
  request,
}) => {
  // An admin of its own (in the demo admin's groups), so renaming it disturbs no other spec.
  const ada = await registerUser(request, 'Ada Before', await groupsOf(request, ACCOUNTS.admin));
  await signIn(page, ada);
  await expect(userMenuName(page)).toHaveText('Ada Before');
  await goInApp(page, '/catalog/users');
  const users = page.getByRole('grid', { name: 'Users' });
  await searchUsers(page, ada.username);
  await expect(users.getByRole('row', { name: /Ada Before/ })).toBeVisible();

  // Renamed in Settings: the user menu says so, and the list the catalog holds shows it before any new read of it
  // answers (the list's requests are held).
  await goInApp(page, '/settings');
  await page.getByLabel('Name', { exact: true }).fill('Ada Settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(userMenuName(page)).toHaveText('Ada Settings');
  const release = await holdRoute(page, /\/api\/users\?/);
  await goInApp(page, '/catalog/users');
  await searchUsers(page, ada.username);
  await expect(users.getByRole('row', { name: /Ada Settings/ })).toBeVisible();
  release();

  // Renamed in the catalog's user dialog: the shell's user menu shows it at once, no reload.
  await page.getByRole('button', { name: 'Edit Ada Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name( \(required\))?$/).fill('Ada Catalog');
  await dialog.getByRole('button', { name: 'Save user' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(userMenuName(page)).toHaveText('Ada Catalog');
  await expect(users.getByRole('row', { name: /Ada Catalog/ })).toBeVisible();

  // Settings opened again edit the record as saved.
  await goInApp(page, '/settings');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Catalog');
});

/** What the server is told elsewhere, and what the sign-in page then says. */
const REFUSALS = [
  {
    what: 'an account disabled',
    change: { status: { invited: true, approved: false, registered: true, confirmed: true } },
    says: 'You were signed out: your account has been disabled',
  },
  {
    what: 'a password changed elsewhere',
    change: { password: 'changed-elsewhere-1' },
    says: 'Your session has ended: the server no longer accepts your sign-in',
  },
];

for (const { what, change, says } of REFUSALS) {
  test(`${what} while the app is open signs it out, and the sign-in page says why`, async ({ page, request }) => {
    const person = await registerUser(request, 'Dee Refused', await groupsOf(request, ACCOUNTS.translator));
    await signIn(page, person);
    const put = await request.put(`/api/users/${person._id}`, { headers: asAdmin, data: change });
    expect(put.status()).toBe(200);
    // The app's next request (its inbox, polled once the live stream ends) meets the refusal.
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('status')).toContainText(says);
    expect(await page.evaluate(() => window.sessionStorage.getItem('mws.session'))).toBeNull();
  });
}
