/**
 * Checks a translator can work through (docs/API.md "Delivery specifications", "Accepted problems"): the lines are
 * checked by the order's delivery specification, and the Checks panel groups the problems by rule with the lines each flags, and narrows its list to one rule (axe-scanned).
 * Reads only: a translation of the demo translator's, opened at a width where the panel is open.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, expectAccessible, openTranslationEditor, settled, signIn } from './support';

test('the Checks panel groups problems by rule and shows one rule’s lines', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { items } = await apiList<{ _id: string; status?: string; translation?: { _id?: string } }>(
    request,
    ACCOUNTS.translator,
    '/workrequests',
  );
  // An order whose lines read too fast for the spec: other specs edit the demo translator's lines on the shared
  // server ("Ligne 7"), so the first order may no longer have any.
  await signIn(page, ACCOUNTS.translator);
  const panel = page.getByRole('complementary', { name: 'Checks' });
  const show = panel.getByRole('combobox', { name: 'Show' });
  let options: string[] = [];
  for (const w of items.filter((i) => i.status === 'in-progress' && i.translation?._id)) {
    await openTranslationEditor(page, w._id);
    await settled(page);
    await expect(show).toBeVisible();
    options = await show.locator('option').allTextContents();
    if (options.some((o) => o.includes('Reading speed'))) break;
  }
  expect(options[0]).toMatch(/^Every rule \([\d,]+ lines?\)$/);
  expect(options.length).toBeGreaterThan(1);
  const reading = options.find((o) => o.includes('Reading speed'));
  expect(reading, options.join(' | ')).toMatch(/Reading speed \([\d,]+ lines?\)/);

  await show.selectOption({ label: reading! });
  const shown = panel.locator('.problems-panel__problem');
  await expect(shown.first()).toContainText('Reading speed');
  const texts = await shown.allTextContents();
  expect(texts.every((t) => t.includes('Reading speed'))).toBe(true);
  // Judged by the order's delivery specification (the demo studio's default: Netflix-style adult, 20 characters/s),
  // not the browser's profile for French (17).
  await expect(shown.first()).toContainText('(limit 20)');
  await expect(panel.getByTestId('applied-spec')).toHaveText(
    'By Netflix-style (adult): 42 characters × 2 lines, 20 characters/s, 833–7000 ms, 2 frames gap',
  );
  await expectAccessible(page, 'the Checks panel narrowed to one rule', '.problems-panel');

  // The grid shows that rule's lines too, says so, and comes back to every line (all by keyboard).
  const flagged = /\(([\d,]+ lines?)\)/.exec(reading!)![1]!;
  const filter = page.getByTestId('grid-filter');
  await expect(filter).toContainText(`Showing ${flagged} with Reading speed problems`);
  // The grid's rows are the panel's lines (the one being worked on aside): row index = line index + 2.
  const listed = new Set(
    (await panel.locator('.problems-panel__line').allTextContents()).map((t) => Number(t.replace('Line ', '')) + 1),
  );
  const rowIndexes = await page
    .getByTestId('line-grid')
    .locator('[role="row"][data-line]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-rowindex'))));
  const outside = rowIndexes.filter((i) => !listed.has(i));
  expect(rowIndexes.length).toBeGreaterThan(3);
  expect(outside.length, `rows not of the rule: ${outside.join(', ')}`).toBeLessThanOrEqual(1);
  await expectAccessible(page, 'the grid filtered by a rule', '[data-testid="line-grid"]');

  // F8 and Shift+F8 follow the filter: from one of the rule's lines to the next (and back) of that rule's lines whose
  // problem is still open (an accepted one is skipped). A rule with few lines, so other rules' lines lie between.
  const counted = options
    .slice(1)
    .map((o) => ({ o, n: Number(/\(([\d,]+) lines?\)/.exec(o)?.[1]?.replace(/,/g, '')) }));
  const sparse = counted.filter((c) => c.n >= 2).sort((a, b) => a.n - b.n)[0];
  expect(sparse, options.join(' | ')).toBeDefined();
  await show.selectOption({ label: sparse!.o });
  await expect(filter).toContainText(`Showing ${sparse!.n.toLocaleString('en')} line`);
  const openLines = await panel
    .locator('li')
    .filter({ has: page.locator('.problems-panel__problem:not(.line-problem--accepted)') })
    .locator('.problems-panel__line')
    .allTextContents();
  expect(openLines.length, 'lines with an open Reading speed problem').toBeGreaterThan(1);
  const [first, second] = openLines.map((t) => Number(t.replace('Line ', '')) + 1);
  const focusedRow = () =>
    page.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('aria-rowindex'));
  await panel
    .locator('.problems-panel__item')
    .filter({ has: page.getByText(openLines[0]!, { exact: true }) })
    .click();
  await expect.poll(focusedRow).toBe(String(first));
  await page.keyboard.press('F8');
  await expect.poll(focusedRow).toBe(String(second));
  await page.keyboard.press('Shift+F8');
  await expect.poll(focusedRow).toBe(String(first));
  await filter.getByRole('button', { name: 'Show every line' }).focus();
  await page.keyboard.press('Enter');
  await expect(filter).toHaveCount(0);
  await expect(show).toHaveValue('');
});
