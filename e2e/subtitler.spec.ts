/**
 * The Subtitler (docs/decisions/124): the translation editor with the preview and the waveform of a demo clip, end to end
 * against the real server and its media. The playhead moves the current line and the drawn subtitle; typing
 * redraws it; dragging a segment retimes the line (snapped, never over a neighbour, undoable); the media pane
 * can be hidden (remembered); axe on the editor with its panes.
 *
 * Headless Chromium plays the demo's WebM (VP9 + Opus). Where a step needs a given time, the test sets the
 * element's `currentTime` and checks that the page follows the element's own events, as a user seeking does.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, placeTranslatorOrder, signIn, timesInMilliseconds } from './support';

interface WorkRequestBody {
  translation?: { _id?: string; lines?: { startTime?: string; stopTime?: string }[] };
}

test.describe.configure({ mode: 'serial' });
// These steps read and set times in milliseconds (frames: subtitler-frames.spec.ts).
test.beforeEach(({ page }) => timesInMilliseconds(page, ACCOUNTS.translator));

let workRequestId = '';
/** The lines' start times as loaded (ms). */
let starts: number[] = [];

test.beforeAll(async ({ request }) => {
  // An order of its own on a clip with media, in progress and assigned to the translator: the seeded translation this
  // spec took before (the oldest incomplete one with media) was also one the XSS spec could write its payloads into.
  // 20 lines or more: the demo trailer the steps were written against (on the 14-line festival clip, the refused drag
  // scrolls line 2's segment out of the waveform's view).
  ({ workRequest: workRequestId } = await placeTranslatorOrder(request, 'Subtitler e2e', {
    minLines: 20,
    withMedia: true,
  }));
  const headers = { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' };
  const wr = (await (await request.get(`/api/workrequests/${workRequestId}`, { headers })).json()) as WorkRequestBody;
  starts = (wr.translation?.lines ?? []).map((l) => ms(l.startTime ?? ''));
  expect(starts.length).toBeGreaterThanOrEqual(4);
});

const text = (page: Page, line: number) =>
  page.getByRole('textbox', { name: `Translation of line ${line}`, exact: true });
const row = (page: Page, line: number) => page.locator(`[role="row"][data-line="${line}"]`);
const overlay = (page: Page) => page.getByTestId('subtitle-overlay');

function ms(timecode: string): number {
  const m = /^(\d+):(\d\d):(\d\d),(\d{3})$/.exec(timecode);
  if (!m) throw new Error(`not a timecode: ${timecode}`);
  return Number(m[1]) * 3_600_000 + Number(m[2]) * 60_000 + Number(m[3]) * 1000 + Number(m[4]);
}

async function times(page: Page, line: number): Promise<{ start: number; stop: number }> {
  const start = await row(page, line)
    .getByRole('textbox', { name: `Start of line ${line}` })
    .inputValue();
  const stop = await row(page, line)
    .getByRole('textbox', { name: `Stop of line ${line}` })
    .inputValue();
  return { start: ms(start), stop: ms(stop) };
}

async function seek(page: Page, milliseconds: number): Promise<void> {
  await page.evaluate((t) => {
    const video = document.querySelector<HTMLVideoElement>('video.media-video');
    if (!video) throw new Error('no video');
    video.currentTime = t / 1000;
  }, milliseconds);
}

/**
 * Seeks as `seek` does and waits until the editor's playhead shows that time: the editor reads the element's time on
 * its `seeked` / `timeupdate` events, which a busy machine delivers late; a command "at the playhead" sent before them
 * acts at the time before the seek.
 */
async function seekAndSettle(page: Page, milliseconds: number): Promise<void> {
  await seek(page, milliseconds);
  const playhead = page.getByRole('timer', { name: 'Playhead' });
  // Within a millisecond: the element's time is seconds in a double, the playhead whole milliseconds.
  await expect.poll(async () => Math.abs(ms(await playhead.innerText()) - milliseconds)).toBeLessThanOrEqual(1);
}

async function openEditor(page: Page): Promise<void> {
  await page.goto(`/work-requests/${workRequestId}/translation`);
  await expect(text(page, 1)).toBeVisible();
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // The translator's clip is their watermarked copy: its first view waits for ffmpeg (docs/API.md, "Watermarks").
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('video.media-video')?.readyState ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
}

/** The waveform segment of a line (wavesurfer draws them in its open shadow root, which locators pierce). */
function segment(page: Page, line: number) {
  return page
    .getByTestId('waveform')
    .locator('[part~="region"]')
    .filter({ has: page.locator('[part="region-content"]', { hasText: new RegExp(`^${line} `) }) });
}

test('the playhead moves the current line and the drawn subtitle, which follows typing', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);

  const line2 = await times(page, 2);
  const box = text(page, 2);
  await box.fill('Hola <i>mundo</i>');
  await seek(page, line2.start + 300);
  await expect(overlay(page)).toHaveAttribute('data-line', '2');
  await expect(overlay(page)).toHaveText('Hola mundo');
  await expect(overlay(page).locator('i')).toHaveText('mundo');
  await expect(row(page, 2)).toHaveAttribute('aria-current', 'time');

  // Typing redraws the subtitle from the editor's document, before any save.
  await box.press('End');
  await box.pressSequentially(' <b>y más</b>');
  await expect(overlay(page)).toHaveText('Hola mundo y más');
  await expect(overlay(page).locator('b')).toHaveText('y más');
  // Position top moves it to the top of the frame.
  await box.press('Alt+p');
  await expect(overlay(page)).toHaveAttribute('data-position', 'top');

  // Playing line 3 (Alt+J plays the current line: the focused one) moves the playhead line; focus stays put.
  await text(page, 3).focus();
  await text(page, 3).fill('Tercera línea');
  const line3 = await times(page, 3);
  await text(page, 3).press('Alt+j');
  await expect(overlay(page)).toHaveAttribute('data-line', '3', { timeout: 15_000 });
  await expect(overlay(page)).toHaveText('Tercera línea');
  await expect(row(page, 3)).toHaveClass(/is-playhead/);
  await expect(row(page, 2)).not.toHaveClass(/is-playhead/);
  await expect(text(page, 3)).toBeFocused();
  // It stops at the line's stop.
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('video.media-video')!.paused), {
      timeout: 15_000,
    })
    .toBe(true);
  const at = await page.evaluate(() => document.querySelector<HTMLVideoElement>('video.media-video')!.currentTime);
  expect(at * 1000).toBeGreaterThanOrEqual(line3.stop - 50);

  // Seeking elsewhere (as the waveform's click does) highlights that line without taking the focus.
  await seek(page, line2.start + 100);
  await expect(row(page, 2)).toHaveClass(/is-playhead/);
  await expect(text(page, 3)).toBeFocused();

  // Choosing a line seeks to it.
  await text(page, 1).focus();
  await expect(overlay(page)).toHaveAttribute('data-line', '1');
});

