/**
 * Translation memory in the editor (docs/API.md, "Translation memory"), against the real server. The spec places
 * its own order (admin, assigned to the demo translator, in progress) on an asset whose first lines have exact
 * matches in the seeded memory and one line only a similar match; writes one of the exact lines by hand; then turns
 * Memories on: a preview of the lines exact matches would fill, and only on confirming are they filled; the
 * hand-written line is untouched, and the similar match is offered with its percentage and difference and used by a
 * click. The choice is per job. A project term forbids a word of another line's exact match: that word is never
 * written by the fill (the term is deleted afterwards).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, basic, editorLine, expectAccessible, openTranslationEditor, signIn, type Account } from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the spec names the fields it reads
type Rec = Record<string, any>;

/** Only lines the grid shows without scrolling are used. */
const VISIBLE = 10;
const HAND_WRITTEN = 'Hand-written by the translator: keep me';

async function api(request: APIRequestContext, as: Account, method: string, path: string, body?: unknown) {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest' },
    data: body,
  });
  return { status: response.status(), body: (await response.json()) as Rec, etag: response.headers()['etag'] };
}

interface Setup {
  workRequest: string;
  /** 0-based line indexes, and the exact match's translation of the filled one. */
  filled: number;
  filledText: string;
  handWritten: number;
  similar: number;
  /** The similar match's translation as stored (with its markup). */
  similarText: string;
  /** A line whose exact match uses `forbidden`, a variant a project term (id `term`) forbids: never filled with it. */
  guarded: number;
  forbidden: string;
  term: string;
}
let setup: Setup | undefined;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const admin = ACCOUNTS.admin;
  const translatorId = (await api(request, ACCOUNTS.translator, 'GET', '/users/me')).body._id as string;
  const recent = await request.get('/api/workrequests?sort=-created', {
    headers: { Authorization: basic(admin), 'X-Requested-With': 'XMLHttpRequest', 'X-Range': 'resources=0-59' },
  });
  const seen = new Set<string>();
  for (const wr of (await recent.json()) as Rec[]) {
    const dialogue = wr.asset?.transcription?.dialogue as string | undefined;
    const pair = `${wr.asset?._id}:${wr.language}`;
    if (!dialogue || seen.has(pair)) continue;
    seen.add(pair);
    const placed = await api(request, admin, 'POST', '/workrequests', {
      asset: wr.asset._id,
      language: wr.language,
      territory: wr.territory,
      dng: { dialogue: ['subtitles'] },
      due: { date: Math.floor(Date.now() / 1000) + 14 * 86400, tz: 'Europe/Paris' },
      instructions: 'Translation memory e2e order',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body._id as string;
    expect((await api(request, admin, 'PUT', `/workrequests/${id}`, { assignee: translatorId })).status).toBe(200);
    expect(
      (await api(request, admin, 'PUT', `/workrequests/${id}`, { status: 'in-progress', reason: 'e2e' })).status,
    ).toBe(200);
    const translationId = placed.body.translation._id as string;
    const texts = ((await api(request, admin, 'GET', `/translations/${dialogue}`)).body.lines as Rec[])
      .slice(0, VISIBLE)
      .map((l) => String(l.text ?? ''));
    const exact = (await api(request, admin, 'POST', `/translations/${translationId}/memory`, { texts })).body;
    const exactAt = new Map<number, string>(
      (exact.results as Rec[]).map((r) => [r.index as number, String((r.matches as Rec[])[0]!.text)]),
    );
    const others = texts.map((_, i) => i).filter((i) => !exactAt.has(i) && texts[i]!.trim() !== '');
    const fuzzy = others.length
      ? (
          await api(request, admin, 'POST', `/translations/${translationId}/memory`, {
            texts: others.map((i) => texts[i]),
            fuzzy: true,
          })
        ).body
      : { results: [] };
    const similarAt = (fuzzy.results as Rec[]).find((r) => (r.matches as Rec[]).some((m) => !m.exact));
    const exactLines = [...exactAt.keys()].sort((a, b) => a - b);
    const words = (text: string): string[] => text.match(/\p{L}{4,}/gu) ?? [];
    const guardable = (i: number, filled: number) =>
      words(texts[i]!).find((w) => !words(texts[filled]!).includes(w)) &&
      words(exactAt.get(i)!).find((w) => !words(exactAt.get(filled)!).includes(w));
    const guarded = exactLines.slice(2).find((i) => guardable(i, exactLines[1]!));
    if (similarAt && exactLines.length >= 3 && guarded !== undefined) {
      const handWritten = exactLines[0]!;
      const filled = exactLines[1]!;
      const source = words(texts[guarded]!).find((w) => !words(texts[filled]!).includes(w))!;
      const forbidden = words(exactAt.get(guarded)!).find((w) => !words(exactAt.get(filled)!).includes(w))!;
      const term = await api(request, admin, 'POST', '/glossary', {
        project: placed.body.project._id,
        language: placed.body.language,
        source,
        translation: `Approuve${Date.now().toString(36).replace(/\d/g, 'x')}`,
        forbidden: [forbidden],
      });
      expect(term.status, JSON.stringify(term.body)).toBe(201);
      // The translator writes one line whose original has an exact match: Memories must not touch it.
      const current = await api(request, ACCOUNTS.translator, 'GET', `/translations/${translationId}`);
      const lines = (current.body.lines as Rec[]).map((l, i) =>
        i === handWritten ? { ...l, text: HAND_WRITTEN, custom: true } : l,
      );
      const saved = await request.put(`/api/translations/${translationId}`, {
        headers: {
          Authorization: basic(ACCOUNTS.translator),
          'X-Requested-With': 'XMLHttpRequest',
          'If-Match': current.etag!,
        },
        data: { lines },
      });
      expect(saved.status()).toBe(200);
      setup = {
        workRequest: id,
        filled,
        filledText: exactAt.get(filled)!,
        handWritten,
        similar: others[similarAt.index as number]!,
        similarText: String((similarAt.matches as Rec[]).find((m) => !m.exact)!.text),
        guarded,
        forbidden,
        term: term.body._id as string,
      };
      return;
    }
    await api(request, admin, 'PUT', `/workrequests/${id}`, {
      status: 'cancelled',
      reason: 'e2e: not the lines wanted',
    });
  }
  expect(setup, 'an asset with exact and similar memory matches in its first lines').toBeDefined();
});

