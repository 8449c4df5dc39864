/**
 * The demo feature's picture (docs/decisions/218): the server gives the 90-minute feature a generated picture after
 * seeding (the e2e server for its first minute: FEATURE_PICTURE_SECONDS), and the Subtitler plays it with the shot
 * changes the server found in it marked on the waveform.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, basic, signIn } from './support';

const FEATURE = 'Kingdom of Salt — Feature (theatrical cut)';

interface WorkRequest {
  _id: string;
  asset?: { _id?: string; name?: string };
}

test('the feature plays its picture in the Subtitler, its shot changes on the waveform', async ({ page, request }) => {
  test.setTimeout(300_000);
  // The demo translator's work request on the feature (the seed's, in progress): its asset is the feature.
  const { items: requests } = await apiList<WorkRequest>(request, ACCOUNTS.translator, '/workrequests');
  const work = requests.find((w) => w.asset?.name === FEATURE)!;
  expect(work, 'the translator’s work request on the feature').toBeDefined();
  const feature = { _id: work.asset!._id! };
  const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
  // The server makes the sound, then the picture, in the background after it starts: wait for the preview to say so.
  await expect
    .poll(
      async () => {
        const previews = (await (await request.get(`/api/previews?asset=${feature._id}`, { headers })).json()) as {
          media?: { mime: string };
        }[];
        return previews.find((p) => p.media)?.media?.mime;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe('video/webm');

  // An admin gets previews unmarked: the picture (a viewer who must get a mark hears the sound alone, as the API test
  // of media shows).
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
