/** The work request list (infinite, virtualized, filters in the URL) and a work request's page and actions. */
import { expect, test, type Download, type Page, type Route } from '@playwright/test';
import { readCsv } from '../test/support/readCsv';
import {
  ACCOUNTS,
  apiList,
  basic,
  expectAccessible,
  expectListCountAsApi,
  grid,
  placeOrder,
  registerUser,
  rowOf,
  signIn,
} from './support';

interface WorkRequestItem {
  _id: string;
  status: string;
  asset?: { name?: string };
  from?: { emailNormal?: string };
  due?: { date?: number };
  translation?: { translator?: { name?: string } };
}

async function rowsInDom(page: Page): Promise<number> {
  return page.locator('[role=grid] [role=rowgroup] + [role=rowgroup] [role=row]').count();
}

test('the list scrolls past three pages of 50 and keeps fewer than 100 rows in the DOM', async ({ page }) => {
  const ranges: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/workrequests') ranges.push(r.headers()['x-range'] ?? '');
  });
  await signIn(page, ACCOUNTS.admin, { path: '/work-requests' });
  await expect(page.getByText(/^[\d,]+ work requests$/)).toBeVisible();
  const table = grid(page);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Down until row 180 shows, scrolling again while it does not: each page is asked for when its loader row comes
  // into view, so the pages before it are fetched on the way.
  await expect(async () => {
    await table.evaluate((el) => el.scrollBy(0, 2000));
    await expect(table.locator('[aria-rowindex="180"]')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(ranges).toEqual(
    expect.arrayContaining(['resources=0-49', 'resources=50-99', 'resources=100-149', 'resources=150-199']),
  );
  expect(await rowsInDom(page)).toBeLessThan(100);
  // The keyboard works on the grid: focus it and move.
  await table.focus();
  await page.keyboard.press('Home');
  // The active row is the grid's active descendant (aria-selected is the bulk selection's).
  const first = await table.locator('[aria-rowindex="2"]').getAttribute('id');
  await expect(table).toHaveAttribute('aria-activedescendant', first!);
});

test('filters live in the URL and survive a reload', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.admin, { path: '/work-requests' });
  await page.getByText('Any ▾').first().click();
  // click, not check(): the URL update re-renders the box, and check() may give up before it settles.
  const box = page.getByRole('checkbox', { name: 'Awaiting materials' });
  await box.click();
  await expect(box).toBeChecked();
  await expect(page).toHaveURL(/status=awaiting-materials/);
  await page.getByLabel('Sort').selectOption('due');
  await expect(page).toHaveURL(/sort=due/);
  const badges = grid(page).locator('.badge');
  await expect(badges.first()).toHaveText('Awaiting materials');
  // Every row shown has the filtered status (polled: the list may still be swapping the unfiltered page out).
  const check = () =>
    expect.poll(async () => [...new Set(await badges.allTextContents())]).toEqual(['Awaiting materials']);
  await check();
  // The count is the API's for the filter (compared at the same moment: another spec may move an order meanwhile).
  const query = () => new URL(page.url()).search.slice(1);
  await expectListCountAsApi(page, request, ACCOUNTS.admin, query());

  await page.reload();
  await expect(page).toHaveURL(/status=awaiting-materials/);
  await expect(page.getByLabel('Sort')).toHaveValue('due');
  await expect(page.locator('summary', { hasText: 'Awaiting materials' })).toBeVisible();
  await expect(badges.first()).toHaveText('Awaiting materials');
  await check();
  await expectListCountAsApi(page, request, ACCOUNTS.admin, query());

  // Text search narrows further and is in the URL too.
  await page.getByLabel('Search').fill('trailer');
  await expect(page).toHaveURL(/q=trailer/);
});

