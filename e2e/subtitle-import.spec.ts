/**
 * Importing real-world subtitle files (docs/decisions/125-subtitle-files-read-as-bytes.md), against the real server: a
 * file of ExoPlayer's test suite with blocks that cannot be read, which the preview lists by row before anything is
 * applied; a published film's Serbian Cyrillic subtitles in windows-1251, whose encoding the preview guesses and lets
 * the translator change (the text re-read at once); applied, exported as SRT and compared with the lines. The files
 * come from the corpus (test/fixtures/subtitles). Every record this spec changes is an order it placed itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parseSubtitleText } from '../src/features/translation-editor/model/subtitleFiles';
import { ACCOUNTS, editorLine, expectAccessible, placeOrder, signIn, timesInMilliseconds } from './support';

const CORPUS = path.resolve('test/fixtures/subtitles');

async function openImport(page: Page, corpusFile: string) {
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subtitles' });
  await dialog.getByLabel('File').setInputFiles({
    name: path.basename(corpusFile),
    mimeType: 'application/x-subrip',
    buffer: fs.readFileSync(path.join(CORPUS, corpusFile)),
  });
  return dialog;
}

test('real-world files: skipped blocks reported, a windows-1251 file re-read in the chosen encoding, applied and exported', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const wr = await placeOrder(request, 'Subtitle import e2e');
  await timesInMilliseconds(page, ACCOUNTS.coordinator); // the line's start is read as HH:MM:SS,mmm
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${wr._id}/translation`);
  await expect(editorLine(page, 1)).toBeVisible({ timeout: 30_000 });

  // 1. ExoPlayer's file with a block without timing and two unreadable timings: listed before anything is applied.
  let dialog = await openImport(page, 'exoplayer/typical_missing_timecode.srt');
  const skipped = dialog.getByTestId('import-skipped');
  await expect(skipped).toContainText('3 blocks skipped: line 5, line 14, line 18');
  await expect(skipped.getByRole('listitem')).toHaveText([
    'Line 5: no timing (“2”)',
    'Line 14: timing not readable (“--> 02:00:10,901”)',
    'Line 18: timing not readable (“02:00:12,901 -->”)',
  ]);
  await expect(dialog.getByTestId('import-format')).toHaveText('SRT');
  await expect(dialog.getByLabel('Encoding')).toHaveValue('utf-8');
  await expectAccessible(page, 'the import preview', '.modal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // 2. A film's Serbian Cyrillic subtitles saved in windows-1251: guessed, and the translator can pick another encoding.
  dialog = await openImport(page, 'subtitleedit/auto_detect_windows-1251.srt');
  const encoding = dialog.getByLabel('Encoding');
  await expect(encoding).toHaveValue('windows-1251');
  await expect(dialog.getByTestId('import-encoding-how')).toContainText('a guess');
  // The first change whose text is Cyrillic (a film's subtitles open with the ripper's credit), by its line number.
  const rows = dialog.locator('.import__preview tbody tr');
  const cyrillicRow = rows.filter({ hasText: /[А-Яа-яЁё]/ }).first();
  await expect(cyrillicRow).toBeVisible();
  const lineNumber = Number(await cyrillicRow.locator('td').first().innerText());
  const fromFile = rows
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${lineNumber}$`) }) })
    .locator('td')
    .nth(2);
  // Text content: the rows of a subtitle run together (the preview shows them on rows of their own with <br>).
  const cyrillic = (await fromFile.textContent()) ?? '';
  await encoding.selectOption('windows-1252');
  await expect(dialog.getByTestId('import-encoding-how')).toContainText('as you chose');
  await expect(fromFile).not.toHaveText(/[А-Яа-яЁё]/);
  await encoding.selectOption('windows-1251');
  await expect(fromFile).toHaveText(cyrillic);

  const apply = dialog.getByRole('button', { name: /^Apply \d+ changes?$/ });
  const changes = Number(/Apply (\d+)/.exec((await apply.innerText()) ?? '')?.[1]);
  expect(changes).toBeGreaterThan(0);
  await apply.click();
  await expect(dialog).toHaveCount(0);
  const line = editorLine(page, lineNumber);
  const lineText = await line.inputValue();
  expect(lineText.replace(/<[^>]+>/g, '').replace(/\n/g, '')).toBe(cyrillic);

  // 3. Exported as SRT: the file holds the line as the editor has it, in UTF-8.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SRT' }).click();
  const file = await (await download).path();
  const exported = parseSubtitleText(fs.readFileSync(file, 'utf8'), 'srt');
  expect(exported.skipped).toEqual([]);
  const start = await page
    .locator(`[role="row"][data-line="${lineNumber}"]`)
    .getByRole('textbox', { name: `Start of line ${lineNumber}`, exact: true })
    .inputValue();
  const [h, m, rest] = start.split(':');
  const startMs = (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(rest!.replace(',', '.')) * 1000);
  const cue = exported.cues.find((c) => c.startMs === startMs);
  expect(cue?.text).toBe(lineText);
});
