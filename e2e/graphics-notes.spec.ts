/**
 * Review notes on graphics cards (docs/API.md "Review notes"): the reviewer opens an order's graphics translation
 * (key art, titles, inserts), pins a note on a card at the playhead — the editor says "card" — and sends it back
 * naming it; the translator sees it on that card, to address, and answers it with a reply. axe-core on the panel.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiCall, apiList, expectAccessible, signIn, type Account } from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; only the fields named are read
type Rec = Record<string, any>;

const call = (request: APIRequestContext, as: Account, method: string, path: string, data?: unknown, headers = {}) =>
  apiCall(request, as, method, path, data, headers);

/** A new order with dialogue and graphics, assigned to the demo translator, its graphics cards translated and submitted. */
async function graphicsForReview(request: APIRequestContext): Promise<{ workRequest: string; graphics: string }> {
  const { items } = await apiList<Rec>(request, ACCOUNTS.admin, '/workrequests?sort=-created');
  const model = items.find((w) => w.graphicsTranslation && w.asset?.transcription?.graphics)!;
  expect(model, 'an order of an asset with graphics').toBeDefined();
  const placed = (
    await call(request, ACCOUNTS.admin, 'POST', '/workrequests', {
      asset: model.asset._id,
      language: model.language,
      territory: model.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: ['subtitles'] },
      due: { date: Math.floor(Date.now() / 1000) + 9 * 86_400, tz: 'Europe/Paris' },
      instructions: `Graphics notes e2e ${Date.now()}`,
    })
  ).body;
  const graphics = placed.graphicsTranslation._id as string;
  const translatorId = (await call(request, ACCOUNTS.translator, 'GET', '/users/me')).body._id as string;
  await call(request, ACCOUNTS.admin, 'PUT', `/workrequests/${placed._id}`, { assignee: translatorId });
  await call(request, ACCOUNTS.admin, 'PUT', `/workrequests/${placed._id}`, { status: 'in-progress', reason: 'e2e' });
  const current = await call(request, ACCOUNTS.translator, 'GET', `/translations/${graphics}`);
  const lines = (current.body.lines as Rec[]).map((l, i) => ({ ...l, text: `Carton ${i + 1}` }));
  await call(request, ACCOUNTS.translator, 'PUT', `/translations/${graphics}`, { lines }, { 'If-Match': current.etag });
  await call(request, ACCOUNTS.translator, 'PUT', `/translations/${graphics}`, {
    status: 'submitted',
    submission: { note: 'Cards done', reason: 'e2e' },
  });
  return { workRequest: placed._id as string, graphics };
}

test('a reviewer pins a note on a graphics card and sends it back; the translator answers it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { workRequest, graphics } = await graphicsForReview(request);

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${workRequest}/graphics-translation`);
  const card = (n: number) => page.getByRole('textbox', { name: `Translation of line ${n}`, exact: true });
  await expect(card(1)).toBeVisible();
  await card(1).click();
  await page.keyboard.press('Alt+Shift+N');
  const field = page.getByLabel(/^Note on card 1 at the playhead/);
  await expect(field).toBeFocused();
  await page.keyboard.type('The title card keeps the pun');
  await page.getByLabel('Category').selectOption('translation');
  await page.getByRole('button', { name: 'Add note' }).click();
  const noted = page.getByTestId('review-note').filter({ hasText: 'The title card keeps the pun' });
  await expect(noted).toBeVisible();
  await expect(noted.getByRole('button', { name: /^Card 1 at / })).toBeVisible();
  await expectAccessible(page, 'notes on graphics cards', '.notes');
  const stored = (await call(request, ACCOUNTS.admin, 'GET', `/comments?workRequest=${workRequest}`)).body as Rec[];
  expect(stored.find((c) => c.body === 'The title card keeps the pun')).toMatchObject({
    translation: graphics,
    line: 1,
  });

  await page.getByRole('button', { name: 'Send back…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this translation back?' });
  await expect(dialog.getByRole('checkbox', { name: /^Card 1 at / })).toBeChecked();
  await dialog.getByLabel('Reason (required)').fill('The title card');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(page.getByText('status: incomplete')).toBeVisible();

  const context = await browser.newContext({ baseURL: process.env.MWS_E2E_BASE_URL });
  const tp = await context.newPage();
  await signIn(tp, ACCOUNTS.translator);
  await tp.goto(`/work-requests/${workRequest}/graphics-translation`);
  const note = tp.getByTestId('review-note').filter({ hasText: 'The title card keeps the pun' });
  await expect(note.getByText('To address', { exact: true })).toBeVisible();
  await note.getByLabel('Reply').fill('Kept: the pun works in French too');
  await note.getByRole('button', { name: 'Reply' }).click();
  await expect(note).toContainText('Kept: the pun works in French too');
  await context.close();
});
