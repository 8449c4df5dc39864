/**
 * The glossary action fixes a forbidden variant where it stands (docs/API.md "Glossary", "Editor key"): a project
 * term of the translator's own order forbids a made-up word, line 1 uses it; Alt+Shift+G with the cursor at the end
 * replaces the word in place (not an insertion beside it), and the bar's Replace does the same after an undo.
 */
import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  basic,
  editorLine,
  openTranslationEditor,
  placeTranslatorOrder,
  signIn,
  type Account,
} from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the spec names the fields it reads
type Rec = Record<string, any>;

const made = (prefix: string) =>
  `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const FORBIDDEN = made('Verboten');
const APPROVED = made('Approved');

let workRequest: string;

test.beforeAll(async ({ request }) => {
  const call = async (as: Account, method: string, path: string, data?: unknown, etag?: string) => {
    const res = await request.fetch(`/api${path}`, {
      method,
      headers: {
        Authorization: basic(as),
        'X-Requested-With': 'XMLHttpRequest',
        ...(etag ? { 'If-Match': etag } : {}),
      },
      data,
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return { body: (await res.json()) as Rec, etag: res.headers()['etag'] };
  };
  const own = await placeTranslatorOrder(request, 'e2e: glossary replaces a forbidden variant');
  workRequest = own.workRequest;
  const wr = (await call(ACCOUNTS.admin, 'GET', `/workrequests/${workRequest}`)).body;
  const originals = (await call(ACCOUNTS.admin, 'GET', `/translations/${wr.asset.transcription.dialogue}`)).body
    .lines as Rec[];
  const current = await call(ACCOUNTS.translator, 'GET', `/translations/${own.translation}`);
  const first = (current.body.lines as Rec[])[0]!;
  const original = String(originals.find((o) => o.number === first.number)?.text ?? '');
  const source = original.match(/\p{L}{4,}/u)?.[0];
  expect(source, `a word in line 1's original: ${original}`).toBeDefined();
  await call(ACCOUNTS.admin, 'POST', '/glossary', {
    project: wr.project._id,
    language: wr.translation.language,
    source,
    translation: APPROVED,
    forbidden: [FORBIDDEN],
  });
  const lines = (current.body.lines as Rec[]).map((l, i) => (i === 0 ? { ...l, text: `${FORBIDDEN} ici.` } : l));
  await call(ACCOUNTS.translator, 'PUT', `/translations/${own.translation}`, { lines }, current.etag);
});

test('Alt+Shift+G and Replace put the approved term where the forbidden variant stands', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, workRequest);
  const box = editorLine(page, 1);
  await expect(box).toHaveValue(`${FORBIDDEN} ici.`);
  const flag = page
    .locator('[role="row"][data-line="1"] [data-rule="glossary"]')
    .filter({ hasText: `“${FORBIDDEN}” is not to be used` });
  await expect(flag).toHaveCount(1, { timeout: 30_000 });

  await box.click();
  await box.press('Control+End');
  await box.press('Alt+Shift+G');
  await expect(box).toHaveValue(`${APPROVED} ici.`);
  await expect(flag).toHaveCount(0);

  await box.press('Control+z');
  await expect(box).toHaveValue(`${FORBIDDEN} ici.`);
  const bar = page.getByRole('region', { name: 'Glossary terms of line 1' });
  await bar.getByRole('button', { name: `Replace “${FORBIDDEN}” with “${APPROVED}” in line 1` }).click();
  await expect(box).toHaveValue(`${APPROVED} ici.`);
});
