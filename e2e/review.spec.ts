/**
 * The review loop in the Subtitler (docs/API.md "Review notes", "Verdicts"): a reviewer pins two notes on lines at
 * the playhead, sends back with a reason (a dialog, never at the first click), the translator sees exactly those
 * notes, resolves one by a change and one by a reply, submits again, and the reviewer approves. axe-core on the
 * reviewer mode and on the send-back dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  basic,
  editorLine,
  expectAccessible,
  openTranslationEditor,
  placeTranslatorOrder,
  signIn,
} from './support';

async function addNote(page: Page, line: number, text: string, category: string) {
  await editorLine(page, line).click();
  await page.keyboard.press('Alt+Shift+N');
  const field = page.getByLabel(new RegExp(`^Note on line ${line} at the playhead`));
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
  await page.getByLabel('Category').selectOption(category);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('review-note').filter({ hasText: text })).toBeVisible();
}

test('a reviewer notes two lines and sends back; the translator resolves and resubmits; the reviewer approves', async ({
  page,
  browser,
  request,
}) => {
  const { workRequest, translation } = await placeTranslatorOrder(request, 'Review loop e2e');
  const submitted = await request.fetch(`/api/translations/${translation}`, {
    method: 'PUT',
    headers: { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' },
    data: { status: 'submitted', submission: { note: 'Round one', reason: 'e2e' } },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await signIn(page, ACCOUNTS.coordinator);
  await openTranslationEditor(page, workRequest);
  await expect(page.getByRole('heading', { name: /Review notes/ })).toBeVisible();
  await expectAccessible(page, 'the reviewer mode', '.notes');
  await addNote(page, 2, 'Comes in too early', 'timing');
  await addNote(page, 3, 'Typo in the name', 'spelling');

  await page.getByRole('button', { name: 'Send back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this translation back?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the send-back dialog', 'dialog');
  await expect(dialog.getByRole('button', { name: 'Send back' })).toBeDisabled();
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await dialog.getByLabel('Reason (required)').fill('Timing and a typo');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText('status: incomplete')).toBeVisible();

  const context = await browser.newContext({ baseURL: process.env.MWS_E2E_BASE_URL });
  const tp = await context.newPage();
  await signIn(tp, ACCOUNTS.translator);
  await openTranslationEditor(tp, workRequest);
  await expect(tp.getByTestId('verdict')).toContainText('Timing and a typo');
  await expect(tp.getByText('To address', { exact: true })).toHaveCount(2);

  await editorLine(tp, 2).fill('Ligne deux, plus tard');
  // Saved on the server (the change a resolution links to is the stored line).
  await expect
    .poll(async () => {
      const res = await request.fetch(`/api/translations/${translation}`, {
        headers: { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' },
      });
      return ((await res.json()) as { lines: { text?: string }[] }).lines[1]?.text;
    })
    .toBe('Ligne deux, plus tard');
  const timing = tp.getByTestId('review-note').filter({ hasText: 'Comes in too early' });
  await timing.getByRole('button', { name: 'Resolved by my change' }).click();
  await expect(timing).toContainText('Resolved by a change: “Ligne deux, plus tard”');
  const typo = tp.getByTestId('review-note').filter({ hasText: 'Typo in the name' });
  await typo.getByLabel('Reply').fill('The name is spelled as in the bible');
  await typo.getByRole('button', { name: 'Reply' }).click();
  await expect(typo).toContainText('Resolved — The name is spelled as in the bible');
  await expect(tp.getByText('To address', { exact: true })).toHaveCount(0);

  await tp.getByRole('button', { name: 'Submit…' }).click();
  const submit = tp.getByRole('dialog', { name: 'Submit this translation?' });
  const reason = submit.getByLabel('Reason for submitting with problems (required)');
  if (await reason.isVisible()) await reason.fill('Checks as agreed');
  await submit.getByLabel('Note to the reviewer (optional)').fill('Both notes answered');
  await submit.getByRole('button', { name: /^Submit/ }).click();
  await expect(tp.getByText('status: submitted')).toBeVisible();
  await context.close();

  await openTranslationEditor(page, workRequest);
  await expect(page.getByText('Resolved by a change: “Ligne deux, plus tard”')).toBeVisible();
  // What changed since the round they reviewed: line 2, as a word diff.
  const changes = page.getByRole('region', { name: 'Changes since round 1' });
  await expect(changes.getByTestId('round-change')).toHaveCount(1);
  await expect(changes.getByTestId('round-change')).toContainText('Line 2');
  await expect(changes.locator('ins').first()).toContainText('deux');
  // Controlled by the saved record: it shows checked once the server has it.
  await page.getByRole('checkbox', { name: 'Approved' }).click();
  await expect
    .poll(async () => {
      const res = await request.fetch(`/api/translations/${translation}`, {
        headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
      });
      return ((await res.json()) as { approval?: boolean }).approval;
    })
    .toBe(true);
  await expect(page.getByRole('checkbox', { name: 'Approved' })).toBeChecked();
});
