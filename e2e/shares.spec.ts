/**
 * Shares: the list, a share's page (assets through their per-asset URLs, permissions, notes), saving with
 * If-Match and a 409 re-applied onto the other version, a recipient's read-only view and their 403.
 * Uses the oldest seeded share the coordinator sent to exactly one client; no other spec touches it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { type Account, ACCOUNTS, apiList, basic, expectAccessible, settled, signIn } from './support';

interface ShareItem {
  _id: string;
  notes?: string;
  from?: { emailNormal?: string };
  to?: { _id?: string; name?: string; emailNormal?: string }[];
  assets?: { _id: string; name?: string }[];
  permissions?: { user?: string; access?: Record<string, unknown> }[];
}

async function getShare(request: APIRequestContext, account: Account, id: string): Promise<ShareItem> {
  const response = await request.get(`/api/shares/${id}`, {
    headers: { Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ShareItem;
}

let target: ShareItem;
let recipient: Account;

test.describe.serial('shares', () => {
  test.beforeAll(async ({ request }) => {
    const { items } = await apiList<ShareItem>(request, ACCOUNTS.coordinator, '/shares');
    const candidates = items.filter(
      (s) =>
        s.from?.emailNormal === ACCOUNTS.coordinator.username &&
        s.to?.length === 1 &&
        !/mws\.test$|harborlane/.test(s.to[0]!.emailNormal ?? ''),
    );
    expect(candidates.length, 'a seeded share from the coordinator to one client').toBeGreaterThan(0);
    target = candidates[candidates.length - 1]!;
    recipient = { username: target.to![0]!.emailNormal!, password: 'demo-password' };
  });

  test('the list shows sent and received shares and passes axe', async ({ page }) => {
    await signIn(page, ACCOUNTS.coordinator);
    await page.getByRole('link', { name: 'Shares', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shares' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Shares' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(/^\d+ shares?$/)).toBeVisible();
    await expect(grid.getByRole('columnheader')).toHaveText([
      'Projects',
      'Assets',
      'Tags',
      'Sent by',
      'Recipients',
      'State',
      'Created',
    ]);
    await expect(grid.getByText('Received').first()).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'share list');
    // Keyboard: focus the grid, go to the first row, open it.
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shares\/[0-9a-f]{24}$/);
  });

  test('a permission flag and the notes are saved and kept after a reload', async ({ page, request }) => {
    const notes = `Checked by e2e ${Date.now()}`;
    await signIn(page, ACCOUNTS.coordinator);
    await page.goto(`/shares/${target._id}`);
    await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();
    const cards = page
      .getByRole('list', { name: 'Shared assets' })
      .getByRole('listitem')
      .filter({ has: page.locator('.asset-card__name') });
    await expect(cards).toHaveCount(target.assets!.length);
    await expect(cards.first().getByRole('list', { name: /What you may do/ })).toBeVisible();
    // The sender counts the votes; "Your vote" is for the recipients.
    await expect(cards.first().locator('.asset-feedback')).toHaveText(/^(No votes yet|Votes: \d+)$/);
    await expect(cards.first().getByText(/Your vote:/)).toHaveCount(0);

    // The permission record in words, never its flag codes (`manageWorkRequsts` was shown once).
    const who = target.to![0]!.name!;
    const push = page.getByRole('checkbox', { name: new RegExp(`^Push delivery for ${who}`) });
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Manage work requests for ${who}`) })).toBeVisible();
    await expect(page.getByText('manageWorkRequsts', { exact: true })).toHaveCount(0);
    const wasOn = await push.isChecked();
    await push.setChecked(!wasOn);
    const notesBox = page.getByRole('textbox', { name: 'Notes', exact: true });
    await notesBox.fill(notes);
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toContainText('2 unsaved changes');
    await settled(page);
    await expectAccessible(page, 'share page (editing)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue(notes);
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Push delivery for ${who}`) })).toBeChecked({
      checked: !wasOn,
    });
    const saved = await getShare(request, ACCOUNTS.coordinator, target._id);
    expect(saved.notes).toBe(notes);
    expect(saved.permissions?.find((p) => p.user === target.to![0]!._id)?.access?.push).toBe(!wasOn);
    expect(saved.permissions?.[0]?.access).toHaveProperty('manageWorkRequsts');
  });

  test('work-request groups are chosen by name (never typed as ids) and saved as ids', async ({ page, request }) => {
    await signIn(page, ACCOUNTS.coordinator);
    await page.goto(`/shares/${target._id}`);
    const who = target.to![0]!.name!;
    const picker = page.getByRole('group', { name: `${who}: Groups that manage work requests` });
    await expect(picker.getByRole('checkbox').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: /group ids/ })).toHaveCount(0);
    const { items: groups } = await apiList<{ _id: string; name: string }>(request, ACCOUNTS.coordinator, '/groups');
    const group = groups.find((g) => g.name)!;
    const box = picker.getByRole('checkbox', { name: group.name, exact: true });
    const wasOn = await box.isChecked();
    await box.setChecked(!wasOn);
    // The save bar says it in words (it showed the group's id).
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toContainText(`${who}: Managing groups:`);
    await expect(page.locator('main')).not.toContainText(group._id);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
    const saved = (await getShare(request, ACCOUNTS.coordinator, target._id)) as Omit<ShareItem, 'permissions'> & {
      permissions?: { user?: string; sources?: { manageWorkRequests?: { groups?: string[] } } }[];
    };
    const held = saved.permissions?.find((p) => p.user === target.to![0]!._id)?.sources?.manageWorkRequests?.groups;
    expect((held ?? []).includes(group._id)).toBe(!wasOn);
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: `${who}: Groups that manage work requests` })
        .getByRole('checkbox', { name: group.name, exact: true }),
    ).toBeChecked({ checked: !wasOn });
  });

  test('an asset opens through its per-asset URL', async ({ page }) => {
    await signIn(page, ACCOUNTS.coordinator);
    await page.goto(`/shares/${target._id}`);
    const asset = target.assets![0]!;
    await page
      .getByRole('link', { name: asset.name ?? '' })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/shares/${target._id}/assets/${asset._id}$`));
    const dialog = page.getByRole('dialog', { name: asset.name ?? '' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('What you may do')).toBeVisible();
    await expect(dialog.getByText('Your vote')).toBeVisible();
    await expectAccessible(page, 'asset dialog');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/shares/${target._id}$`));
  });

  test('unsaved edits: opening an asset keeps them, leaving the share asks first', async ({ page }) => {
    await signIn(page, ACCOUNTS.coordinator);
    await page.goto(`/shares/${target._id}`);
    const notesBox = page.getByRole('textbox', { name: 'Notes', exact: true });
    const original = await notesBox.inputValue();
    await notesBox.fill(`${original} unsaved draft`);

    const asset = target.assets![0]!;
    await page
      .getByRole('link', { name: asset.name ?? '' })
      .first()
      .click();
    const assetDialog = page.getByRole('dialog', { name: asset.name ?? '' });
    await expect(assetDialog).toBeVisible();
    await assetDialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(notesBox).toHaveValue(`${original} unsaved draft`);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work requests' }).click();
    const guard = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(guard).toContainText('You have 1 unsaved change to this share.');
    await guard.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(notesBox).toHaveValue(`${original} unsaved draft`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work requests' }).click();
    await guard.getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page).toHaveURL(/\/work-requests$/);
    expect((await getShare(page.request, ACCOUNTS.coordinator, target._id)).notes ?? '').toBe(original);
  });

  test('a 409 shows the other version and re-applies my edits onto it', async ({ page, request }) => {
    await signIn(page, ACCOUNTS.coordinator);
    await page.goto(`/shares/${target._id}`);
    const notesBox = page.getByRole('textbox', { name: 'Notes', exact: true });
    await expect(notesBox).toBeVisible();
    await notesBox.fill('Mine: keep this');
    // Meanwhile an admin switches feedback (no If-Match: the spec's plain PUT).
    const current = await getShare(request, ACCOUNTS.admin, target._id);
    const feedbackWas = (current as { feedback?: { enabled?: boolean } }).feedback?.enabled === true;
    const put = await request.put(`/api/shares/${target._id}`, {
      headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
      data: { feedback: { enabled: !feedbackWas } },
    });
    expect(put.status()).toBe(200);

    await page.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this share' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText(feedbackWas ? 'Feedback switched off' : 'Feedback switched on');
    await expect(conflict).toContainText('Notes changed');
    await expect(notesBox).toHaveValue('Mine: keep this');
    await conflict.getByRole('button', { name: 'Re-apply my changes to their version' }).click();
    await expect(page.getByText('Your changes were re-applied onto the new version.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Feedback on/ })).toBeChecked({ checked: !feedbackWas });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
    const saved = await getShare(request, ACCOUNTS.coordinator, target._id);
    expect(saved.notes).toBe('Mine: keep this');
    expect((saved as { feedback?: { enabled?: boolean } }).feedback?.enabled).toBe(!feedbackWas);
  });

  test('a recipient finds the share read-only, and their PUT is a 403', async ({ page, request }) => {
    await signIn(page, recipient);
    await page.goto('/shares');
    await expect(page.getByRole('grid', { name: 'Shares' }).getByText('Received').first()).toBeVisible();
    await page.goto(`/shares/${target._id}`);
    await expect(page.getByText('Read-only for you.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your permissions' })).toBeVisible();
    await expect(page.getByText('Mine: keep this')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByLabel('Add a recipient')).toHaveCount(0);
    await expect(page.locator('.perm input, .perm select')).toHaveCount(0);
    await expect(page.getByText(/Your vote:/).first()).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'share page (recipient)');

    const response = await request.put(`/api/shares/${target._id}`, {
      headers: { Authorization: basic(recipient), 'X-Requested-With': 'XMLHttpRequest' },
      data: { notes: 'recipient was here' },
    });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect((await getShare(request, ACCOUNTS.coordinator, target._id)).notes).toBe('Mine: keep this');
  });
});

test('the sender ends a share now from its page; its recipients then see it read-only', async ({ page, request }) => {
  const { items: shares } = await apiList<ShareItem & { assets?: { _id: string }[] }>(
    request,
    ACCOUNTS.coordinator,
    '/shares',
  );
  const model = shares.find((s) => s.to?.length === 1 && /northlight/.test(s.to[0]!.emailNormal ?? ''))!;
  const client = model.to![0]!;
  const assets = model.assets!;
  const created = await request.post('/api/shares', {
    headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
    data: { assets: [{ _id: assets[0]!._id }], to: [{ _id: client._id }], notes: 'Ends from its page (e2e)' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { _id: string })._id;

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/shares/${id}`);
  await expect(page.getByText('No end.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toContainText('Ends ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End now' })).toBeDisabled();
  const saved = await getShare(request, ACCOUNTS.coordinator, id);
  expect((saved as { expires?: number }).expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

  const recipient = { username: client.emailNormal!, password: 'demo-password' };
  const vote = await request.put(`/api/shares/${id}/feedback/${assets[0]!._id}`, {
    headers: { Authorization: basic(recipient), 'X-Requested-With': 'XMLHttpRequest' },
    data: { vote: 'up' },
  });
  expect(vote.status()).toBe(409);
});
