/**
 * The demo feature's picture (docs/decisions/218): the server gives the 90-minute feature a generated picture after
 * seeding (the e2e server for its first minute: FEATURE_PICTURE_SECONDS), and the Subtitler plays it with the shot
 * changes the server found in it marked on the waveform.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiList, basic, signIn } from './support';

const FEATURE = 'Kingdom of Salt — Feature (theatrical cut)';

interface WorkRequest {
  _id: string;
  asset?: { _id?: string; name?: string };
}

/** The server makes the sound, then the picture, in the background after it starts: waits for the preview to say so. */
async function pictureMade(request: APIRequestContext, asset: string): Promise<void> {
  const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
  await expect
    .poll(
      async () => {
        const previews = (await (await request.get(`/api/previews?asset=${asset}`, { headers })).json()) as {
          media?: { mime: string };
        }[];
        return previews.find((p) => p.media)?.media?.mime;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe('video/webm');
}

/** The demo translator's work request on the feature (the seed's, in progress): its asset is the feature. */
async function featureWork(request: APIRequestContext): Promise<WorkRequest & { asset: { _id: string } }> {
  const { items: requests } = await apiList<WorkRequest>(request, ACCOUNTS.translator, '/workrequests');
  const work = requests.find((w) => w.asset?.name === FEATURE);
  expect(work, 'the translator’s work request on the feature').toBeDefined();
  return work as WorkRequest & { asset: { _id: string } };
}

test('the feature plays its picture in the Subtitler, its shot changes on the waveform', async ({ page, request }) => {
  test.setTimeout(300_000);
  const work = await featureWork(request);
  const feature = work.asset;
  await pictureMade(request, feature._id);

  // An admin gets previews unmarked: the picture itself (a translator's is their marked copy: the next test).
  await signIn(page, ACCOUNTS.admin, { path: `/work-requests/${work._id}/translation` });
  const video = page.locator('video.media-video');
  await expect(video).not.toHaveClass(/media-video--audio/, { timeout: 30_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBe(320);
  // It plays: time moves with the picture decoded.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  // The generated cuts are marked on the waveform (around the first line, where the editor opens).
  await expect(page.getByRole('checkbox', { name: /Snap to shot changes \(\d+\)/ })).toBeVisible();
  await expect(page.locator('[part="shot-change"]').first()).toBeAttached({ timeout: 15_000 });
  const marks = await page
    .locator('[part="shot-change"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-ms'))));
  // The generated cuts fall on every multiple of 5 s and of 7 s: each mark drawn (those near the view) is one of them.
  const onACut = (ms: number) => [5000, 7000].some((every) => Math.abs(ms - Math.round(ms / every) * every) < 200);
  expect(marks.length).toBeGreaterThan(0);
  expect(marks.filter((ms) => !onACut(ms))).toEqual([]);
  await page.screenshot({ path: 'test-results/feature-picture-1280.png' });
});

test('a translator gets the picture with their watermark: the sound first, then the picture where the playhead is', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const work = await featureWork(request);
  await pictureMade(request, work.asset._id);
  await signIn(page, ACCOUNTS.translator, { path: `/work-requests/${work._id}/translation` });
  const video = page.locator('video.media-video');
  await expect(video).toBeAttached({ timeout: 30_000 });
  // Their copy is made ahead, started by their first look at the feature today (docs/decisions/218): an earlier
  // spec's look may have made it already.
  const soundFirst = await video.evaluate((v) => v.classList.contains('media-video--audio'));
  if (soundFirst) {
    await expect(page.getByRole('status').filter({ hasText: 'The picture is being prepared' })).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 61));
    await expect(page.getByRole('timer', { name: 'Playhead' })).toContainText('00:01:01');
  }
  await expect(video).not.toHaveClass(/media-video--audio/, { timeout: 240_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBe(320);
  await expect(page.getByRole('status').filter({ hasText: 'The picture is being prepared' })).toHaveCount(0);
  const src = await video.getAttribute('src');
  const headers = { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/users/me', { headers })).json()) as { _id: string };
  expect(new URL(src!, 'http://x').searchParams.get('user')).toBe(me._id); // their link: their marked copy
  if (soundFirst) {
    // The picture took over where the sound was.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBe(61);
    await expect(page.getByRole('timer', { name: 'Playhead' })).toContainText('00:01:01');
  }
  await page.screenshot({ path: 'test-results/feature-picture-translator-1280.png' });
});
