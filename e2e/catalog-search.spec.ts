/**
 * The catalog's asset search (docs/API.md, operation 9 and "Search"): a coordinator finds assets by words of their
 * name from the catalog, picks two results and sends them as a share from the share queue; the words stay in the
 * address. A client's search finds only what they may see. axe on the page; screenshots at 390 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiList,
  expectAccessible,
  expectNoSidewaysScroll,
  registerUser,
  settled,
  signIn,
  sendQueuedShareTo,
} from './support';

/** A client of the demo (a Northlight requester): sees what grants and shares give her. */
const CLIENT = { username: 'priya.raman@northlight.test', password: 'demo-password' };

interface AssetItem {
  _id: string;
  name?: string;
}

test('a coordinator searches the catalog, picks two results and shares them', async ({ page, request }) => {
  const partner = await registerUser(request, 'Sasha Search');
  const { items: expected, total } = await apiList<AssetItem>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject?q=main%20trai',
  );
  expect(total).toBeGreaterThan(2);
  expect(expected.length).toBe(total);

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/catalog');
  await page.getByRole('link', { name: 'Assets', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill('main trai');
  await expect(page).toHaveURL(/\/catalog\/assets\?q=main\+trai$/);
  await expect(page.getByText(`${total} assets`, { exact: true })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Assets matching main trai' });
  // Every row found is one the server found (newest first), named and linked to its page.
  const firstTwo = expected.slice(0, 2);
  for (const a of firstTwo) await expect(grid.locator(`a[href="/catalog/assets/${a._id}"]`)).toBeVisible();

  // Pick the first result with its box, the second from the keyboard (Space on the active row).
  await grid
    .getByRole('checkbox', { name: `Pick ${firstTwo[0]!.name}` })
    .first()
    .click();
  await grid.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Add 2 picked assets to share' }).click();
  await expect(page.getByText('Added 2 assets to the share queue.')).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the catalog asset search');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/catalog-search-${width}.png` });
  }
  await expectNoSidewaysScroll(page, 390);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A link reproduces the search.
  await page.goto('/catalog/assets?q=main%20trai');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('main trai');

  await page.getByRole('link', { name: 'Share queue (2): send' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New share' })).toBeVisible();
  const shared = await sendQueuedShareTo(page, partner);
  for (const a of firstTwo) await expect(shared.locator(`a[href*="${a._id}"]`).first()).toBeVisible();
});

test("a client's search finds only the assets they may see", async ({ page, request }) => {
  const { items: all } = await apiList<AssetItem>(request, ACCOUNTS.coordinator, '/assets/countByProject');
  const { items: theirs } = await apiList<AssetItem>(request, CLIENT, '/assets/countByProject');
  const hidden = all.find((a) => a.name && !theirs.some((t) => t.name === a.name));
  expect(hidden, 'an asset the client may not see, whose name none of theirs has').toBeDefined();

  await signIn(page, CLIENT);
  await page.goto(`/catalog/assets?q=${encodeURIComponent(hidden!.name!)}`);
  await expect(page.getByText(`No asset you can see matches “${hidden!.name!}”.`)).toBeVisible();
  // Without the catalog's edit rights there is nothing to pick.
  await expect(page.getByRole('button', { name: /picked assets? to share/ })).toHaveCount(0);
});
