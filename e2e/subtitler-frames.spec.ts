/**
 * The Subtitler in frames (docs/API.md "Frames"): a demo clip's times shown as HH:MM:SS:FF at its video's 25 fps,
 * nudged and typed by the frame, switched to milliseconds and back (remembered), and the STL export and the limits
 * naming the same rate.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, basic, editorLine, expectAccessible, placeTranslatorOrder, signIn } from './support';
import { ingested, makeCutClip, uploadWhole } from '../test/support/ingest';

test.describe.configure({ mode: 'serial' });

let workRequestId = '';
let translationId = '';

test.beforeAll(async ({ request }) => {
  ({ workRequest: workRequestId, translation: translationId } = await placeTranslatorOrder(
    request,
    'Subtitler frames e2e',
    {
      minLines: 5,
      withMedia: true,
    },
  ));
});

const FPS = 25;
const FRAME_TIMECODE = /^(\d\d):(\d\d):(\d\d):(\d\d)$/;

function framesOf(timecode: string): number {
  const m = FRAME_TIMECODE.exec(timecode);
  if (!m) throw new Error(`not a frame timecode: ${timecode}`);
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * FPS + Number(m[4]);
}

function timecodeOf(frames: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const s = Math.floor(frames / FPS);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}:${pad(frames % FPS)}`;
}

const start = (page: Page, line: number) =>
  page.locator(`[role="row"][data-line="${line}"]`).getByRole('textbox', { name: `Start of line ${line}` });

async function openEditor(page: Page) {
  await signIn(page, ACCOUNTS.translator, { path: `/work-requests/${workRequestId}/translation` });
  await expect(editorLine(page, 1)).toBeVisible({ timeout: 30_000 });
}

test('times are frames at the video’s rate: nudged and typed by the frame, or shown in milliseconds', async ({
  page,
}) => {
  await openEditor(page);
  const times = page.getByLabel('Times');
  await expect(times).toHaveValue('frames');
  await expect(times.locator('option:checked')).toHaveText('Frames HH:MM:SS:FF (25 fps)', { timeout: 30_000 });
  await expect(start(page, 2)).toHaveValue(FRAME_TIMECODE);
  const before = framesOf(await start(page, 2).inputValue());

  // Alt+. starts the line one frame later.
  await editorLine(page, 2).focus();
  await editorLine(page, 2).press('Alt+.');
  await expect(start(page, 2)).toHaveValue(timecodeOf(before + 1));
  await editorLine(page, 2).press('Alt+,');
  await editorLine(page, 2).press('Alt+,');
  await expect(start(page, 2)).toHaveValue(timecodeOf(before - 1));

  // A typed frame timecode is taken as it is; a frame past the rate is refused with the reason.
  await start(page, 2).fill(timecodeOf(before + 3));
  await start(page, 2).press('Enter');
  await expect(start(page, 2)).toHaveValue(timecodeOf(before + 3));
  // The row's name says its times in the same form.
  await expect(page.locator('[role="row"][data-line="2"]')).toHaveAttribute(
    'aria-label',
    new RegExp(`^Line 2, ${timecodeOf(before + 3)} to \\d\\d:\\d\\d:\\d\\d:\\d\\d$`),
  );
  await start(page, 2).fill('00:00:01:25');
  await start(page, 2).press('Enter');
  await expect(page.getByText('Frames go from 00 to 24 at 25 fps')).toBeVisible();
  await start(page, 2).press('Escape');
  await expect(start(page, 2)).toHaveValue(timecodeOf(before + 3));

  // Milliseconds: the same time, 40 ms a frame; the choice is remembered.
  await times.selectOption('milliseconds');
  const ms = (before + 3) * 40;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const expected = `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
  await expect(start(page, 2)).toHaveValue(expected);
  await expect(page.getByRole('timer', { name: 'Playhead' })).toHaveText(/^\d\d:\d\d:\d\d,\d{3}$/);
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved', { timeout: 15_000 });
  await page.reload();
  await expect(start(page, 2)).toHaveValue(expected, { timeout: 30_000 });
  await page.getByLabel('Times').selectOption('frames');
  await expect(start(page, 2)).toHaveValue(timecodeOf(before + 3));
  await expect(page.getByRole('timer', { name: 'Playhead' })).toHaveText(/^\d\d:\d\d:\d\d:\d\d$/);
});

test('the STL export and the limits name the asset’s frame rate', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: 'Export EBU STL…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export EBU STL' });
  await expect(dialog.getByText('The asset is 25 fps, from the asset’s video.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('radio', { name: /^25 fps/ })).toBeChecked();
  await expectAccessible(page, 'the STL export', 'dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Limits…' }).click();
  const limits = page.getByRole('dialog');
  await expect(limits.getByTestId('spec-limits')).toContainText('Frame rate25 fps, from the asset’s video');
  // The limits are the order's spec, read-only: nothing here to type into.
  await expect(limits.getByRole('spinbutton')).toHaveCount(0);
});

test('the waveform has a time ruler in the chosen form, and the review notes as marks that jump to their line', async ({
  page,
  request,
}) => {
  // The coordinator notes line 3 at its middle (the API the reviewer's editor uses: docs/API.md "Review notes").
  const headers = { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' };
  const wr = (await (await request.get(`/api/workrequests/${workRequestId}`, { headers })).json()) as {
    translation?: { lines?: { number?: number; startTime?: string; stopTime?: string }[] };
  };
  const line3 = wr.translation!.lines![2]!;
  const seconds = (t: string) => {
    const [h, m, s] = t.replace(',', '.').split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  const time = Math.round(((seconds(line3.startTime!) + seconds(line3.stopTime!)) / 2) * 25) / 25;
  const noted = await request.post('/api/comments', {
    headers,
    data: {
      workRequest: workRequestId,
      translation: translationId,
      line: line3.number,
      time,
      category: 'timing',
      body: 'Comes in late',
    },
  });
  expect(noted.status(), await noted.text()).toBeLessThan(300);

  await openEditor(page);
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const ruler = page.getByTestId('waveform-ruler');
  await expect(ruler).toBeVisible();
  await expect(ruler.locator('[part="ruler-label"]').first()).toHaveText(FRAME_TIMECODE);
  await page.getByLabel('Times').selectOption('milliseconds');
  await expect(ruler.locator('[part="ruler-label"]').first()).toHaveText(/^\d\d:\d\d:\d\d,\d{3}$/);
  await page.getByLabel('Times').selectOption('frames');

  const mark = page.getByRole('button', {
    name: `Note on line 3 at ${timecodeOf(Math.round(time * 25))}: Comes in late`,
  });
  await expect(mark).toBeVisible();
  await mark.click();
  await expect(editorLine(page, 3)).toBeFocused();
  await expect(page.getByRole('timer', { name: 'Playhead' })).toHaveText(timecodeOf(Math.round(time * 25)));

  // By keyboard: the mark is in the Tab order and Enter jumps to it.
  await editorLine(page, 1).focus();
  await mark.focus();
  await page.keyboard.press('Enter');
  await expect(editorLine(page, 3)).toBeFocused();
  await expectAccessible(page, 'the editor with its ruler and note marks', '.page--editor');
  await page.screenshot({ path: 'test-results/frames-editor-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/frames-editor-390.png', fullPage: true });
});

test('shot changes found at ingest are marked on the waveform, and a nudge toward one snaps onto it (unless turned off)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A video with cuts at 2 s and 4 s, uploaded to the clip's asset and ingested by the server's ffmpeg.
  const server = { url: process.env.MWS_E2E_BASE_URL! };
  const headers = { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' };
  const wr = (await (await request.get(`/api/workrequests/${workRequestId}`, { headers })).json()) as {
    asset: { _id: string };
  };
  const file = await uploadWhole(server, makeCutClip(), 'Cuts (textless).mp4', { asset: wr.asset._id });
  expect((await ingested(server, file, ACCOUNTS.coordinator, 90_000)).$ingest.shotChanges).toEqual([2, 4]);

  await signIn(page, ACCOUNTS.coordinator, { path: `/work-requests/${workRequestId}/translation` });
  await expect(editorLine(page, 1)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const snap = page.getByRole('checkbox', { name: 'Snap to shot changes (2)' });
  await expect(snap).toBeChecked();
  await expect(page.locator('[part="shot-change"][data-ms="2000"]')).toBeAttached();

  // Line 1's stop two frames after the cut at 4 s: one frame earlier is within reach of the cut, so it lands on it.
  expect(framesOf(await start(page, 1).inputValue())).toBeLessThan(4 * FPS - 2);
  const stop = page.locator('[role="row"][data-line="1"]').getByRole('textbox', { name: 'Stop of line 1' });
  const stopAt = async (timecode: string) => {
    await stop.fill(timecode);
    await stop.press('Enter');
    await expect(stop).toHaveValue(timecode);
  };
  await stopAt('00:00:04:03');
  await editorLine(page, 1).focus();
  await editorLine(page, 1).press('Alt+Shift+,');
  await expect(stop).toHaveValue('00:00:04:00');
  // Snapping off: a frame is a frame.
  await snap.uncheck();
  await stopAt('00:00:04:03');
  await editorLine(page, 1).focus();
  await editorLine(page, 1).press('Alt+Shift+,');
  await expect(stop).toHaveValue('00:00:04:02');
  await snap.check();
});
