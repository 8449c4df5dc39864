/**
 * The translator's line editor, end to end against the real server: open a translation, edit a line and see a
 * quality warning, undo/redo, autosave and reload, a 409 conflict resolved per line, SRT import, submit, and an
 * axe scan of the page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiList,
  basic,
  editorLine,
  openTranslationEditor,
  placeTranslatorOrder,
  signIn,
  timesInMilliseconds,
} from './support';

interface ListedTranslation {
  _id: string;
  workRequest?: string;
  kind?: string;
  status?: string;
  workRequestStatus?: string;
}

test.describe.configure({ mode: 'serial' });

let translationId = '';
let workRequestId = '';

test.beforeAll(async ({ request }) => {
  // An order of its own, in progress and assigned to the translator, its lines known: a translation is submitted
  // only while its order is in progress (docs/API.md, "Workflow"), and no other spec edits it.
  ({ workRequest: workRequestId, translation: translationId } = await placeTranslatorOrder(
    request,
    'Translation editor e2e',
  ));
});

function row(page: Page, line: number) {
  return page.locator(`[role="row"][data-line="${line}"]`);
}

const text = editorLine;
const openEditor = (page: Page) => openTranslationEditor(page, workRequestId);

async function saved(page: Page) {
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved', { timeout: 15_000 });
}

test('opens, passes axe, edits with live checks, undo/redo, autosave survives a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);

  const axe = await new AxeBuilder({ page }).include('.page--editor').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

  const box = text(page, 2);
  const before = await box.inputValue();
  const long = 'Ceci est une ligne beaucoup trop longue pour tenir sur une seule rangée';
  await box.fill(long);
  await expect(row(page, 2).locator('[data-rule="chars-per-line"]')).toBeVisible();

  // The checks list names the line, and its entry takes the caret there.
  const entry = page.getByRole('complementary', { name: 'Checks' }).getByRole('button', { name: /^Line 2\b/ });
  await expect(entry).toContainText(/characters/i);
  await text(page, 1).focus();
  await entry.click();
  await expect(box).toBeFocused();

  await box.press('Control+z');
  await expect(box).toHaveValue(before);
  await expect(row(page, 2).locator('[data-rule="chars-per-line"]')).toHaveCount(0);
  await box.press('Control+Shift+z');
  await expect(box).toHaveValue(long);

  // Bold by shortcut on the whole text, then undo it.
  await box.press('Control+b');
  await expect(box).toHaveValue(`<b>${long}</b>`);
  await box.press('Control+z');
  await expect(box).toHaveValue(long);

  await saved(page);
  await page.reload();
  await expect(text(page, 2)).toHaveValue(long);
  await expect(page.getByRole('alert').filter({ hasText: 'Unsaved edits' })).toHaveCount(0);

  // The shortcuts overlay.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Split the line at the cursor');
  await page.keyboard.press('Escape');
});

test('a 409 opens a per-line theirs / mine view', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);

  // Someone else changes line 3 on the server after the editor loaded.
  const headers = { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' };
  const current = (await (await request.get(`/api/translations/${translationId}`, { headers })).json()) as {
    lines: { text?: string }[];
  };
  const lines = current.lines.map((l, i) => (i === 2 ? { ...l, text: 'Their version of line three' } : l));
  const put = await request.put(`/api/translations/${translationId}`, { headers, data: { lines } });
  expect(put.status()).toBe(200);

  await text(page, 3).fill('My version of line three');
  const dialog = page.getByRole('dialog', { name: 'Someone else saved this translation' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'conflict');
  await expect(dialog.getByText('Their version of line three')).toBeVisible();
  await expect(dialog.getByText('My version of line three')).toBeVisible();
  await dialog
    .getByRole('radio', { name: /Theirs/ })
    .first()
    .check();
  await dialog.getByRole('button', { name: 'Apply and save' }).click();
  await expect(text(page, 3)).toHaveValue('Their version of line three');
  await saved(page);
});

test('imports an SRT with a preview, then submits', async ({ page }) => {
  await timesInMilliseconds(page, ACCOUNTS.translator); // the SRT is written from the line's times
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  const start = await row(page, 1).getByRole('textbox', { name: 'Start of line 1' }).inputValue();
  const stop = await row(page, 1).getByRole('textbox', { name: 'Stop of line 1' }).inputValue();
  // One cue over line 1's time: the counts differ, so it goes in by timecode.
  const srt = `1\n${start} --> ${stop}\n<i>Importé</i> depuis un fichier\n`;

  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subtitles' });
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'lines.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) });
  await expect(dialog.getByTestId('import-summary')).toContainText('1 line change');
  await dialog.getByRole('button', { name: /Apply 1 change/ }).click();
  await expect(text(page, 1)).toHaveValue('<i>Importé</i> depuis un fichier');
  await saved(page);

  await page.getByRole('button', { name: 'Submit…' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit this translation?' });
  await expect(submit).toBeVisible();
  // Lines fail checks: it says so by rule, and submits only with a reason (the reviewer reads it).
  await expect(submit.getByTestId('submit-summary')).toContainText('This submit has problems the reviewer will see');
  await submit.getByRole('button', { name: 'Submit with problems' }).click();
  await expect(submit.getByText('Say why it goes with problems: the reviewer reads it.')).toBeVisible();
  await expect(submit.getByLabel('Reason for submitting with problems (required)')).toBeFocused();
  await expect(page.getByText('Submitted: read-only until it is sent back.')).toHaveCount(0);
  await submit.getByLabel('Reason for submitting with problems (required)').fill('Only the first cue was delivered');
  await submit.getByLabel('Note to the reviewer (optional)').fill('Imported from the client file');
  await submit.getByRole('button', { name: 'Submit with problems' }).click();
  await expect(page.getByText('Submitted: read-only until it is sent back.')).toBeVisible();
  await expect(text(page, 1)).toHaveAttribute('readonly', '');
  // The header's badge and the work request's page say what the save answered, without a reload: one cached record.
  await expect(page.locator('.editor-header__meta [data-status]')).toHaveAttribute('data-status', 'submitted');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
  // The work request moved for review with the submit, and its page says so at once, with the reason and note.
  await expect(page.locator('main [data-status="for-review"]').first()).toBeVisible();
  await expect(
    page.getByText(/Reason: Only the first cue was delivered\. Note: Imported from the client file/).first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Translations' }).locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'submitted',
  );
});

test('a coordinator who sends a submitted translation back sees it incomplete everywhere at once', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  // The work request's page first, so its copy is cached (and fresh) when the editor sends the translation back.
  await page.goto(`/work-requests/${workRequestId}`);
  const translations = page.getByRole('region', { name: 'Translations' });
  await expect(translations.locator('[data-status]').first()).toHaveAttribute('data-status', 'submitted');
  await translations
    .getByRole('link', { name: /^Open / })
    .first()
    .click();
  await expect(text(page, 1)).toBeVisible();
  await expect(page.locator('.editor-header__meta [data-status]')).toHaveAttribute('data-status', 'submitted');
  // Send back asks why, in a dialog, before it acts (docs/API.md "Verdicts").
  await page.getByRole('button', { name: 'Send back…' }).click();
  const sendBack = page.getByRole('dialog', { name: 'Send this translation back?' });
  await sendBack.getByLabel('Reason (required)').fill('Please recheck the names');
  await sendBack.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText('status: incomplete')).toBeVisible();
  await expect(page.locator('.editor-header__meta [data-status]')).toHaveAttribute('data-status', 'incomplete');
  // The work request moved back to in progress with it: the editor knows at once (Submit is offered again, not "opens
  // once the order is in progress" from a stale copy).
  await expect(page.getByRole('button', { name: 'Submit…' })).toBeVisible();
  await expect(page.getByText(/Submitting opens once the order is in progress/)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
  await expect(translations.locator('[data-status]').first()).toHaveAttribute('data-status', 'incomplete');
});

test('Submit is offered only while the order is in progress: otherwise the editor says why', async ({
  page,
  request,
}) => {
  const { items } = await apiList<ListedTranslation>(request, ACCOUNTS.translator, '/translations?status=incomplete');
  // A rejected one: no spec rejects an order, so it is seeded and stays so. The newest not in progress may be one another
  // spec has just assigned and is about to start (placeTranslatorOrder assigns, then moves to in progress).
  const notStarted = items.find((t) => t.workRequest && t.kind !== 'graphics' && t.workRequestStatus === 'rejected');
  expect(notStarted, 'an incomplete translation whose work request was rejected').toBeDefined();
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, notStarted!.workRequest!);
  await expect(page.getByText(/Submitting opens once the order is in progress/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit…' })).toHaveCount(0);
  // The submit key says the same instead of opening a dialog the server would refuse.
  await text(page, 1).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Submit this translation?' })).toHaveCount(0);
});
