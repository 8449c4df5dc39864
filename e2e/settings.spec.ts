/** Settings: preferences and profile saved through PUT /users/{id}, surviving a reload; unknown values kept. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, placeOrderFor, registerUser, signIn } from './support';

const SHOTS = 'test-results/screens';

test('settings are saved and survive a reload; unknown values are kept; validation', async ({ page, request }) => {
  // A translator of its own (in the demo translator's groups): the name and the
  // preferences this test changes would otherwise be the demo translator's, whom other specs sign in as and name
  // meanwhile ("Tomas Translator" in pickers and notifications).
  const demo = { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' };
  const { groups } = (await (await request.get('/api/users/me', { headers: demo })).json()) as {
    groups: { _id: string }[];
  };
  const user = await registerUser(request, 'Tess Translator', groups);
  // Work of her own: a translator sees the projects of their work (docs/API.md, "Who sees what: grants"), the ones
  // they may mute.
  await placeOrderFor(request, user._id, 'Settings spec');
  const auth = { Authorization: basic(user), 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as {
    _id: string;
    preferences: Record<string, Record<string, unknown>>;
  };
  // A value the app does not offer (every 30 minutes) and a key it does not know.
  const put = await request.put(`/api/users/${me._id}`, {
    headers: auth,
    data: { preferences: { ...me.preferences, mail: { ...me.preferences.mail, shares: 1800, digestHour: 7 } } },
  });
  expect(put.status()).toBe(200);

  await signIn(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Shares', { exact: true })).toHaveValue('1800');
  await expect(page.getByLabel('Shares', { exact: true }).locator('option:checked')).toHaveText(
    'Every 30 minutes (custom)',
  );
  await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });

  // Validation.
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByLabel('Uploads at the same time').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Enter a number from 1 to 20.')).toBeVisible();

  // Cancel restores.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Uploads at the same time')).not.toHaveValue('0');

  const name = `Tess Translator ${Date.now() % 1000}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Work requests', { exact: true }).selectOption({ label: 'Weekly' });
  await page.getByLabel('Workflow', { exact: true }).selectOption({ label: 'Off' });
  await page.getByLabel('Uploads at the same time').fill('7');
  await page.getByLabel('Skip the scratch preview when ingesting').check();
  const firstProject = page.getByRole('list', { name: 'Projects to mute' }).getByRole('checkbox').first();
  await firstProject.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.locator('.usermenu__name')).toHaveText(name);

  // The master switch disables the rest.
  await page.getByLabel('Send me e-mail').uncheck();
  await expect(page.getByLabel('Projects', { exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Send me e-mail')).not.toBeChecked();
  await expect(page.getByLabel('Work requests', { exact: true })).toHaveValue('604800');
  await expect(page.getByLabel('Workflow', { exact: true })).toHaveValue('-1');
  await expect(page.getByLabel('Shares', { exact: true })).toHaveValue('1800');
  await expect(page.getByLabel('Uploads at the same time')).toHaveValue('7');
  await expect(page.getByLabel('Skip the scratch preview when ingesting')).toBeChecked();
  await expect(firstProject).toBeChecked();

  const after = (await (await request.get(`/api/users/${me._id}`, { headers: auth })).json()) as {
    preferences: { mail: Record<string, unknown>; blacklist: { projects: unknown[] } };
  };
  expect(after.preferences.mail).toMatchObject({
    enabled: false,
    shares: 1800,
    digestHour: 7,
    work_requests: 604800,
    workflow: -1,
  });
  expect(after.preferences.blacklist.projects.length).toBeGreaterThan(0);

  // Accessibility, and the narrow layout.
  await expectAccessible(page, 'settings');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/settings-1024.png` });
});

/** Opens the settings as the coordinator and changes the name without saving. */
async function editName(page: Page): Promise<{ name: Locator; original: string }> {
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/settings');
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  await name.fill(`${original} (draft)`);
  return { name, original };
}

