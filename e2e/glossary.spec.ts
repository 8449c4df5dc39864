/**
 * The glossary end to end (docs/API.md "Glossary"): a coordinator adds a term on the glossary page (axe-scanned);
 * the translator opens the translation, sees the term marked in the original and the glossary check on the line,
 * inserts the approved translation (click, then the key after an undo) and the check clears.
 *
 * Its own records: the term is a project term of the chosen translation's project with a made-up approved
 * translation, on a translation no other spec edits (not in progress; the last such one of the translator).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  type Account,
  apiList,
  basic,
  editorLine,
  expectAccessible,
  openTranslationEditor,
  settled,
  signIn,
} from './support';

test.describe.configure({ mode: 'serial' });

interface Line {
  number?: number;
  text?: string;
}
interface Target {
  workRequest: string;
  studio: string;
  project: string;
  language: string;
  /** 1-based row of the editor whose original holds `word`. */
  line: number;
  word: string;
}

const json = (account: Account) => ({
  Authorization: basic(account),
  'X-Requested-With': 'XMLHttpRequest',
});

async function getJson<T>(request: APIRequestContext, path: string, account = ACCOUNTS.translator): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: json(account) });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

let target: Target;
/** Letters only, so the whole-word check sees one word. */
const approved = `Glossarion${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test.beforeAll(async ({ request }) => {
  const { items } = await apiList<{
    _id: string;
    workRequest?: string;
    kind?: string;
    status?: string;
    workRequestStatus?: string;
  }>(request, ACCOUNTS.translator, '/translations');
  const candidates = items
    .filter(
      (t) =>
        t.workRequest && t.kind !== 'graphics' && t.status !== 'submitted' && t.workRequestStatus !== 'in-progress',
    )
    .reverse();
  for (const t of candidates) {
    const wr = await getJson<{
      studio?: string;
      project?: { _id?: string };
      translation?: { _id?: string; language?: string; lines?: Line[] };
      asset?: { transcription?: { dialogue?: string } };
    }>(request, `/workrequests/${t.workRequest}`);
    const transcriptionId = wr.asset?.transcription?.dialogue;
    if (wr.translation?._id !== t._id || !transcriptionId || !wr.project?._id || !wr.studio || !wr.translation.language)
      continue;
    const originals = (await getJson<{ lines?: Line[] }>(request, `/translations/${transcriptionId}`)).lines ?? [];
    const lines = wr.translation.lines ?? [];
    for (let i = 0; i < Math.min(lines.length, 8); i++) {
      const original = originals.find((o) => o.number === lines[i]!.number)?.text ?? '';
      const word = (original.replace(/<[^>]*>/g, ' ').match(/\p{L}{5,}/gu) ?? [])[0];
      if (!word || !(lines[i]!.text ?? '').trim()) continue;
      target = {
        workRequest: t.workRequest!,
        studio: wr.studio,
        project: wr.project._id,
        language: wr.translation.language,
        line: i + 1,
        word,
      };
      break;
    }
    if (target) break;
  }
  expect(target, 'a translation of the translator, not in progress, with an original').toBeDefined();
  // A retry finds the term of the first try: the project's terms for this source term are removed first.
  const existing = await apiList<{ _id: string; source: string }>(
    request,
    ACCOUNTS.admin,
    `/glossary?project=${target.project}&language=${encodeURIComponent(target.language)}&search=${encodeURIComponent(target.word)}`,
  );
  for (const t of existing.items.filter((x) => x.source.toLowerCase() === target.word.toLowerCase()))
    await request.delete(`/api/glossary/${t._id}`, { headers: json(ACCOUNTS.admin) });
});

function row(page: Page, line: number) {
  return page.locator(`[role="row"][data-line="${line}"]`);
}

test('a coordinator adds a term on the glossary page', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  const query = new URLSearchParams({ studio: target.studio, project: target.project, language: target.language });
  await page.goto(`/catalog/glossary?${query}`);
  await expect(page.getByRole('heading', { name: 'Glossary', level: 1 })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the glossary page');

  await page.getByRole('button', { name: 'Add term' }).click();
  const dialog = page.getByRole('dialog', { name: 'New glossary term' });
  await expect(dialog.getByLabel('Target language')).toHaveValue(target.language);
  // The dialog's own check first: nothing typed.
  await dialog.getByRole('button', { name: 'Add term' }).click();
  await expect(dialog.getByText('Source term is required.')).toBeVisible();
  await dialog.getByLabel('Source term').fill(target.word);
  await dialog.getByLabel('Approved translation').fill(approved);
  await dialog.getByLabel('Notes for translators').fill('Made up by the e2e glossary spec.');
  await expectAccessible(page, 'the glossary term dialog', 'dialog');
  await dialog.getByRole('button', { name: 'Add term' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(approved) })).toBeVisible();
});

test('the translator sees the term, the check on the line, and fixes it by inserting the approved translation', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, target.workRequest);
  const line = row(page, target.line);
  // The glossary is read after the lines: generous, the server may be busy.
  await expect(line.locator('mark.glossary-mark').first()).toHaveText(new RegExp(target.word, 'i'), {
    timeout: 30_000,
  });
  const flag = line.locator('[data-rule="glossary"]');
  await expect(flag).toContainText(`should be translated “${approved}”`);

  const box = editorLine(page, target.line);
  await box.click();
  await box.press('Control+End');
  const bar = page.getByRole('region', { name: `Glossary terms of line ${target.line}` });
  await bar.getByRole('button', { name: `Insert “${approved}” in line ${target.line}` }).click();
  await expect(box).toHaveValue(new RegExp(`${approved}$`));
  await expect(flag).toHaveCount(0);

  // Undo brings the flag back; the key inserts it again at the cursor.
  await box.press('Control+z');
  await expect(flag).toHaveCount(1);
  await box.press('Control+End');
  await box.press('Alt+Shift+G');
  await expect(box).toHaveValue(new RegExp(`${approved}$`));
  await expect(flag).toHaveCount(0);
});
