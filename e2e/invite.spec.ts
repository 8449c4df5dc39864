/** Accepting an invitation: from the link an admin's PUT /users created, to signed in (src/features/auth/pages/InvitePage.tsx). */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, signIn } from './support';

async function invite(request: APIRequestContext, email: string, name = 'Paula Pending'): Promise<string> {
  const res = await request.put('/api/users', {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
    data: { emailNormal: email, name },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { inviteCode: string }).inviteCode;
}

test('an invited person sets a name and password, is signed in, and the link is spent', async ({ page, request }) => {
  const code = await invite(request, `paula.${Date.now()}@example.com`);
  await page.goto(`/invite/${code}`);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(page.getByText(/You are invited to MWS Console as paula\.\d+@example\.com/)).toBeVisible();
  const name = page.getByLabel('Your name');
  await expect(name).toHaveValue('Paula Pending');
  await expect(name).toBeFocused();

  // Bad input: named at the field, focus goes there, nothing is sent.
  await name.fill('');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page.getByText('Enter your name as colleagues should see it.')).toBeVisible();
  await expect(name).toBeFocused();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Paula Present');
  await expect(page.getByText('Enter your name as colleagues should see it.')).toHaveCount(0);
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('paula-password');
  await page.getByLabel('Password again').fill('paula-passwort');
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Password again').fill('paula-password');
  await page.getByLabel('Password again').press('Enter');

  await expect(page).toHaveURL(/\/work-requests$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('Paula Present')).toBeVisible();

  // The link again: spent, and it says where to go instead.
  await page.goto(`/invite/${code}`);
  await expect(page.getByRole('alert')).toContainText('This invitation link is unknown or has been used already.');
  await page.getByRole('link', { name: 'sign in' }).click();
  await expect(page).toHaveURL(/\/work-requests$/); // still signed in as Paula: sign-in sends her on
});

test('when the link is spent while the form is open, what was typed stays and the message says so', async ({
  page,
  request,
}) => {
  const code = await invite(request, `race.${Date.now()}@example.com`);
  await page.goto(`/invite/${code}`);
  await expect(page.getByLabel('Your name')).toHaveValue('Paula Pending');
  const other = await request.post(`/api/invitations/${code}`, {
    data: { name: 'Someone Else', password: 'someone-else-1' },
  });
  expect(other.status()).toBe(200);
  await page.getByLabel('Password', { exact: true }).fill('my-own-password');
  await page.getByLabel('Password again').fill('my-own-password');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('This invitation was used or withdrawn meanwhile.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('my-own-password');
  await expect(page).toHaveURL(new RegExp(`/invite/${code}$`));
});

/** Invites `name` through the API, then opens their invitation from Catalog → Users as the admin. */
async function openInvitation(page: Page, request: APIRequestContext, email: string, name: string) {
  const code = await invite(request, email, name);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/catalog/users');
  await page.getByLabel('Search').fill(email);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(/Invitation open until/);
  await row.getByRole('button', { name: `Invitation ${name}` }).click();
  const panel = page.getByRole('region', { name: `Invitation for ${name}` });
  await expect(panel).toBeFocused();
  return { code, row, panel };
}

test('an admin finds a pending invitation, sees until when it is open, and issues a new link that replaces the old', async ({
  page,
  request,
}) => {
  const email = `lost.${Date.now()}@example.com`;
  const { code: oldCode, panel } = await openInvitation(page, request, email, 'Lou Lostlink');
  await expect(panel.getByLabel('Invitation link')).toHaveValue(new RegExp(`/invite/${oldCode.replace('.', '\\.')}$`));

  await panel.getByRole('button', { name: 'Issue a new link' }).click();
  await expect(panel.getByRole('status')).toHaveText('The previous link no longer works.');
  await expect(panel).toContainText('A new invitation link for Lou Lostlink.');
  await expectAccessible(page, 'the users page with an invitation shown');
  const fresh = await panel.getByLabel('Invitation link').inputValue();
  expect(fresh).toMatch(/\/invite\/[0-9a-f]{24}\.[0-9a-f]{32}$/);
  expect(fresh.endsWith(oldCode)).toBe(false);

  // The old link is spent; the new one opens the invitation.
  await page.goto(`/invite/${oldCode}`);
  await expect(page.getByRole('alert')).toContainText('This invitation link is unknown or has been used already.');
  await page.goto(fresh);
  await expect(page.getByText(`You are invited to MWS Console as ${email}`)).toBeVisible();
});

test('an admin withdraws an invitation (the link stops working) and invites again', async ({ page, request }) => {
  const { code, row, panel } = await openInvitation(
    page,
    request,
    `wrong.${Date.now()}@example.com`,
    'Wanda Wrongperson',
  );
  await panel.getByRole('button', { name: 'Withdraw invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw the invitation?' });
  await expect(dialog.getByRole('button', { name: 'Keep the invitation' })).toBeFocused();
  await page.keyboard.press('Escape'); // changes nothing
  await expect(dialog).toHaveCount(0);
  expect((await request.get(`/api/invitations/${code}`)).status()).toBe(200);

  await panel.getByRole('button', { name: 'Withdraw invitation' }).click();
  await dialog.getByRole('button', { name: 'Withdraw invitation' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('status')).toContainText('The invitation was withdrawn');
  await expect(row.getByRole('list', { name: 'Status' })).toContainText('– Approved');
  expect((await request.get(`/api/invitations/${code}`)).status()).toBe(404);

  await panel.getByRole('button', { name: 'Invite again' }).click();
  await expect(panel).toContainText('A new invitation link for Wanda Wrongperson.');
  const fresh = await panel.getByLabel('Invitation link').inputValue();
  expect((await request.get(`/api/invitations/${fresh.split('/invite/')[1]}`)).status()).toBe(200);
  await expect(row.getByRole('list', { name: 'Status' })).toContainText('✓ Approved');
});

test('an expired invitation says so and what to do (the server answers 410)', async ({ page }) => {
  // The server's lifetime is 14 days (API tests check lapsing with a short one); here its answer is stood in for.
  await page.route('**/api/invitations/*', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'gone', message: 'this invitation has expired: ask whoever invited you for a new link' },
      }),
    }),
  );
  await page.goto(`/invite/${'a'.repeat(24)}.${'b'.repeat(32)}`);
  await expect(page.getByRole('alert')).toContainText('This invitation has expired.');
  await expect(page.getByRole('alert')).toContainText('Ask whoever invited you to send a new link');
  await expect(page.getByRole('link', { name: 'sign in' })).toBeVisible();
  await expectAccessible(page, 'an expired invitation');
});
