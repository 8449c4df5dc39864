/**
 * Delivery specs and accepted problems as people see them (docs/API.md "Delivery specifications", "Accepted
 * problems"): a coordinator picks the broadcast spec in the order wizard (the studio's best match offered first, the
 * numbers shown), the translator's Limits show it read-only with where it comes from, the grid filters to the lines
 * of one rule, the translator accepts a problem with a reason (undo, accept again), Submit leaves it out, and the
 * coordinator sees the reason on the order's page. Axe-scanned; places its own order on the demo's "Main Trailer".
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, openTranslationEditor, settled, signIn } from './support';

/** A vendor's translator working with Harbor Lane (the studio of "Main Trailer"). */
const JONAS = { username: 'jonas.becker@lumen-subs.test', password: 'demo-password' };
const FORTY = 'A line of exactly forty characters, see?';

const next = (page: Page) => page.getByRole('button', { name: /^Next/ });
const stepTitle = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function api(request: APIRequestContext, account: typeof JONAS, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest' };
  const res = await request.fetch(`/api${path}`, { method, headers, ...(body === undefined ? {} : { data: body }) });
  return { status: res.status(), body: (await res.json().catch(() => undefined)) as Record<string, any>, res }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read by named fields
}

test('a spec picked in the wizard rules the editor; a problem accepted with a reason reaches the reviewer', async ({
  page: coordinatorPage,
  browser,
  request,
}) => {
  let page = coordinatorPage;
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { items } = await apiList<{ _id: string; slug?: string }>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
    'resources=0-199',
  );
  const asset = items.find((a) => a.slug === 'main-trailer')!;
  expect(asset, 'the demo asset main-trailer').toBeDefined();

  // The wizard: the studio's best match first, the broadcast spec chosen, its numbers shown.
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/new?asset=${asset._id}`);
  await next(page).click();
  await page.getByLabel('Find a language by name or code').fill('French (France)');
  await page.getByRole('radio', { name: /French \(France\)/ }).check();
  await page.getByRole('radio', { name: /France & Francophone Europe/ }).check();
  await next(page).click();
  await expect(stepTitle(page, 'What to localize')).toBeVisible();
  await page.getByRole('group', { name: 'Dialogue' }).getByLabel('Subtitles').check();
  const picker = page.getByLabel('Delivery specification');
  await expect(picker.locator('option').first()).toHaveText('Best match: Netflix-style (adult) (studio default)');
  await expect(page.getByTestId('spec-numbers')).toContainText('42 characters × 2 lines, 20 characters/s');
  await picker.selectOption({ label: 'Broadcast (BBC-style) (studio default)' });
  await expect(page.getByTestId('spec-numbers')).toHaveText(
    '37 characters × 2 lines, 16 characters/s, 1000–7000 ms, 2 frames gap',
  );
  await expectAccessible(page, 'the localize step with the spec picker');
  await next(page).click();
  await page.getByRole('group', { name: 'Online' }).getByRole('checkbox', { name: 'Online' }).check();
  await page.getByLabel('1080p').check();
  await next(page).click();
  await page.getByLabel('Date', { exact: true }).first().fill(dayFromNow(20));
  await next(page).click();
  await next(page).click();
  await next(page).click();
  await expect(stepTitle(page, 'Review')).toBeVisible();
  await expect(page.getByText('Broadcast (BBC-style) (studio default)')).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/work-requests\/[0-9a-f]{24}$/);
  const orderId = /\/work-requests\/([0-9a-f]{24})$/.exec(page.url())![1]!;

  // Jonas takes it and translates: line 1 is forty characters, over the broadcast spec's 37.
  const jonas = await api(request, JONAS, 'GET', '/users/me');
  for (const body of [{ assignee: jonas.body._id }, { status: 'in-progress', reason: 'e2e: start' }])
    expect((await api(request, ACCOUNTS.admin, 'PUT', `/workrequests/${orderId}`, body)).status).toBe(200);
  const wr = await api(request, ACCOUNTS.admin, 'GET', `/workrequests/${orderId}`);
  const tid = wr.body.translation._id as string;
  const got = await api(request, JONAS, 'GET', `/translations/${tid}`);
  const lines = (got.body.lines as { text?: string }[]).map((l, i) => ({ ...l, text: i === 0 ? FORTY : 'Oui.' }));
  const saved = await request.put(`/api/translations/${tid}`, {
    headers: {
      Authorization: basic(JONAS),
      'X-Requested-With': 'XMLHttpRequest',
      'If-Match': got.res.headers()['etag']!,
    },
    data: { lines },
  });
  expect(saved.status()).toBe(200);

  // The editor's Limits: the order's spec, read-only, and why it applies.
  // Each person in a browser of their own (the session is kept per tab).
  const asPerson = async (account: typeof JONAS) => {
    const fresh = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(fresh, account);
    return fresh;
  };
  page = await asPerson(JONAS);
  await openTranslationEditor(page, orderId);
  await settled(page);
  await page.getByRole('button', { name: 'Limits…' }).click();
  const limits = page.getByRole('dialog', { name: 'Limits: Broadcast (BBC-style)' });
  await expect(limits).toContainText('Named on the order by its coordinator.');
  await expect(limits.getByTestId('spec-limits')).toContainText('Characters per line37 characters');
  await expect(limits.getByRole('spinbutton')).toHaveCount(0);
  await expectAccessible(page, 'the Limits dialog', 'dialog');
  await limits.getByRole('button', { name: 'Close' }).click();

  // The grid filtered to the rule's one line, from the Checks panel.
  const panel = page.getByRole('complementary', { name: 'Checks' });
  await panel.getByRole('combobox', { name: 'Show' }).selectOption({ label: '✖ Characters per line (1 line)' });
  await expect(page.getByTestId('grid-filter')).toContainText('Showing 1 line with Characters per line problems');

  // Accept it with a reason; undo; accept again.
  await panel.getByRole('button', { name: 'Accept Characters per line… on line 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept Characters per line on line 1?' });
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await dialog.getByLabel('Reason (required)').fill('A title card: the client wants it whole');
  await expectAccessible(page, 'the accept dialog', 'dialog');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const accepted = panel.getByTestId('accepted-problem');
  await expect(accepted).toContainText('Characters per line accepted: “A title card: the client wants it whole”');
  await panel.getByRole('button', { name: 'Undo accepting Characters per line on line 1' }).click();
  await expect(accepted).toHaveCount(0);
  await panel.getByRole('button', { name: 'Accept Characters per line… on line 1' }).click();
  await dialog.getByLabel('Reason (required)').fill('A title card: the client wants it whole');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(accepted).toHaveCount(1);
  // The row marks it too, and is no longer an error line.
  const row = page.getByTestId('line-grid').locator('[role="row"][aria-rowindex="2"]');
  await expect(row.locator('.line-problem--accepted')).toContainText('Row 1 has 40 characters (limit 37) (accepted)');
  await expect(row).not.toHaveClass(/has-error/);
  await expectAccessible(page, 'the Checks panel with an accepted problem', '.problems-panel');

  // Submit does not count it.
  await page
    .getByRole('button', { name: /^Submit/ })
    .first()
    .click();
  const submit = page.getByRole('dialog', { name: 'Submit this translation?' });
  await expect(submit.getByTestId('submit-accepted')).toContainText('1 accepted problem not counted');
  await expect(submit.getByTestId('submit-summary')).not.toContainText('Characters per line');
  await submit.getByRole('button', { name: 'Keep working' }).click();

  // The coordinator reads it on the order's page.
  page = await asPerson(ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${orderId}`);
  const shown = page.getByTestId('accepted-problems');
  await expect(shown).toContainText('1 accepted problem');
  await shown.locator('summary').click();
  await expect(shown).toContainText('Line 1, Characters per line: “A title card: the client wants it whole”');
  await expectAccessible(page, 'the order page with an accepted problem', '[data-testid="accepted-problems"]');

  // The edit dialog shows the spec the order names, and offers the best match again.
  await page.getByRole('button', { name: 'Edit order' }).click();
  const edit = page.getByRole('dialog');
  const editPicker = edit.getByLabel('Delivery specification');
  await expect(editPicker.locator('option:checked')).toHaveText('Broadcast (BBC-style) (studio default)');
  await expect(editPicker.locator('option').first()).toHaveText('Best match: Netflix-style (adult) (studio default)');
  await expectAccessible(page, 'the order edit dialog with the spec picker', 'dialog');
});
