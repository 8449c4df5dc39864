/**
 * The line editor by keyboard (docs/decisions/123-editor-keyboard-and-typing.md): the line being edited keeps the focus
 * when the list is scrolled with the wheel, the editor's keys work when the focus fell to the page, Escape leaves the
 * lines, a translation goes from its first line to submitted without the mouse, the overlay lists (and changes) the
 * keys, and axe finds nothing serious on the editor or the overlay.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, editorLine, expectAccessible, openTranslationEditor, placeTranslatorOrder, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let workRequestId = '';

test.beforeAll(async ({ request }) => {
  // An order of its own, long enough to scroll, in progress (a translation is submitted only then: docs/API.md,
  // "Workflow") and assigned to the translator: no other spec edits it.
  ({ workRequest: workRequestId } = await placeTranslatorOrder(request, 'Editor keyboard e2e', { minLines: 60 }));
});

const text = editorLine;
const openEditor = (page: Page) => openTranslationEditor(page, workRequestId);

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

test('scrolling with the wheel keeps the line being edited; typing and Ctrl+Z go to it', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  const line1 = text(page, 1);
  const before = await line1.inputValue();
  await line1.click();
  await page.keyboard.press('End');

  const grid = page.getByTestId('line-grid');
  const box = (await grid.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 1500);
  await expect.poll(() => grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(3000);
  await expect(line1).not.toBeInViewport();

  await expect(line1).toBeFocused();
  await page.keyboard.type(' molette');
  await expect(line1).toHaveValue(`${before} molette`);
  await page.keyboard.press('Control+z');
  await expect(line1).toHaveValue(before);

  // The focus falls to the page (a click on nothing): the editor's keys still work, typing goes to the line.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Control+Shift+z');
  await expect(line1).toHaveValue(`${before} molette`);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(line1).toHaveValue(before);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type('!');
  await expect(line1).toBeFocused();
  await expect(line1).toHaveValue(`${before}!`);
  await page.keyboard.press('Control+z');
  await expect(line1).toHaveValue(before);
  await page.keyboard.press('Control+s');
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved', { timeout: 15_000 });
});

test('the overlay lists every key, changes one (refusing a taken one) and resets them', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  await text(page, 1).focus();
  await page.keyboard.press('Control+/');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const [command, keys, what] of [
    ['next-problem', 'F8', 'Next line with a problem'],
    ['previous-problem', 'Shift+F8', 'Previous line with a problem'],
    ['submit', 'Ctrl+Enter', 'Submit'],
    ['undo', 'Ctrl+Z', 'Undo'],
    ['save', 'Ctrl+S', 'Save now'],
  ] as const) {
    const item = dialog.locator(`[data-command="${command}"]`);
    await expect(item.locator('dt')).toHaveText(keys);
    await expect(item.locator('dd')).toContainText(what);
  }
  for (const [keys, what] of [
    ['Esc', 'Leave the lines'],
    ['Tab / Shift+Tab', 'Next / previous line'],
  ] as const) {
    await expect(
      dialog.locator('.shortcuts__item').filter({ has: page.locator('dt', { hasText: keys }) }),
    ).toContainText(what);
  }
  await expectAccessible(page, 'the shortcuts overlay', 'dialog');

  const nextProblem = dialog.locator('[data-command="next-problem"]');
  await dialog.getByRole('button', { name: 'Change the keys of “Next line with a problem”' }).click();
  await page.keyboard.press('Control+s');
  await expect(dialog.getByRole('status')).toHaveText('Ctrl+S is already “Save now”.');
  await page.keyboard.press('Alt+n');
  await expect(nextProblem.locator('dt')).toHaveText('Alt+N');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The new key works in a line, and is kept for this user.
  await text(page, 1).focus();
  await page.keyboard.press('Alt+n');
  await expect(page.getByRole('status').filter({ hasText: /^Line \d+: / })).toBeAttached();
  await page.reload();
  await expect(text(page, 1)).toBeVisible();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(nextProblem.locator('dt')).toHaveText('Alt+N');
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(nextProblem.locator('dt')).toHaveText('F8');
  await page.keyboard.press('Escape');
});

test('Escape pressed before a Tab has reached the next line leaves the lines from there, and stays out', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  await text(page, 1).focus();
  // Both keys in one task: the move Tab starts waits for a frame, so Escape comes first (a fast typist's Tab, Esc).
  await text(page, 1).evaluate((box) => {
    for (const key of ['Tab', 'Escape'])
      box.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true }));
  });
  await expect(page.getByRole('status').filter({ hasText: 'Left the lines at line 2' })).toBeAttached();
  const submitButton = page.getByRole('button', { name: 'Submit…' });
  await expect(submitButton).toBeFocused();
  // A few frames later the focus is still where Escape put it (the pending move did not pull it back).
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
  );
  await expect(submitButton).toBeFocused();
  for (let i = 0; i < 10 && (await focusedLabel(page)) !== 'Start of line 2'; i++) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Start of line 2');
});

test('keyboard only: from the first line to a submitted translation; Escape leaves the lines', async ({ page }) => {
  test.setTimeout(120_000); // two page loads, an axe scan and ~60 key presses
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  await expectAccessible(page, 'the line editor', '.page--editor');

  // From the top of the page: the skip link, then Tab into the grid (one stop: the line being edited).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /skip/i })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 40 && (await focusedLabel(page)) !== 'Start of line 1'; i++) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Start of line 1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(text(page, 1)).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Au clavier seulement');
  await page.keyboard.press('Tab');
  await expect(text(page, 2)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(text(page, 1)).toBeFocused();
  await page.keyboard.press('Tab');

  // Escape leaves the lines for Submit…, and says so; Tab comes back to the line.
  await page.keyboard.press('Escape');
  const submitButton = page.getByRole('button', { name: 'Submit…' });
  await expect(submitButton).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Left the lines at line 2' })).toBeAttached();
  for (let i = 0; i < 10 && (await focusedLabel(page)) !== 'Start of line 2'; i++) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Start of line 2');

  // Ctrl+Enter asks first. Every line is translated and passes the checks (warnings only): Submit has the focus, and
  // one keystroke submits (docs/API.md "Submitting a translation").
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit this translation?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('submit-summary')).toContainText('translated and pass the checks');
  await expect(dialog.getByRole('button', { name: 'Submit', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Submitted: read-only until it is sent back.')).toBeVisible();
  await expect(text(page, 1)).toHaveValue('Au clavier seulement');
  await page.reload();
  await expect(text(page, 1)).toHaveValue('Au clavier seulement');
  await expect(text(page, 1)).toHaveAttribute('readonly', '');
});
