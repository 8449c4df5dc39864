/**
 * Sharing end to end (docs/API.md "Sending a share", "Share feedback"): a coordinator queues three assets from their
 * pages, shares them with a press partner and a new e-mail address, with a question; the newcomer accepts the
 * invitation the share made, opens the playlist, votes and answers (saved as they go); the sender sees the summary
 * per asset and per recipient.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, expectAccessible, registerUser, settled, signIn } from './support';

test('a coordinator shares three assets; a newcomer accepts, votes and answers; the sender sees it', async ({
  page,
  browser,
  request,
}) => {
  const { items: groups } = await apiList<{ _id: string; name: string }>(request, ACCOUNTS.admin, '/groups');
  const press = groups.find((g) => g.name === 'Press & Partners');
  expect(press, 'the demo group of press partners').toBeTruthy();
  const partner = await registerUser(request, 'Pia Press', [press!]);
  const newcomer = `newcomer.${Date.now().toString(36)}@example.com`;
  const { items: assets } = await apiList<{ _id: string; name: string; studio: string }>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
  );
  const three = assets.filter((a) => a.studio === assets[0]!.studio).slice(0, 3);
  expect(three).toHaveLength(3);

  // The sender queues the assets from their pages and sends the share.
  await signIn(page, ACCOUNTS.coordinator);
  for (const a of three) {
    await page.goto(`/catalog/assets/${a._id}`);
    await page.getByRole('button', { name: 'Add to share' }).click();
    await expect(page.getByRole('link', { name: /In the share queue/ })).toBeVisible();
  }
  await page.getByRole('link', { name: /In the share queue \(3\)/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New share' })).toBeVisible();
  const queued = page.getByRole('list', { name: 'Assets to share' });
  for (const a of three) await expect(queued.getByText(a.name, { exact: true })).toBeVisible();
  for (const email of [partner.username, newcomer]) {
    await page.getByPlaceholder('Name or e-mail').fill(email);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await page.getByLabel('Note to the recipients').fill('Which of these should we localize?');
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 1', { exact: true }).fill('Right for your territory?');
  await settled(page);
  await expectAccessible(page, 'new share');
  await page.getByRole('button', { name: 'Send share' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share sent' })).toBeVisible();
  const link = await page.getByText(/\/invite\//).textContent();
  const invite = /https?:\/\/\S+\/invite\/\S+/.exec(link ?? '')?.[0];
  expect(invite, 'the newcomer’s invitation link').toBeTruthy();
  await page.getByRole('link', { name: 'Open the share' }).click();
  await expect(page).toHaveURL(/\/shares\/[0-9a-f]{24}$/);
  const shareUrl = page.url();

  // The newcomer accepts the invitation, opens the playlist, votes and answers.
  const newcomerContext = await browser.newContext();
  const theirs = await newcomerContext.newPage();
  await theirs.goto(invite!);
  await theirs.getByLabel('Your name').fill('Nina Newcomer');
  await theirs.getByLabel('Password', { exact: true }).fill('nina-password');
  await theirs.getByLabel('Password again').fill('nina-password');
  await theirs.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(theirs.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await theirs.goto(`${shareUrl}/playlist`);
  const card = theirs.getByRole('listitem', { name: three[0]!.name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Would order' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expect(card.getByRole('button', { name: 'Would order' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByLabel('Right for your territory?').selectOption('yes');
  await expect(card.getByRole('status')).toHaveText('Saved');
  await card.getByLabel('Comment').fill('Our audience loves this one');
  await card.getByLabel('Comment').blur();
  await expect(card.getByRole('status')).toHaveText('Saved');
  // Saved, not only shown: a reload shows it again.
  await theirs.reload();
  await expect(theirs.getByRole('listitem', { name: three[0]!.name }).getByLabel('Comment')).toHaveValue(
    'Our audience loves this one',
  );
  await settled(theirs);
  await expectAccessible(theirs, 'playlist');
  await newcomerContext.close();

  // The sender sees the summary per asset and per recipient.
  await page.reload();
  const feedback = page.getByRole('region', { name: /Feedback/ });
  await expect(feedback.getByText('Would order: 1')).toBeVisible();
  const row = feedback.getByRole('row', { name: /Nina Newcomer/ });
  await expect(row).toContainText('Would order');
  await expect(row).toContainText('yes');
  await expect(row).toContainText('Our audience loves this one');
  await settled(page);
});
