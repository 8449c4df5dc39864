/**
 * Changing one's own password in Settings (docs/API.md, "Changing a password"): the current one is asked for and a
 * wrong one changes nothing; the new one keeps this tab signed in, and signs in afresh; the old one no longer does.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, signIn } from './support';

/** A person of their own (no other spec changes their password): invited, then registered with `password`. */
async function registeredPerson(request: APIRequestContext, password: string) {
  const email = `pat.${Date.now()}@example.com`;
  const res = await request.put('/api/users', {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
    data: { emailNormal: email, name: 'Pat Password' },
  });
  expect(res.status()).toBe(200);
  const { inviteCode } = (await res.json()) as { inviteCode: string };
  const accepted = await request.post(`/api/invitations/${inviteCode}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Pat Password', password },
  });
  expect(accepted.status()).toBe(200);
  return { username: email, password };
}

test('a wrong current password changes nothing; the right one changes it and this tab stays signed in', async ({
  page,
  request,
}) => {
  const person = await registeredPerson(request, 'first-password-1');
  await signIn(page, person);
  await page.goto('/settings');
  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('second-password-2');
  await form.getByLabel('New password again').fill('second-password-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is wrong. Nothing was changed.');
  await expectAccessible(page, 'settings with a password error');

  await form.getByLabel('Current password').fill(person.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed.' })).toBeVisible();
  // Still signed in: the next page is read with the new credentials.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();

  const old = await request.get('/api/users/me', {
    headers: { Authorization: basic(person), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(old.status()).toBe(401);
  const renewed = { ...person, password: 'second-password-2' };
  const fresh = await request.get('/api/users/me', {
    headers: { Authorization: basic(renewed), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(fresh.status()).toBe(200);
});

test('new passwords that are too short or differ are named at the field, and nothing is sent', async ({
  page,
  request,
}) => {
  const person = await registeredPerson(request, 'first-password-1');
  await signIn(page, person);
  await page.goto('/settings');
  const form = page.getByRole('region', { name: 'Password' });
  let sent = 0;
  await page.route('**/api/users/*', (route) => {
    if (route.request().method() === 'PUT') sent++;
    return route.continue();
  });
  await form.getByLabel('Current password').fill(person.password);
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('New password again').fill('shorter');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('At least 8 characters.')).toBeVisible();
  await expect(form.getByText('The two new passwords differ.')).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toBeFocused();
  expect(sent).toBe(0);
});
