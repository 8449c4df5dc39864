/**
 * Broadcast deliveries from the line editor: export TTML (IMSC 1.1 Text) and EBU STL (frame rate asked in a
 * dialog, the default from the media), check the files' headers and bytes, and import them back through the
 * import preview (cancelled, so the translation is left as it was). Uses a Polish translation (table 00 has its
 * letters) and an Arabic one (STL cannot write it: the dialog says so; TTML marks it right-to-left).
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, editorLine, signIn } from './support';

/**
 * A seeded work request of `language` whose translation has text: not an order another spec placed meanwhile (the list
 * is newest first, and a new order's lines are empty, so its export has no subtitle to mark right-to-left).
 */
async function workRequestWithTranslation(request: APIRequestContext, language: string): Promise<string> {
  const { items } = await apiList<{ _id: string; translation?: { _id?: string } }>(
    request,
    ACCOUNTS.coordinator,
    `/workrequests?language=${language}`,
    'resources=0-49',
  );
  for (const wr of items.filter((w) => w.translation?._id)) {
    const record = await request.get(`/api/workrequests/${wr._id}`, {
      headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
    });
    const body = (await record.json()) as { translation?: { lines?: { text?: string }[] } };
    if ((body.translation?.lines ?? []).some((l) => (l.text ?? '').trim() !== '')) return wr._id;
  }
  throw new Error(`no ${language} work request with a translated line`);
}

async function openEditor(page: Page, workRequestId: string) {
  await signIn(page, ACCOUNTS.coordinator, { path: `/work-requests/${workRequestId}/translation` });
  await expect(editorLine(page, 1)).toBeVisible({ timeout: 30_000 });
}

async function download(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await click();
  const file = await downloading;
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('exports TTML and EBU STL, and both import back through the preview', async ({ page, request }) => {
  await openEditor(page, await workRequestWithTranslation(request, 'pl-PL'));

  const ttml = await download(page, () => page.getByRole('button', { name: 'Export TTML (IMSC 1.1)' }).click());
  expect(ttml.name).toMatch(/\.ttml$/);
  const xml = ttml.bytes.toString('utf8');
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<tt xmlns="http:\/\/www.w3.org\/ns\/ttml"/);
  expect(xml).toContain('ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text"');
  expect(xml).toContain('xml:lang="pl-PL"');
  expect(xml).toMatch(/<p xml:id="s1" begin="\d\d:\d\d:\d\d\.\d{3}" end="\d\d:\d\d:\d\d\.\d{3}" region="(top|bottom)"/);

  await page.getByRole('button', { name: 'Export EBU STL…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export EBU STL' });
  // The demo media (or, without it, the default) gives 25 fps.
  await expect(dialog.getByRole('radio', { name: /^25 fps/ })).toBeChecked({ timeout: 30_000 });
  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('radio', { name: /^30 fps/ }).check();
  const stl = await download(page, () => dialog.getByRole('button', { name: 'Export STL' }).click());
  await expect(dialog).toHaveCount(0);
  expect(stl.name).toMatch(/\.stl$/);
  // GSI: code page 850, STL30.01, Level-1 teletext, Latin table, language Polish (EBU code 20).
  expect(stl.bytes.subarray(0, 16).toString('latin1')).toBe('850STL30.0110020');
  const blocks = (stl.bytes.length - 1024) / 128;
  expect(Number.isInteger(blocks) && blocks > 0).toBe(true);
  expect(Number(stl.bytes.subarray(238, 243).toString('latin1'))).toBe(blocks); // TNB
  const subtitles = Number(stl.bytes.subarray(243, 248).toString('latin1')); // TNS
  expect(subtitles).toBeGreaterThan(0);
  expect(stl.bytes[1024 + 3]).toBe(blocks === subtitles ? 0xff : stl.bytes[1024 + 3]); // EBN
  expect(stl.bytes[1024 + 14]).toBe(2); // JC: centred

  // The STL back through the import preview: every subtitle read.
  await page.getByRole('button', { name: 'Import…' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import subtitles' });
  await importDialog
    .getByLabel('File')
    .setInputFiles({ name: 'back.stl', mimeType: 'application/octet-stream', buffer: stl.bytes });
  await expect(importDialog.getByTestId('import-summary')).toContainText(`${subtitles} subtitles in the file`);
  await expect(importDialog.getByTestId('import-skipped')).toHaveCount(0);

  // The TTML with its first subtitle changed: the preview shows that change.
  const changed = xml.replace(
    /(<p xml:id="s1"[^>]*>)[\s\S]*?<\/p>/,
    '$1Zmieniony <span tts:fontStyle="italic">tekst</span></p>',
  );
  await importDialog
    .getByLabel('File')
    .setInputFiles({ name: 'back.ttml', mimeType: 'application/ttml+xml', buffer: Buffer.from(changed) });
  await expect(importDialog.getByRole('cell', { name: 'Zmieniony tekst', exact: true })).toBeVisible();
  await importDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(importDialog).toHaveCount(0);
});

test('an Arabic translation: TTML right-to-left, STL lists what it cannot write', async ({ page, request }) => {
  await openEditor(page, await workRequestWithTranslation(request, 'ar-SA'));
  const ttml = await download(page, () => page.getByRole('button', { name: 'Export TTML (IMSC 1.1)' }).click());
  const xml = ttml.bytes.toString('utf8');
  expect(xml).toContain('xml:lang="ar-SA"');
  expect(xml).toMatch(/<region xml:id="bottom"[^>]*tts:writingMode="rltb"/);
  expect(xml).toContain('tts:direction="rtl"');

  await page.getByRole('button', { name: 'Export EBU STL…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export EBU STL' });
  await expect(dialog.getByText(/outside STL's Latin character table/).first()).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
