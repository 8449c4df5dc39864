/**
 * The subtitle import's limits (docs/API.md, "Subtitle import"), in the browser: a file over 10 MB is refused before
 * it is read, a TTML document nested 10,000 elements deep is refused naming the limit (it used to surface "Maximum
 * call stack size exceeded"), files are read in a worker, and closing the dialog during a read ends that worker.
 * Every record this spec changes is an order it placed itself.
 */
import { expect, test, type Page, type Worker } from '@playwright/test';
import { ACCOUNTS, editorLine, expectAccessible, placeOrder, signIn } from './support';

const TTML_NS = 'http://www.w3.org/ns/ttml';

function nestedTtml(spans: number): string {
  return (
    `<tt xmlns="${TTML_NS}"><body><div>\n<p begin="1s" end="2s">` +
    `${'<span>'.repeat(spans)}deep${'</span>'.repeat(spans)}</p></div></body></tt>`
  );
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import…' }).click();
  return page.getByRole('dialog', { name: 'Import subtitles' });
}

/** The import's workers the page starts, as they start. */
function importWorkers(page: Page): Worker[] {
  const workers: Worker[] = [];
  page.on('worker', (worker) => {
    if (/subtitleImport\.worker/.test(worker.url())) workers.push(worker);
  });
  return workers;
}

/** Counts, in the page, the workers created and those ended by the page (Worker.terminate). */
async function countWorkerEnds(page: Page): Promise<() => Promise<{ created: number; terminated: number }>> {
  await page.addInitScript(() => {
    const counts = { created: 0, terminated: 0 };
    (window as unknown as { __workerCounts: typeof counts }).__workerCounts = counts;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        counts.created += 1;
      }
      override terminate() {
        counts.terminated += 1;
        super.terminate();
      }
    };
  });
  return () =>
    page.evaluate(() => ({
      ...(window as unknown as { __workerCounts: { created: number; terminated: number } }).__workerCounts,
    }));
}

test('oversized and deeply nested files are refused with the limit named, read off the page, and closing stops a read', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const wr = await placeOrder(request, 'Subtitle import limits e2e');
  const workerCounts = await countWorkerEnds(page);
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${wr._id}/translation`);
  await expect(editorLine(page, 1)).toBeVisible({ timeout: 30_000 });
  const workers = importWorkers(page);

  // 1. 11 MB: refused at once, from its size, with no worker started to read it.
  let dialog = await openImport(page);
  await dialog.getByLabel('File').setInputFiles({
    name: 'huge.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.alloc(11 * 1024 * 1024, 0x20),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'This file is 11 MB; subtitle files of up to 10 MB can be imported.',
  );
  expect(workers).toHaveLength(0);
  await expect(dialog.getByRole('button', { name: /^Apply/ })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('import-too-large-1280.png') });

  // 2. TTML nested 10,000 elements deep: read in a worker, refused with the line and the limit.
  await dialog.getByLabel('File').setInputFiles({
    name: 'deep.ttml',
    mimeType: 'application/ttml+xml',
    buffer: Buffer.from(nestedTtml(10_000)),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Line 2: elements nested more than 100 deep; files whose markup nests up to 100 deep can be imported.',
  );
  expect(workers).toHaveLength(1);
  await expectAccessible(page, 'the import dialog with a refused file', '.modal');
  await page.screenshot({ path: test.info().outputPath('import-too-deep-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('alert')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-too-deep-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // 3. Closing the dialog while a file is read ends the read: the worker's script is held, so the read is surely
  // under way when the dialog closes; the page answers all along and ends the worker.
  let workerAsked = false;
  let releaseWorker = () => {};
  const held = new Promise<void>((resolve) => (releaseWorker = resolve));
  await page.route(/subtitleImport\.worker[^/]*\.js/, async (route) => {
    workerAsked = true;
    await held;
    // The worker ended, its request is gone: nothing to answer then.
    await route.continue().catch(() => undefined);
  });
  const before = await workerCounts();
  await dialog.getByLabel('File').setInputFiles({
    name: 'ok.ttml',
    mimeType: 'application/ttml+xml',
    buffer: Buffer.from(nestedTtml(3)),
  });
  await expect(dialog.getByRole('status').filter({ hasText: 'Reading ok.ttml…' })).toBeVisible();
  await expect.poll(() => workerAsked).toBe(true);
  expect(await workerCounts()).toEqual({ created: before.created + 1, terminated: before.terminated });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await workerCounts()).toEqual({ created: before.created + 1, terminated: before.terminated + 1 });
  releaseWorker();
  await page.unroute(/subtitleImport\.worker[^/]*\.js/);

  // 4. The same file, not interrupted: read, and previewed.
  dialog = await openImport(page);
  await dialog.getByLabel('File').setInputFiles({
    name: 'ok.ttml',
    mimeType: 'application/ttml+xml',
    buffer: Buffer.from(nestedTtml(3)),
  });
  await expect(dialog.getByTestId('import-format')).toHaveText('TTML');
  await expect(dialog.getByTestId('import-summary')).toContainText('1 subtitles in the file');
});