test.afterAll(async ({ request }) => {
  if (!setup) return;
  const gone = await request.delete(`/api/glossary/${setup.term}`, {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(gone.status()).toBe(204);
});

test('Memories on: exact matches fill empty lines, a hand-written line stays, a similar match is offered and used', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const s = setup!;
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, s.workRequest);
  const memories = page.getByRole('switch', { name: 'Memories' });
  await expect(memories).not.toBeChecked();
  await memories.check();

  // It asks first: how many lines and which, nothing written before the answer.
  const ask = page.getByRole('dialog', { name: /^Fill [\d,]+ empty lines? from the memory\?$/ });
  await expect(ask).toBeVisible({ timeout: 30_000 });
  // The preview shows the line as it will look: formatting tags (<i>…</i>) are drawn, not written out.
  await expect(ask.getByRole('list', { name: 'Lines that would be filled' })).toContainText(
    s.filledText.split('\n')[0]!.replace(/<\/?[a-z]+>/gi, ''),
  );
  await expect(editorLine(page, s.filled + 1)).toHaveValue('');
  await expectAccessible(page, 'the fill preview', '.modal');
  await ask.getByRole('button', { name: /^Fill [\d,]+ lines?$/ }).click();
  await expect(page.getByText(/empty lines? filled from the memory/)).toBeVisible();
  // The match using the forbidden term was not written (another exact match, or none: never the variant).
  await expect(editorLine(page, s.guarded + 1)).not.toHaveValue(
    new RegExp(`(^|[^\\p{L}])${s.forbidden}($|[^\\p{L}])`, 'iu'),
  );
  await expect(editorLine(page, s.filled + 1)).toHaveValue(s.filledText);
  await expect(editorLine(page, s.handWritten + 1)).toHaveValue(HAND_WRITTEN);
  await expect(page.locator(`[role="row"][data-line="${s.filled + 1}"] .source-mark`)).toContainText('Memory');

  // The similar line: its matches beside it, with the percentage and the words that differ.
  await editorLine(page, s.similar + 1).click();
  const bar = page.getByRole('region', { name: 'Translation memory' });
  await expect(bar.getByRole('heading', { name: `Memory for line ${s.similar + 1}`, exact: true })).toBeVisible();
  const match = bar
    .locator('.memory-match')
    .filter({ hasNot: page.locator('.memory-match__score--exact') })
    .first();
  await expect(match).toBeVisible({ timeout: 30_000 });
  const score = Number((await match.locator('.memory-match__score').innerText()).match(/\d+/)![0]);
  expect(score).toBeGreaterThanOrEqual(75);
  expect(score).toBeLessThan(100);
  // Words that differ are marked; a match whose words are the same says only its formatting differs.
  await expect(match.locator('ins, del, .memory-match__formatting').first()).toBeVisible();
  await match.getByRole('button', { name: /^Use match \d+ in line/ }).click();
  await expect(editorLine(page, s.similar + 1)).toHaveValue(s.similarText);
  // The hand-written line is still as written (back at the grid's top: only the rows near the view exist).
  await page.getByTestId('line-grid').evaluate((el) => (el.scrollTop = 0));
  await expect(editorLine(page, s.handWritten + 1)).toHaveValue(HAND_WRITTEN);

  await expectAccessible(page, 'the editor with Memories on', '.memory-bar');

  // The choice is remembered for this job: on again after a reload, and nothing is filled without asking.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Memories' })).toBeChecked();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