test('a work request moves to awaiting materials with a reason, and the requester is notified', async ({
  page,
  request,
}) => {
  // An order of its own, placed by the coordinator (its requester) and started: a seeded one may be another spec's
  // to move meanwhile (the editor specs submit theirs, which moves the order on).
  const placed = await placeOrder(request, 'Awaiting materials e2e');
  const id = placed._id as string;
  const started = await request.put(`/api/workrequests/${id}`, {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
    data: { status: 'in-progress', reason: 'e2e' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const target = placed as WorkRequestItem;

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/work-requests/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.asset?.name ?? '');
  await expect(page.getByRole('heading', { name: 'Order' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Workflow phases' })).toBeVisible();

  await page.getByText('Change status').click();
  await page.getByRole('button', { name: 'Awaiting materials' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Reason/)).toBeFocused(); // the dialog opens on what it asks for
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog.getByText('Say why the status changes')).toBeVisible();
  const reason = `Waiting for the textless version (e2e ${Date.now()})`;
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.detail-header__sub .badge')).toHaveText('Awaiting materials');
  await expect(page.locator('.timeline__item').first()).toContainText(reason);

  // The requester (the coordinator) finds the wam notification through the API ...
  let noteId = '';
  await expect(async () => {
    const { items: notes } = await apiList<{
      _id: string;
      type: string;
      title: string;
      event?: { workRequest?: { _id?: string } };
    }>(request, ACCOUNTS.coordinator, '/notifications?type=wam&summary=true');
    const note = notes.find((n) => n.event?.workRequest?._id === id);
    expect(note?.title).toMatch(/awaiting materials/);
    noteId = note!._id;
  }).toPass({ timeout: 10_000 });

  // ... and in their inbox: that notification's row (other orders of the same asset have rows with its name). Not
  // filtered to unread ones: the notifications spec marks the coordinator's newest rows read and unread meanwhile.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/notifications?tab=orders');
  await expect(rowOf(page, noteId)).toContainText(target.asset?.name ?? '');
});

test('comments are added, shown as text, and edited; an offline is requested', async ({ page, request }) => {
  const { items } = await apiList<WorkRequestItem>(request, ACCOUNTS.admin, '/workrequests?status=complete');
  const id = items[0]!._id;
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/work-requests/${id}`);

  const body = `Check <b>reel 2</b> & <img src=x onerror="window.__xss=1"> ${Date.now()}`;
  await page.getByLabel('Add a comment').fill(body);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const mine = page.locator('.comment').filter({ hasText: body });
  await expect(mine).toBeVisible();
  await expect(mine.locator('.comment__body b, .comment__body img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  await mine.getByRole('button', { name: /Edit/ }).click();
  const edited = `${body} (edited)`;
  await page.getByLabel('Edit your comment').fill(edited);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.comment__body').filter({ hasText: edited })).toBeVisible();

  await page.getByRole('button', { name: 'Request offline' }).click();
  const link = page.locator('.offline a', { hasText: 'Download' }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/sig=/);
  const download = await request.get(href!);
  expect(download.status()).toBe(200);
});

test("an offline's link shows as expired once its hour has passed, with the page left open", async ({
  page,
  request,
}) => {
  const { items } = await apiList<WorkRequestItem>(request, ACCOUNTS.admin, '/workrequests?status=complete');
  const id = items[1]!._id;
  await page.clock.install();
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/work-requests/${id}`);
  await page.getByRole('button', { name: 'Request offline' }).click();
  const offline = page.locator('.offline').first();
  await expect(offline).toContainText('link valid until');
  // Signed links live one hour (docs/API.md, "Signed links"); nothing on the page changes meanwhile.
  await page.clock.fastForward('01:01:00');
  await expect(offline).toContainText('link expired');
});

test('without the extensions a real deployment may lack, the pages say what is unavailable', async ({
  page,
  request,
}) => {
  const { items } = await apiList<WorkRequestItem>(request, ACCOUNTS.admin, '/workrequests', 'resources=0-0');
  const id = items[0]!._id;
  await signIn(page, ACCOUNTS.admin);
  // Answer the extension routes the way a deployment without them would.
  const missing = (route: Route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  await page.route(/\/api\/workrequests(\?.*)?$/, missing);
  await page.route(/\/api\/(comments|offlines|projects|languages|territories)(\?.*)?$/, missing);

  await page.goto('/work-requests');
  await expect(page.getByText("The full work request list isn't available on this server.")).toBeVisible();
  await page.getByRole('link', { name: 'Open the automation queue' }).click();
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();

  await page.goto(`/work-requests/${id}`);
  await expect(page.getByRole('heading', { name: 'Order' })).toBeVisible();
  await expect(page.getByText("The comment list isn't available on this server.")).toBeVisible();
  await expect(page.getByText("This server can't list earlier offlines")).toBeVisible();
});

test("the filtered list exports as CSV: every matching request in the list's order, the columns named", async ({
  page,
  request,
}) => {
  const { items, total = 0 } = await apiList<WorkRequestItem>(
    request,
    ACCOUNTS.coordinator,
    '/workrequests?status=complete&sort=due',
    'resources=0-99',
  );
  expect(total).toBeGreaterThan(0);
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests?status=complete&sort=due');
  await expect(page.getByText(`${total} work request${total === 1 ? '' : 's'}`, { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^work-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = readCsv(await downloadedText(download));
  expect(header!.join(',')).toBe(
    'id,asset,asset type,media type,studio,project,language,territory,status,due (UTC),due time zone,days late,' +
      'delivery deadline (UTC),delivery deadline time zone,assignee,assignee e-mail,requested by,requester e-mail,' +
      'requester group,created (UTC)',
  );
  expect(rows).toHaveLength(total);
  expect(rows.slice(0, items.length).map((cells) => cells[0])).toEqual(items.map((w) => w._id));
  const cell = (row: string[], column: string) => row[header!.indexOf(column)];
  // People and studios by name, as the grid shows them; a complete order is never late.
  expect(cell(rows[0]!, 'assignee')).toBe(items[0]!.translation?.translator?.name ?? '');
  expect(cell(rows[0]!, 'studio')).toMatch(/\S/);
  expect(rows.every((row) => cell(row, 'days late') === '')).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toHaveText(
    `Exported ${total} work request${total === 1 ? '' : 's'} to ${download.suggestedFilename()}.`,
  );
  await expectAccessible(page, 'the list after an export');
});

/** The downloaded file's text. */
async function downloadedText(download: Download): Promise<string> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks as Buffer[]).toString('utf8');
}

test('an open order past its due date says how late it is, on the list, its page and in the CSV', async ({
  page,
  request,
}) => {
  const { items } = await apiList<WorkRequestItem>(
    request,
    ACCOUNTS.coordinator,
    '/workrequests?status=in-progress&sort=due',
    'resources=0-0',
  );
  const first = items[0]!;
  const days = Math.floor((Date.now() - first.due!.date! * 1000) / 86_400_000);
  expect(days).toBeGreaterThan(1); // the demo's oldest open order is weeks late
  const late = `${days} days late`;
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests?status=in-progress&sort=due');
  await expect(grid(page).getByRole('row').nth(1)).toContainText(late, { ignoreCase: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const [header, row] = readCsv(await downloadedText(download));
  expect(row![header!.indexOf('days late')]).toBe(String(days));
  await page.goto(`/work-requests/${first._id}`);
  await expect(page.locator('.tag--danger')).toHaveText(late);
});

test("a requester's name written as a formula exports as text in its own cell, whatever the list separator", async ({
  page,
  request,
}) => {
  const evilName = "Priya;=cmd|' /C calc'!A0";
  const marker = `csvguard${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const coordinator = (await (
    await request.get('/api/users/me', { headers: { Authorization: basic(ACCOUNTS.coordinator) } })
  ).json()) as { groups: { _id: string }[] };
  const requester = await registerUser(request, evilName, coordinator.groups);
  await placeOrder(request, `CSV guard ${marker}`, 'fr-FR', requester);

  await signIn(page, ACCOUNTS.coordinator, { path: `/work-requests?q=${marker}` });
  await expect(page.getByText('1 work request', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await downloadedText(download);
  const [header, row] = readCsv(csv);
  expect(row).toHaveLength(header!.length);
  expect(row![header!.indexOf('requested by')]).toBe("Priya;'=cmd|' /C calc'!A0");
  // A spreadsheet whose list separator is `;` splits the line elsewhere; no piece of it starts a formula.
  for (const cell of readCsv(csv, ';').flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
});

test("a row's name is a real link: a plain click opens the request in the app, the link's address is its page", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin, { path: '/work-requests' });
  const link = grid(page).getByRole('row').nth(1).locator('a.asset-cell__name');
  await expect(link).toBeVisible({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/work-requests\/[^/]+$/);
  // A full page load would lose this marker; opening in the app keeps it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
