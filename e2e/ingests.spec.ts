/**
 * The Ingests page (docs/API.md "Ingest"): a clip uploaded through the tus endpoint (by API, as a script would) shows
 * on the uploader's page and becomes Succeeded without a reload, with its thumbnail and probe facts; its preview
 * plays in the page.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './support';
import { editableAsset } from '../test/support/uploads';
import { makeClip, uploadWhole } from '../test/support/ingest';

test('an uploaded clip becomes Succeeded on the Ingests page, with its thumbnail', async ({ page, baseURL }) => {
  const server = { url: baseURL! };
  const asset = await editableAsset(server);
  const name = `e2e ingest ${Date.now()}.mp4`;
  await uploadWhole(server, makeClip(10, { size: '1280x720' }), name, { asset }, ACCOUNTS.coordinator);

  await signIn(page, ACCOUNTS.coordinator);
  await page.getByRole('link', { name: 'Ingests' }).first().click();
  await expect(page.getByRole('heading', { name: 'Ingests', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem', { name });
  await expect(item).toBeVisible();
  // No reload: the page asks again while the file waits or is processed.
  await expect(item.getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText(/Video · 1280×720 · 25 fps · 0:10 · AAC 1 ch/)).toBeVisible();
  const thumb = item.getByRole('img', { name: `Thumbnail of ${name}` });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  // The preview plays in the page: the browser reads the proxy's metadata (10 s, 640×360).
  await item.getByRole('button', { name: /Play preview/ }).click();
  const video = item.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => [Math.round(v.duration), v.videoWidth, v.videoHeight]))
    .toEqual([10, 640, 360]);
});