test('leaving with unsaved settings asks first: stay keeps the edit, leave discards it; closing the tab asks the browser', async ({
  page,
}) => {
  const { name, original } = await editName(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Work requests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  // Staying is the safe answer, so it has the focus (not the dialog's close button).
  await expect(dialog.getByRole('button', { name: 'Stay and keep editing' })).toBeFocused();
  await expect(dialog).toContainText('You have unsaved changes to your settings.');
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(name).toHaveValue(`${original} (draft)`);

  // Escape is "stay" too.
  await nav.getByRole('link', { name: 'Shares' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);

  // The browser's own prompt guards closing the tab while the edit is there.
  const prompts: string[] = [];
  page.on('dialog', (d) => {
    prompts.push(d.type());
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompts).toEqual(['beforeunload']);
});

test('once discarded, or after Cancel, leaving does not ask', async ({ page }) => {
  const { name, original } = await editName(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work requests' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave and discard' })
    .click();
  await expect(page).toHaveURL(/\/work-requests$/);
  await page.goto('/settings');
  await expect(name).toHaveValue(original);

  await page.getByLabel('Uploads at the same time').fill('4');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shares' }).click();
  await expect(page).toHaveURL(/\/shares$/);
});

test('a muted project the user can no longer see is named in words, never by its id, and can be unmuted', async ({
  page,
  request,
}) => {
  // The coordinator: the translator's settings belong to this file's other tests.
  const account = ACCOUNTS.coordinator;
  const auth = { Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as {
    _id: string;
    preferences: Record<string, Record<string, unknown>>;
  };
  const gone = 'ffffffffffffffffffffff01'; // no project has this id
  const put = await request.put(`/api/users/${me._id}`, {
    headers: auth,
    data: { preferences: { ...me.preferences, blacklist: { ...me.preferences.blacklist, projects: [gone] } } },
  });
  expect(put.status()).toBe(200);
  try {
    await signIn(page, account);
    await page.goto('/settings');
    const unknown = page.getByRole('list', { name: 'Muted entries not in the project list' });
    await expect(unknown).toContainText('A project no longer in your list');
    await expect(page.locator('main')).not.toContainText(gone);
    await unknown.getByRole('button', { name: 'Unmute' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => {
        const after = (await (await request.get('/api/users/me', { headers: auth })).json()) as typeof me;
        return (after.preferences.blacklist?.projects as unknown[] | undefined) ?? [];
      })
      .toEqual([]);
  } finally {
    await request.put(`/api/users/${me._id}`, { headers: auth, data: { preferences: me.preferences } });
  }
});

test('the time zone of my e-mails: a bad name is refused at the field, a real one is saved; admins find the outbox', async ({
  page,
  request,
}) => {
  const demo = { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' };
  const { groups } = (await (await request.get('/api/users/me', { headers: demo })).json()) as {
    groups: { _id: string }[];
  };
  const user = await registerUser(request, 'Zoe Zone', groups);
  await signIn(page, user);
  await page.goto('/settings');
  const zone = page.getByLabel('Time zone');
  await expect(zone).toHaveValue('UTC');
  await expect(page.getByText('Times in your e-mails are shown in this zone.')).toBeVisible();
  await zone.fill('Mars/Olympus');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose a time zone such as Europe/Paris (“Mars/Olympus” is not one).')).toBeVisible();
  await expect(zone).toBeFocused();
  await zone.fill('Asia/Tokyo');
  await page.getByRole('button', { name: 'Save' }).click();
  // Exactly the save's own word ("Unsaved changes" matched a looser /saved/ before the save had answered).
  await expect(page.getByRole('status').filter({ hasText: /^Saved\.$/ })).toBeVisible();
  const auth = { Authorization: basic(user), 'X-Requested-With': 'XMLHttpRequest' };
  // The save's answer may come after a "saved" text already on the page: read the record until it holds the zone.
  await expect
    .poll(async () => {
      const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as { timeZone?: string };
      return me.timeZone;
    })
    .toBe('Asia/Tokyo');
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
  await expectAccessible(page, 'settings with a time zone');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, ACCOUNTS.admin, { path: '/sign-in' });
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Mail outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
});