test('dragging a segment retimes its line on frames, never over the next line, and Ctrl+Z undoes it', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  const before = await times(page, 2);
  const next = await times(page, 3);
  // Choosing line 2 brings its segment into view.
  await text(page, 2).focus();
  const handle = segment(page, 2).locator('[part~="region-handle-right"]');
  await expect(handle).toBeVisible();

  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await times(page, 2)).stop).toBeGreaterThan(before.stop);
  const dragged = await times(page, 2);
  expect(dragged.start).toBe(before.start);
  expect(dragged.stop).toBeLessThan(next.start);

  // Far past the next line's start: refused, the stop stays at the neighbour.
  const moved = (await handle.boundingBox())!;
  await page.mouse.move(moved.x + moved.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(moved.x + 600, y, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await times(page, 2)).stop).toBe(next.start);
  await expect(page.getByRole('status').filter({ hasText: 'stops at its neighbour' })).toBeAttached();
  expect((await times(page, 3)).start).toBe(next.start);
  // The segment sprang back to where the line is.
  const edge = (await handle.boundingBox())!;
  const nextEdge = (await segment(page, 3).boundingBox())!;
  expect(Math.abs(edge.x + edge.width - nextEdge.x)).toBeLessThan(4);

  // Both drags are undo steps.
  await text(page, 2).press('Control+z');
  await expect.poll(async () => (await times(page, 2)).stop).toBe(dragged.stop);
  await text(page, 2).press('Control+z');
  await expect.poll(async () => (await times(page, 2)).stop).toBe(before.stop);
});

