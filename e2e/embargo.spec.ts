/**
 * Embargoes in the app (docs/API.md "Embargoes"), as a client the studio shares files with — someone the embargo
 * holds: a file they may download, put under embargo by an admin, shows locked with its release date and offers no
 * download, the asset's previews no play button; "Request access" fails visibly when the server does, works on the
 * next try, and says "already requested" on the next visit. Keyboard only for the button; axe on the page.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, settled, signIn } from './support';

/** The demo's territory client (docs/API.md, "Who sees what: grants"): downloads what her shares allow. */
const CLIENT = { username: 'priya.raman@northlight.test', password: 'demo-password' };

interface AssetRow {
  _id: string;
  name: string;
  $embargo: boolean;
  $embargoUntil?: number;
}
interface FileRow {
  _id: string;
  name: string;
  path?: string;
  $embargo?: { until: number | null; locked: boolean; requested?: boolean };
}

test('a client sees a file of hers under embargo locked until its date and asks for access', async ({
  page,
  request,
}) => {
  // A file the client may download (a share of hers grants it), not under embargo yet: an admin puts it under one.
  const assets = await apiList<AssetRow>(request, CLIENT, '/assets/countByProject', 'resources=0-199');
  let target: { asset: AssetRow; file: FileRow } | undefined;
  for (const asset of assets.items.filter((a) => !a.$embargo)) {
    const files = await apiList<FileRow>(request, CLIENT, `/files?asset=${asset._id}`);
    const file = files.items.find((f) => f.path && !f.$embargo);
    if (file) {
      target = { asset, file };
      break;
    }
  }
  expect(target, 'a file the demo client may download').toBeDefined();
  const end = Math.floor(Date.now() / 1000) + 30 * 86_400;
  const put = await request.put(`/api/files/${target!.file._id}`, {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
    data: { embargo: { event: false, end } },
  });
  expect(put.status()).toBe(200);
  const { asset } = target!;
  const file = (await apiList<FileRow>(request, CLIENT, `/files?asset=${asset._id}`)).items.find(
    (f) => f._id === target!.file._id,
  )!;
  expect(file.path).toBeUndefined();
  expect(file.$embargo).toMatchObject({ until: end, locked: true, requested: false });

  await signIn(page, CLIENT);
  await page.goto(`/catalog/assets/${asset._id}`);
  await settled(page);
  await expect(page.getByRole('heading', { name: asset.name, level: 1 })).toBeVisible();
  // The asset says it is embargoed, until when.
  await expect(page.getByText('Embargoed', { exact: true }).first()).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(file.name) }) });
  await expect(row.getByText('Locked')).toBeVisible();
  await expect(row.getByText(/under embargo until/)).toBeVisible();
  // The date as the app shows dates: a <time> with the release instant.
  await expect(row.locator('time')).toHaveAttribute('datetime', new Date(file.$embargo!.until! * 1000).toISOString());
  await expect(row.getByRole('link', { name: /download/i })).toHaveCount(0);
  // The asset's previews are held too: no play button.
  const previews = page.getByRole('table', { name: 'Previews' });
  if (await previews.count()) await expect(previews.getByRole('button', { name: /^view/i })).toHaveCount(0);
  await expectAccessible(page, 'an asset with a locked file');

  // The first try fails (the server answers 503): said, and the button offers another try.
  let failOnce = true;
  await page.route(`**/api/files/${file._id}/accessRequests`, async (route) => {
    if (!failOnce) return route.continue();
    failOnce = false;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'the database is restarting' } }),
    });
  });
  const button = row.getByRole('button', { name: new RegExp(`Request access to ${file.name}`) });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('alert')).toContainText('Could not send the request');
  const again = row.getByRole('button', { name: /Try again/ });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('status')).toContainText('Access requested');
  await expectAccessible(page, 'an asset with a requested file');

  // On the next visit the server remembers: already requested, no button.
  await page.reload();
  await settled(page);
  await expect(row.getByRole('status')).toContainText('Already requested');
  await expect(row.getByRole('button', { name: /Request access/ })).toHaveCount(0);
});

test('a translator whose asset’s preview is held by an embargo is told so in the Subtitler, and whom to ask', async ({
  page,
  request,
}) => {
  // A finished job of the demo translator on a clip no other spec uses: an admin puts one of its files under embargo.
  const { items: works } = await apiList<{ _id: string; status: string; asset?: { _id: string; name?: string } }>(
    request,
    ACCOUNTS.translator,
    '/workrequests',
    'resources=0-199',
  );
  const work = works.find((w) => w.status === 'complete' && w.asset?.name === 'Clip: Uncharted');
  expect(work, 'a finished job of the translator on “Clip: Uncharted”').toBeDefined();
  const asset = work!.asset!._id;
  const files = await apiList<FileRow>(request, ACCOUNTS.admin, `/files?asset=${asset}`);
  const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
  const put = (embargo: { event: boolean; end?: number }) =>
    request.put(`/api/files/${files.items[0]!._id}`, { headers, data: { embargo } });
  expect((await put({ event: false, end: Math.floor(Date.now() / 1000) + 30 * 86_400 })).status()).toBe(200);
  try {
    await signIn(page, ACCOUNTS.translator, { path: `/work-requests/${work!._id}/translation` });
    const pane = page.getByRole('region', { name: 'Preview' });
    // Not "no preview": the preview is there, held until the embargo's date.
    await expect(pane).toContainText('The preview is under embargo until');
    await expect(pane).not.toContainText('no preview');
    await expect(pane).toContainText('Ask your coordinator');
  } finally {
    expect((await put({ event: false })).status()).toBe(200); // lifted: no end, no event
  }
});
