/**
 * The share queue from anywhere and the playlist's in-card player (docs/API.md "Managing a share", "Shares in the
 * app"): a coordinator queues assets picked on a project's page, an order's asset and the assets of an orders search's
 * selected results, and sends them as one share;
 * a recipient plays a preview inside its card (watermarked for them), one card at a time, from the keyboard.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { slugify } from '../src/api/schema/slug';
import {
  ACCOUNTS,
  apiList,
  basic,
  expectAccessible,
  grid,
  registerUser,
  settled,
  signIn,
  sendQueuedShareTo,
} from './support';

interface Rec {
  _id: string;
  name?: string;
  slug?: string;
  filePrefix?: string;
  asset?: { _id?: string; name?: string };
}

async function kosAssets(request: APIRequestContext): Promise<{ project: Rec; assets: Rec[] }> {
  const { items: projects } = await apiList<Rec>(request, ACCOUNTS.coordinator, '/projects');
  const project = projects.find((p) => p.filePrefix === 'KOS')!;
  const { items } = await apiList<Rec>(request, ACCOUNTS.coordinator, `/assets/countByProject?project=${project._id}`);
  return { project, assets: items };
}

test('assets picked on a project’s page, an order’s asset and a search’s results are queued and sent as one share', async ({
  page,
  request,
}) => {
  const partner = await registerUser(request, 'Quinn Queue');
  const { project, assets } = await kosAssets(request);
  const { items: orders } = await apiList<Rec>(request, ACCOUNTS.coordinator, '/workrequests');
  const order = orders.find(
    (o) => o.asset?._id && o.asset.name && !assets.slice(0, 2).some((a) => a._id === o.asset!._id),
  );
  expect(order, 'an order whose asset is not among the picked ones').toBeTruthy();
  // A search of the orders finds another asset's: its results are selected and their assets queued.
  const other = orders.find((o) => o.asset?.name && o.asset._id !== order!.asset!._id);
  const term = other!.asset!.name!;
  const { items: found } = await apiList<Rec>(
    request,
    ACCOUNTS.coordinator,
    `/workrequests?q=${encodeURIComponent(term)}`,
  );
  expect(found.length).toBeGreaterThan(0);

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/catalog/projects/${project._id}`);
  const picked = [assets[0]!, assets[1]!];
  for (const a of picked) await page.getByRole('checkbox', { name: `Pick ${a.name}` }).click();
  await page.getByRole('button', { name: 'Add 2 picked assets to share' }).click();
  await expect(page.getByText('Added 2 assets to the share queue.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Share queue (2): send' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'project page with the share queue');

  await page.goto(`/work-requests/${order!._id}`);
  await page.getByRole('button', { name: 'Add to share' }).click();
  await expect(page.getByRole('link', { name: 'In the share queue (3): send' })).toBeVisible();

  await page.goto(`/work-requests?q=${encodeURIComponent(term)}`);
  await grid(page).getByRole('checkbox', { name: 'Select all loaded rows' }).click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await bar.getByRole('button', { name: 'Add their assets to share' }).click();
  await expect(bar.getByRole('status')).toContainText(/Added \d+ assets? of \d+ selected requests? to the share queue/);
  await settled(page);
  await expectAccessible(page, 'orders search with the selection queued');

  await page.goto('/shares/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New share' })).toBeVisible();
  const queued = page.getByRole('list', { name: 'Assets to share' });
  const names = [...new Set([...picked.map((a) => a.name!), order!.asset!.name!, term])];
  for (const name of names) await expect(queued.getByText(name, { exact: true }).first()).toBeVisible();
  const shared = await sendQueuedShareTo(page, partner);
  for (const name of names) await expect(shared.getByText(name, { exact: true }).first()).toBeVisible();
});

test('a recipient plays a preview inside its card, one card at a time, from the keyboard', async ({
  page,
  request,
}) => {
  const partner = await registerUser(request, 'Paula Player');
  const { assets } = await kosAssets(request);
  const trailer = assets.find((a) => a.name === 'Main Trailer 2' || a.slug === slugify('Main Trailer 2'))!;
  const other = assets.find((a) => a._id !== trailer._id)!;
  const created = await request.post('/api/shares', {
    headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
    data: { assets: [{ _id: trailer._id }, { _id: other._id }], to: [{ _id: partner._id }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const share = (await created.json()) as { _id: string };

  await signIn(page, partner);
  await page.goto(`/shares/${share._id}/playlist`);
  const card = page.getByRole('listitem', { name: trailer.name });
  const play = card.getByRole('button', { name: `Play the preview of ${trailer.name}` });
  await expect(play).toHaveText('Play (watermarked)');
  await play.focus();
  await page.keyboard.press('Enter');
  const video = card.getByLabel(`Preview of ${trailer.name}`, { exact: true });
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  // The same button stops it, and keeps the focus.
  const stop = card.getByRole('button', { name: `Stop the preview of ${trailer.name}` });
  await expect(stop).toBeFocused();
  await settled(page);
  await expectAccessible(page, 'playlist with a card playing');

  // Playing another card stops this one.
  await page
    .getByRole('listitem', { name: other.name })
    .getByRole('button', { name: /Play the preview of/ })
    .click();
  await expect(video).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Play the preview of ${trailer.name}` })).toBeVisible();
  await page.keyboard.press('Enter'); // the focus is on the other card's button: it stops that one
  await expect(
    page.getByRole('listitem', { name: other.name }).getByRole('button', { name: /Play the preview of/ }),
  ).toBeFocused();
});
