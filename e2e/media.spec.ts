/**
 * Real media in the demo (docs/API.md "Media"): thumbnails show as images in lists and on asset pages
 * (loaded, lazily, at a fixed size), a failing thumbnail falls back to the typed tile, and Chromium plays the demo's
 * clip and the long feature's audio through their signed links.
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { slugify } from '../src/api/schema/slug';
import { ACCOUNTS, apiList, basic, grid, settled, signIn } from './support';

interface Rec {
  _id: string;
  name?: string;
  filePrefix?: string;
  slug?: string;
  media?: { duration: number; mime: string };
  path?: string;
}

async function assetNamed(request: APIRequestContext, prefix: string, name: string): Promise<Rec> {
  const { items: projects } = await apiList<Rec>(request, ACCOUNTS.admin, '/projects');
  const project = projects.find((p) => p.filePrefix === prefix)!;
  const { items } = await apiList<Rec>(request, ACCOUNTS.admin, `/assets/countByProject?project=${project._id}`);
  // Other specs on the same server may rename an asset (catalog #8 appends to the first one's name; the XSS spec
  // renames one): the seed's slug stays.
  return items.find((a) => a.name === name || a.slug === slugify(name))!;
}

async function previewWithMedia(request: APIRequestContext, asset: Rec): Promise<Rec> {
  const r = await request.get(`/api/previews?asset=${asset._id}`, {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
  });
  return ((await r.json()) as Rec[]).find((p) => p.media)!;
}

/** The image has loaded real pixels. */
async function expectLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

test('the work request list shows real thumbnails, lazily and at a fixed size', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await page.goto('/work-requests');
  await settled(page);
  const image = grid(page).locator('img.thumb').first();
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', '40');
  await expect(image).toHaveAttribute('height', '32');
  await expect(image).toHaveAttribute('alt', ''); // the asset's name is beside it
  await expect(image).toHaveAttribute(
    'src',
    /\/api\/files\/[0-9a-f]{24}\/content\?expires=\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&use=thumbnail&sig=/,
  );
  await expectLoaded(image);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
});

test('an asset page shows its thumbnail with a text alternative', async ({ page, request }) => {
  const asset = await assetNamed(request, 'KOS', 'Main Trailer 2');
  await signIn(page, ACCOUNTS.admin, { path: `/catalog/assets/${asset._id}` });
  const image = page.getByRole('img', { name: `Thumbnail of ${asset.name!}` });
  await expectLoaded(image);
});

test('the preview viewer plays a preview that has media', async ({ page, request }) => {
  const asset = await assetNamed(request, 'KOS', 'Main Trailer 2');
  const preview = (await previewWithMedia(request, asset)) as Rec & { label: string; revision: string };
  await signIn(page, ACCOUNTS.admin, { path: `/catalog/assets/${asset._id}` });
  const section = page.getByRole('region', { name: /Previews/ });
  await section.getByRole('button', { name: `View ${preview.label} ${preview.revision}`, exact: true }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toHaveAttribute(
    'src',
    /\/api\/previews\/[0-9a-f]{24}\/view\?expires=\d+&user=[0-9a-f]{24}&link=[0-9a-f]{16}&sig=/,
  );
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(110);
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('The signed viewing link is open until');
});

test('a thumbnail that fails to load becomes the typed tile, never a broken image', async ({ page }) => {
  await page.route('**/api/files/*/content?*', (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page, ACCOUNTS.translator);
  await page.goto('/work-requests');
  await settled(page);
  await expect(
    grid(page)
      .getByRole('img', { name: /\(no thumbnail\)$/ })
      .first(),
  ).toBeVisible();
  await expect(grid(page).locator('img.thumb')).toHaveCount(0);
});

test('Chromium plays the demo clip and the feature’s audio through their signed links', async ({ page, request }) => {
  test.setTimeout(120_000);
  const clip = await previewWithMedia(request, await assetNamed(request, 'KOS', 'Main Trailer 2'));
  const feature = await previewWithMedia(
    request,
    await assetNamed(request, 'KOS', 'Kingdom of Salt — Feature (theatrical cut)'),
  );
  await signIn(page, ACCOUNTS.translator);
  const play = (tag: 'video' | 'audio', src: string, seekTo: number) =>
    page.evaluate(
      async ({ tag, src, seekTo }) => {
        const media = document.createElement(tag);
        media.muted = true;
        media.preload = 'auto';
        const loaded = new Promise<void>((resolve, reject) => {
          media.onloadedmetadata = () => resolve();
          media.onerror = () => reject(new Error(`cannot play: ${media.error?.message ?? media.error?.code}`));
        });
        media.src = src;
        document.body.append(media);
        await loaded;
        const duration = media.duration;
        media.currentTime = seekTo; // a seek far in: answered through a byte range
        await new Promise<void>((resolve) => (media.onseeked = () => resolve()));
        const at = media.currentTime;
        media.remove();
        return { duration, at, width: media instanceof HTMLVideoElement ? media.videoWidth : 0 };
      },
      { tag, src, seekTo },
    );
  const video = await play('video', clip.path!, 90);
  expect(video.duration).toBeCloseTo(110, 0);
  expect(video.width).toBe(640);
  expect(video.at).toBeCloseTo(90, 0);
  const audio = await play('audio', feature.path!, 4000);
  expect(audio.duration).toBeCloseTo(5400, 0);
  expect(audio.at).toBeCloseTo(4000, 0);
});
