/**
 * An asset's downloads and views on its page (docs/API.md "Downloads and views"): a file downloaded through its
 * signed link by a coordinator shows up for the admin with who, what and how much; an asset nobody used says so;
 * the section passes axe.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, signIn } from './support';

interface Rec {
  _id: string;
  name?: string;
  [k: string]: unknown;
}

const headers = (account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS]) => ({
  Authorization: basic(account),
  'X-Requested-With': 'XMLHttpRequest',
});

test('a download made through a file’s signed link shows on the asset’s page', async ({ page, request }) => {
  const { items: assets } = await apiList<Rec & { $thumbnail?: { _id: string } }>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
    'resources=0-199',
  );
  const asset = assets.find((a) => a.$thumbnail)!;
  const fileId = asset.$thumbnail!._id;
  const file = (await (
    await request.get(`/api/files/${fileId}`, { headers: headers(ACCOUNTS.coordinator) })
  ).json()) as Rec & { path: string; name: string };
  const me = (await (await request.get('/api/users/me', { headers: headers(ACCOUNTS.coordinator) })).json()) as Rec;
  // The download, as a browser makes it: the signed link alone.
  const got = await request.get(file.path, { headers: { 'User-Agent': 'e2e-downloader/1' } });
  expect(got.status()).toBe(200);
  const size = (await got.body()).length;
  // Records are written within a second of the answer.
  await expect
    .poll(async () => {
      const { items } = await apiList<Rec>(request, ACCOUNTS.admin, `/assets/${asset._id}/downloads`);
      return items.some((d) => d.userAgent === 'e2e-downloader/1');
    })
    .toBe(true);

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/catalog/assets/${asset._id}`);
  const section = page.getByRole('region', { name: /Downloads and views/ });
  const row = section.getByRole('row').filter({ hasText: 'e2e-downloader/1' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(String(me.name));
  await expect(row).toContainText('Downloaded');
  await expect(row).toContainText(file.name);
  await expect(row).toContainText(size < 1000 ? `${size} bytes` : /KB|MB/);
  await expectAccessible(page, 'an asset page with its downloads and views');
});

test('an asset nobody downloaded or viewed says so', async ({ page, request }) => {
  const { items: assets } = await apiList<Rec>(request, ACCOUNTS.admin, '/assets/countByProject', 'resources=0-199');
  let unused: Rec | undefined;
  for (const a of assets.slice().reverse()) {
    const { total } = await apiList(request, ACCOUNTS.admin, `/assets/${a._id}/downloads`, 'resources=0-0');
    if (total === 0) {
      unused = a;
      break;
    }
  }
  expect(unused).toBeDefined();
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/catalog/assets/${unused!._id}`);
  const section = page.getByRole('region', { name: /Downloads and views/ });
  await expect(section.getByText('Nobody has downloaded or viewed this asset’s files and previews yet.')).toBeVisible();
});
