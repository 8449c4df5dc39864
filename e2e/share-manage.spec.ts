/**
 * Managing a share from its page (docs/API.md "Managing a share"): the sender removes an asset, asked first, and its
 * recipient loses access at once; invites again a newcomer who has not joined, whose old link then stops working; adds
 * the asset back from the share queue.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, registerUser, settled, signIn } from './support';

const JSON_HEADERS = (account: { username: string; password: string }) => ({
  Authorization: basic(account),
  'X-Requested-With': 'XMLHttpRequest',
});

test('the sender removes an asset (its recipient loses it at once) and invites a newcomer again', async ({
  page,
  request,
}) => {
  const partner = await registerUser(request, 'Mia Manage');
  const newcomer = `manage.${Date.now().toString(36)}@example.com`;
  const { items: assets } = await apiList<{ _id: string; name: string; studio: string }>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
  );
  const two = assets.filter((a) => a.studio === assets[0]!.studio).slice(3, 5);
  expect(two).toHaveLength(2);
  const created = await request.post('/api/shares', {
    headers: JSON_HEADERS(ACCOUNTS.coordinator),
    data: { assets: two.map((a) => ({ _id: a._id })), to: [{ _id: partner._id }, { emailNormal: newcomer }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const share = (await created.json()) as { _id: string; $invitations: { inviteCode: string }[] };
  const assetSeen = async (id: string) =>
    (await request.get(`/api/assets/${id}`, { headers: JSON_HEADERS(partner) })).status();
  expect(await assetSeen(two[1]!._id)).toBe(200);

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/shares/${share._id}`);
  const grid = page.getByRole('list', { name: 'Shared assets' });
  await expect(grid.getByText(two[1]!.name, { exact: true })).toBeVisible();

  // Removing is asked first, saying what it does; "Keep it" has the focus, so Enter or Escape keeps the asset.
  await page.getByRole('button', { name: `Remove ${two[1]!.name} from this share` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${two[1]!.name} from this share?` });
  await expect(dialog).toContainText('lose access to it at once');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await settled(page);
  await expectAccessible(page, 'remove an asset from a share');
  await dialog.getByRole('button', { name: 'Remove now' }).click();
  await expect(dialog).toBeHidden();
  await expect(grid.getByText(two[1]!.name, { exact: true })).toBeHidden();
  await expect(grid.getByText(two[0]!.name, { exact: true })).toBeVisible();
  expect(await assetSeen(two[1]!._id)).toBe(404);
  expect(await assetSeen(two[0]!._id)).toBe(200);

  // The newcomer has not joined: the sender invites them again; the old link no longer opens, the new one does.
  const recipients = page.getByRole('list', { name: 'Recipients' });
  await expect(recipients).toContainText('has not joined yet');
  await recipients.getByRole('button', { name: `Invite ${newcomer.split('@')[0]} again` }).click();
  const link = recipients.getByLabel(/New invitation link for/);
  await expect(link).toHaveValue(/\/invite\/[0-9a-f]{24}\.[0-9a-f]{32}$/);
  const code = /\/invite\/(\S+)$/.exec(await link.inputValue())![1]!;
  expect((await request.get(`/api/invitations/${share.$invitations[0]!.inviteCode}`)).status()).toBe(404);
  expect((await request.get(`/api/invitations/${code}`)).status()).toBe(200);
  await settled(page);
  await expectAccessible(page, 'share page with a new invitation');
  // Added back from the share queue (filled from the catalog), at once: the recipient reaches it again.
  await page.evaluate((id) => localStorage.setItem('mws.shareQueue', JSON.stringify([id])), two[1]!._id);
  await page.reload();
  const queue = page.getByRole('group', { name: 'Add assets' });
  await expect(queue).toContainText(two[1]!.name);
  await queue.getByRole('button', { name: 'Add it to this share' }).click();
  await expect(queue.getByText('Added 1 asset.', { exact: false })).toBeVisible();
  await expect(grid.getByText(two[1]!.name, { exact: true })).toBeVisible();
  expect(await assetSeen(two[1]!._id)).toBe(200);
  // The partner who joined long ago is offered no invitation.
  await expect(recipients.getByRole('button', { name: 'Invite Mia Manage again' })).toHaveCount(0);
});

test('a recipient of a share awaiting approval is told what waits, and cannot type feedback', async ({
  page,
  request,
}) => {
  const partner = await registerUser(request, 'Pia Pending');
  const { items: assets } = await apiList<{ _id: string; name: string }>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
  );
  const share = async (feedback: boolean) => {
    const created = await request.post('/api/shares', {
      headers: JSON_HEADERS(ACCOUNTS.coordinator),
      data: {
        assets: [{ _id: assets[0]!._id }],
        to: [{ _id: partner._id }],
        approved: false,
        feedback: { enabled: feedback },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { _id: string })._id;
  };
  const silent = await share(false);
  const asking = await share(true);

  await signIn(page, partner);
  await page.goto(`/shares/${silent}/playlist`);
  await expect(page.getByRole('status').filter({ hasText: 'awaiting approval' })).toHaveText(
    'This share is awaiting approval. Its sender has not asked for feedback.',
  );
  const comment = page.getByLabel('Comment');
  await expect(comment).toHaveAttribute('readonly', '');
  // A read-only field looks it (the page's own styles: not the white of a field one can type in).
  expect(await comment.evaluate((el) => getComputedStyle(el).cursor)).toBe('not-allowed');

  await page.goto(`/shares/${asking}/playlist`);
  await expect(page.getByRole('status').filter({ hasText: 'awaiting approval' })).toHaveText(
    'This share is awaiting approval: feedback opens once it is approved.',
  );
  await expectAccessible(page, 'playlist of a share awaiting approval');
});
