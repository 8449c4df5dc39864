/**
 * The order queue (docs/API.md "Order queue"): a coordinator queues 2 assets × 2 languages of one project with shared
 * fields, checks them, sees the row that repeats an order (placed first through the API) with a link to it, confirms,
 * and places the four orders in one batch. A failed placing keeps the queue. axe on the queue; screenshots at 390,
 * 768 and 1280 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, signIn } from './support';

interface AssetItem {
  _id: string;
  name?: string;
  project?: string;
}

/** Two assets of one project the coordinator may order on, with their names. */
async function twoAssetsOfAProject(request: APIRequestContext): Promise<{ project: string; assets: AssetItem[] }> {
  const { items } = await apiList<AssetItem>(
    request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
    'resources=0-199',
  );
  const byProject = new Map<string, AssetItem[]>();
  for (const a of items) if (a.project && a.name) byProject.set(a.project, [...(byProject.get(a.project) ?? []), a]);
  const found = [...byProject.entries()].find(([, list]) => new Set(list.map((a) => a.name)).size >= 2);
  expect(found, 'a project with two named assets').toBeDefined();
  const [project, list] = found!;
  const assets = [list[0]!, list.find((a) => a.name !== list[0]!.name)!];
  return { project, assets };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function addPair(page: Page, language: string, territory: RegExp) {
  await page.getByLabel('Find a language by name or code').fill(language);
  await page.getByRole('radio', { name: new RegExp(`^${escaped(language)} `) }).check();
  await page.getByRole('radio', { name: territory }).check();
  await page.getByRole('button', { name: 'Add to the queue' }).click();
}

test('a coordinator queues 2 assets × 2 languages, sees the duplicate, confirms and places 4 orders', async ({
  page,
  request,
}) => {
  const { project, assets } = await twoAssetsOfAProject(request);
  // An open order for the first asset in German (Germany, Austria & Switzerland): the queue's row repeats it.
  const earlier = await request.post('/api/workrequests', {
    headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      asset: assets[0]!._id,
      language: 'de-DE',
      territory: 'DE',
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: Math.floor(Date.now() / 1000) + 9 * 86_400, tz: 'Europe/Paris' },
    },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  const earlierId = ((await earlier.json()) as { _id: string })._id;

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/queue?project=${project}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order queue' })).toBeVisible();
  for (const a of assets) await page.getByRole('checkbox', { name: new RegExp(`^${escaped(a.name!)}( ·|$)`) }).check();
  await addPair(page, 'German', /Germany, Austria & Switzerland/);
  await addPair(page, 'Spanish (Spain)', /^Spain/);
  await expect(
    page.getByRole('list', { name: 'Languages and territories in the queue' }).getByRole('listitem'),
  ).toHaveCount(2);

  await page.getByRole('group', { name: 'Dialogue' }).getByLabel('Subtitles').check();
  await page.getByRole('group', { name: 'Online' }).getByRole('checkbox', { name: 'Online' }).check();
  await page.getByLabel('1080p').check();
  await page.locator('#due-date').fill(dayFromNow(20));
  await page.getByLabel('Instructions (optional)').fill('Queue e2e: keep the title card in English.');
  const rows = page.getByRole('list', { name: 'Orders to place' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  // Each row is due at the shared time in its territory's own zone, as the box above says.
  await expect(page.getByRole('checkbox', { name: /Due at the same local time in each territory/ })).toBeChecked();
  await expect(page.getByText('DE: Europe/Berlin, ES: Europe/Madrid', { exact: false })).toBeVisible();
  await expect(rows.filter({ hasText: 'German' }).first()).toContainText('Europe/Berlin');
  await expect(rows.filter({ hasText: 'Spanish' }).first()).toContainText('Europe/Madrid');

  // Keyboard: the check is a button reached and pressed like any other.
  await page.getByRole('button', { name: 'Check 4 orders' }).focus();
  await page.keyboard.press('Enter');
  const repeated = page.getByRole('listitem', { name: new RegExp(`^${escaped(assets[0]!.name!)}, German`) });
  await expect(repeated.locator(`a[href="/work-requests/${earlierId}"]`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /repeats? an open or rejected order/ })).toBeVisible();
  const place = page.getByRole('button', { name: 'Place 4 orders' });
  await expect(place).toBeDisabled();
  await expectAccessible(page, 'the order queue with a duplicate', '.order-queue');

  for (const [width, height] of [
    [1280, 900],
    [768, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/screenshots/order-queue-${width}.png`, fullPage: true });
    // Nothing of the queue scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A failed placing keeps the queue: the server's refusal is shown and the rows stay.
  await page.getByRole('checkbox', { name: /anyway/ }).check();
  await page.route('**/api/workrequests/batch', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"boom"}}',
    }),
  );
  await place.click();
  await expect(page.getByText('The orders were not placed: your queue is kept')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await page.unroute('**/api/workrequests/batch');

  await place.click();
  await expect(page.getByRole('status').filter({ hasText: '4 orders placed.' })).toBeVisible();
  const links = page.getByRole('list', { name: 'Orders placed' }).getByRole('link');
  await expect(links).toHaveCount(4);
  // Each is a real order with the shared instructions.
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
    const id = href.split('/').pop()!;
    const got = await request.get(`/api/workrequests/${id}`, {
      headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(got.status()).toBe(200);
    const order = (await got.json()) as { instructions?: string; language?: string; due?: { tz?: string } };
    expect(order.instructions).toBe('Queue e2e: keep the title card in English.');
    expect(order.due?.tz).toBe(order.language === 'de-DE' ? 'Europe/Berlin' : 'Europe/Madrid');
  }
});
