/**
 * The Subtitler laid out for its screen (docs/decisions/212): at 1280×800 the picture, the waveform, the lines and the
 * line being edited are all on screen; at 390×844 the first line is within the first screen, the picture folded until
 * asked for; the panes resize with a keyboard-operable splitter and collapse, and both are kept after a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, editorLine, expectAccessible, openTranslationEditor, placeTranslatorOrder, signIn } from './support';

test.describe.configure({ mode: 'serial' });

let workRequestId = '';
test.beforeAll(async ({ request }) => {
  ({ workRequest: workRequestId } = await placeTranslatorOrder(request, 'Editor layout e2e', {
    minLines: 20,
    withMedia: true,
  }));
});

/** The element's box in the page's viewport, failing the test when it is not rendered. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  expect(found, `${selector} is rendered`).not.toBeNull();
  return found!;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'no sideways scroll').toBeLessThanOrEqual(inner);
}

test('at 1280×800 the picture, the waveform, the lines and the current line are all on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, workRequestId);
  await expect(page.locator('video.media-video')).toBeVisible();
  await expect(page.locator('.waveform__host')).toBeVisible();
  const wave = await box(page, '.waveform__host');
  expect(wave.y + wave.height, 'the waveform ends within the screen').toBeLessThanOrEqual(800);
  const stage = await box(page, '.media-stage');
  expect(stage.y + stage.height).toBeLessThanOrEqual(800);
  const first = await box(page, '[role="row"][data-line="1"]');
  expect(first.y + first.height, 'the first line is on screen').toBeLessThanOrEqual(800);
  const grid = await box(page, '.line-grid__scroll');
  expect(grid.height, 'several lines show, not a sliver').toBeGreaterThanOrEqual(200);
  await noSidewaysScroll(page);
  await expectAccessible(page, 'the Subtitler at 1280×800');
  await page.screenshot({ path: 'test-results/screenshots/subtitler-1280.png' });
});

test('at 390×844 the first line is within the first screen; the picture opens with one tap', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, workRequestId);
  const first = await box(page, '[role="row"][data-line="1"]');
  expect(first.y + first.height, 'the first line ends within the first screen').toBeLessThanOrEqual(844);
  await noSidewaysScroll(page);
  await expectAccessible(page, 'the Subtitler at 390×844');
  await page.screenshot({ path: 'test-results/screenshots/subtitler-390.png' });
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await expect(page.locator('video.media-video')).toBeVisible();
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screenshots/subtitler-768.png' });
});

test('the splitter resizes the lines and the panes from the keyboard, and the size is kept', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, workRequestId);
  const splitter = page.getByRole('separator', { name: 'Resize the lines and the panes' });
  await expect(splitter).toBeVisible();
  const before = Number(await splitter.getAttribute('aria-valuenow'));
  const paneBefore = (await box(page, '.media-pane')).width;
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(before + 2 * 20));
  await expect.poll(async () => (await box(page, '.media-pane')).width).toBeGreaterThan(paneBefore + 30);
  await page.keyboard.press('Home');
  const min = Number(await splitter.getAttribute('aria-valuemin'));
  await expect(splitter).toHaveAttribute('aria-valuenow', String(min));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.reload();
  await expect(editorLine(page, 1)).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize the lines and the panes' })).toHaveAttribute(
    'aria-valuenow',
    String(min + 2 * 20),
  );
});

test('the waveform and the side panels collapse and stay collapsed after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.translator);
  await openTranslationEditor(page, workRequestId);
  const waveToggle = page.getByRole('button', { name: 'Waveform', exact: true });
  await expect(waveToggle).toHaveAttribute('aria-pressed', 'true');
  const gridBefore = (await box(page, '.line-grid__scroll')).height;
  await waveToggle.click();
  await expect(page.locator('.waveform__host')).toHaveCount(0);
  await expect.poll(async () => (await box(page, '.line-grid__scroll')).height).toBeGreaterThan(gridBefore);
  await page.reload();
  await expect(editorLine(page, 1)).toBeVisible();
  await expect(page.locator('video.media-video')).toBeVisible();
  await expect(page.locator('.waveform__host')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Waveform', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Waveform', exact: true }).click();
  await expect(page.locator('.waveform__host')).toBeVisible();
});
