/**
 * Send back from the order page (docs/API.md "Verdicts"): the coordinator's Change status to "In progress" of an order
 * under review lists its open review notes, two are kept of three, and the translator's inbox row of that move lists
 * exactly those two, with their lines, on a phone too (390 px: the notes' line shown, the title whole). axe-core on the
 * dialog and the phone's inbox.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, placeTranslatorOrder, signIn } from './support';

const headers = (as: { username: string; password: string }) => ({
  Authorization: basic(as),
  'X-Requested-With': 'XMLHttpRequest',
});

async function note(request: APIRequestContext, workRequest: string, translation: string, line: number, body: string) {
  const res = await request.post('/api/comments', {
    headers: headers(ACCOUNTS.coordinator),
    data: { workRequest, translation, line, time: line * 2, category: 'translation', body },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test('send back from the order page with two notes picked; the translator’s inbox lists them', async ({
  page,
  browser,
  request,
}) => {
  const { workRequest, translation } = await placeTranslatorOrder(request, 'Send back notes e2e');
  const submitted = await request.fetch(`/api/translations/${translation}`, {
    method: 'PUT',
    headers: headers(ACCOUNTS.translator),
    data: { status: 'submitted', submission: { note: 'Round one', reason: 'e2e' } },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await note(request, workRequest, translation, 3, 'Order page note: too long');
  await note(request, workRequest, translation, 1, 'Order page note: misspelt name');
  await note(request, workRequest, translation, 2, 'Order page note: leave this one');

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${workRequest}`);
  await page.getByText('Change status').click();
  await page.getByRole('button', { name: /In progress/ }).click();
  const dialog = page.getByRole('dialog', { name: /In progress/ });
  const notes = dialog.getByRole('group', { name: /Notes to address/ });
  await expect(notes.getByRole('checkbox')).toHaveCount(3);
  await expect(notes.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await notes.getByLabel('Line 2: Order page note: leave this one').uncheck();
  await dialog.getByLabel(/Reason/).fill('Two fixes from the order page');
  await expectAccessible(page, 'the send back with notes', 'dialog');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.detail-header').getByText('In progress')).toBeVisible();

  const context = await browser.newContext({ baseURL: process.env.MWS_E2E_BASE_URL });
  const tp = await context.newPage();
  await signIn(tp, ACCOUNTS.translator);
  await tp.goto('/notifications');
  const row = tp.locator('.inbox-row.inbox__item').filter({ hasText: 'notes to address' }).first();
  await expect(row).toContainText(
    '2 notes to address: line 1 “Order page note: misspelt name”; line 3 “Order page note: too long”',
  );
  await expect(row).not.toContainText('leave this one');

  // On a phone the row shows the notes too, and its title whole (the order's name comes after sender and action).
  await tp.setViewportSize({ width: 390, height: 844 });
  const notesLine = row.locator('.inbox-row__notes');
  await expect(notesLine).toBeVisible();
  await expect(notesLine).toContainText('2 notes to address: line 1');
  const title = row.locator('.inbox-row__text');
  await expect(title).toContainText(/ — [a-z]{2}-[A-Z]{2}\/[A-Z]{2} to In progress$/);
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  const rowBox = (await row.boundingBox())!;
  const notesBox = (await notesLine.boundingBox())!;
  expect(notesBox.y + notesBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height);
  expect(notesBox.x + notesBox.width).toBeLessThanOrEqual(390);
  expect(await tp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(tp, 'the inbox on a phone', '.inbox-list');
  await tp.screenshot({ path: 'test-results/screenshots/inbox-notes-390.png' });
  await context.close();
});