test('set in / out at the playhead, zoom by keyboard, and the pane can be hidden (remembered)', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  const line2 = await times(page, 2);
  await text(page, 2).focus();
  await expect(overlay(page)).toHaveAttribute('data-line', '2'); // choosing line 2 sought to its start
  // Not "the playhead is not at 0": choosing line 2 already moved it to the line's start, so that held before the seek
  // landed, and Alt+[ then set the start where it was (a flaky failure on CI).
  await seekAndSettle(page, line2.start + 200);
  await text(page, 2).press('Alt+BracketLeft');
  await expect.poll(async () => (await times(page, 2)).start).toBeGreaterThan(line2.start);
  const start = (await times(page, 2)).start;
  expect(Math.abs(start - (line2.start + 200))).toBeLessThanOrEqual(42);
  await text(page, 2).press('Control+z');
  await expect.poll(async () => (await times(page, 2)).start).toBe(line2.start);

  // Loop: playing past the line's stop goes back to its start until the loop is turned off.
  const video = () =>
    page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('video.media-video')!;
      return { t: v.currentTime * 1000, paused: v.paused };
    });
  await text(page, 2).press('Alt+l');
  await expect(page.getByRole('button', { name: 'Loop line' })).toHaveAttribute('aria-pressed', 'true');
  await seekAndSettle(page, line2.stop - 250);
  await text(page, 2).press('Alt+k');
  await expect.poll(async () => (await video()).paused).toBe(false);
  // Playing from 250 ms before the line's end: a time before that means it went back to the line's start.
  await expect.poll(async () => (await video()).t, { timeout: 10_000 }).toBeLessThan(line2.stop - 250);
  const looped = await video();
  expect(looped.paused).toBe(false);
  expect(looped.t).toBeGreaterThanOrEqual(line2.start - 50);
  expect(looped.t).toBeLessThan(line2.stop + 100);
  await text(page, 2).press('Alt+k');
  await text(page, 2).press('Alt+l');
  await expect(page.getByRole('button', { name: 'Loop line' })).toHaveAttribute('aria-pressed', 'false');

  const zoom = page.getByRole('slider', { name: 'Zoom' });
  const zoomBefore = Number(await zoom.inputValue());
  await text(page, 2).press('Alt+Equal');
  await expect.poll(async () => Number(await zoom.inputValue())).toBeGreaterThan(zoomBefore);

  // The overlay lists the media shortcuts.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toContainText('Play or pause the preview');
  await expect(dialog).toContainText('Start the line at the playhead');
  await page.keyboard.press('Escape');

  const toggle = page.getByRole('button', { name: 'Video', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await expect(page.getByTestId('waveform')).toHaveCount(0);
  await page.reload();
  await expect(text(page, 1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
});

test('following the playhead scrolls the lines to it, and not when turned off', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  const last = starts.length;
  await text(page, 1).focus();
  await expect(overlay(page)).toHaveAttribute('data-line', '1'); // choosing line 1 sought to it
  await seek(page, starts[last - 1]! + 100);
  await expect(row(page, last)).toHaveAttribute('aria-current', 'time');
  await expect(row(page, last)).toBeInViewport();
  await expect(text(page, 1)).toBeFocused();

  await page.getByRole('checkbox', { name: 'Follow the playhead' }).uncheck();
  await seek(page, starts[0]! + 100);
  await expect(overlay(page)).toHaveAttribute('data-line', '1');
  await page.getByTestId('line-grid').evaluate((el) => (el.scrollTop = 0));
  await seek(page, starts[last - 2]! + 100);
  await expect(overlay(page)).toHaveAttribute('data-line', String(last - 1));
  await page.waitForTimeout(300);
  expect(await page.getByTestId('line-grid').evaluate((el) => el.scrollTop)).toBe(0);
});

test('axe finds no serious problem in the editor with its media panes', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await openEditor(page);
  await expectAccessible(page, 'the Subtitler', '.page--editor');
});
