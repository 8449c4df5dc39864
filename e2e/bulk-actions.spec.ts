/**
 * Bulk actions on the work-request list (docs/decisions/105-bulk-actions-client-ledger.md): the coordinator selects
 * their own orders (placed through the API with a marker word in the instructions, so `q=` finds only them), moves them
 * submitted -> in progress with one reason while one of them was cancelled in the meantime (the move is then not in the
 * workflow: a 409), and the summary names the refused one; every other order changed exactly once. Export downloads
 * exactly the selected rows. Axe with a selection and with the dialog open.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readCsv } from '../test/support/readCsv';
import { ACCOUNTS, apiList, basic, expectAccessible, grid, settled, signIn } from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API records read as JSON; the test names the fields it reads
type Rec = Record<string, any>;

const headers = { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' };
const DAY = 86_400;

/** Places `count` orders as the coordinator, one language each, tagged with `marker` in the instructions. */
async function placeOrders(request: APIRequestContext, marker: string, count: number): Promise<Rec[]> {
  const {
    items: [template],
  } = await apiList<Rec>(request, ACCOUNTS.coordinator, '/workrequests?status=submitted', 'resources=0-0');
  const { items: languages } = await apiList<Rec>(request, ACCOUNTS.coordinator, '/languages');
  const codes = languages.map((l) => l.code as string).slice(0, count);
  expect(codes).toHaveLength(count);
  const orders: Rec[] = [];
  for (const language of codes) {
    const response = await request.post('/api/workrequests', {
      headers,
      data: {
        asset: template!.asset._id,
        language,
        territory: template!.territory,
        dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
        due: { date: Math.floor(Date.now() / 1000) + 20 * DAY, tz: 'Europe/Paris' },
        instructions: `Bulk check ${marker}`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    orders.push((await response.json()) as Rec);
  }
  return orders;
}

async function getOrder(request: APIRequestContext, id: string): Promise<Rec> {
  const response = await request.get(`/api/workrequests/${id}`, { headers });
  expect(response.status()).toBe(200);
  return (await response.json()) as Rec;
}

/** The ids of the work requests the page PUTs, in order (each try of each row is one). */
function recordPuts(page: Page): string[] {
  const puts: string[] = [];
  page.on('request', (r) => {
    const id = /\/api\/workrequests\/([^/?]+)$/.exec(r.url())?.[1];
    if (r.method() === 'PUT' && id) puts.push(id);
  });
  return puts;
}

const uniqueMarker = () => `bulk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function openFiltered(page: Page, marker: string, count: number) {
  await signIn(page, ACCOUNTS.coordinator, { path: `/work-requests?q=${marker}` });
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(page.getByText(`${count} work requests`, { exact: true })).toBeVisible();
  await settled(page);
}

test('a bulk status change moves each selected order once, and names the one the workflow refuses', async ({
  page,
  request,
}) => {
  const marker = uniqueMarker();
  const orders = await placeOrders(request, marker, 5);
  const historyBefore = new Map(orders.map((o) => [o._id as string, (o.history as unknown[]).length]));
  await openFiltered(page, marker, 5);

  const puts = recordPuts(page);

  await grid(page).getByRole('checkbox', { name: 'Select all loaded rows' }).click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('5 selected')).toBeVisible();
  await expectAccessible(page, 'the list with a selection');

  await bar.getByRole('button', { name: 'Change status…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Change status');
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  const inProgress = dialog.locator('label', { has: page.getByRole('radio', { name: /In progress/ }) });
  await expect(inProgress).toContainText('all 5');
  await inProgress.getByRole('radio').check();
  await expectAccessible(page, 'the bulk status dialog');

  // Meanwhile someone cancels one of them: cancelled -> in progress is not in the workflow.
  const refused = orders[2]!;
  const cancel = await request.put(`/api/workrequests/${refused._id}`, {
    headers,
    data: { status: 'cancelled', reason: 'Withdrawn by the client' },
  });
  expect(cancel.status()).toBe(200);

  await dialog.getByLabel('Reason').fill('Materials checked: work starts');
  // A double click sends nothing twice.
  await dialog.getByRole('button', { name: 'Move 5 requests' }).dblclick();
  const summary = dialog.getByRole('status').filter({ hasText: 'changed' });
  await expect(summary).toContainText('4 changed, 1 refused.');
  await expect(dialog).toHaveAccessibleName('Move to “In progress”');
  const refusedList = dialog.getByRole('list', { name: 'Refused requests' });
  await expect(refusedList.getByRole('listitem')).toHaveCount(1);
  await expect(refusedList).toContainText(refused.language as string);
  expect(puts.sort()).toEqual(orders.map((o) => o._id as string).sort());

  // Retry sends only the refused row again (still refused).
  await dialog.getByRole('button', { name: 'Retry failed' }).click();
  await expect(summary).toContainText('4 changed, 1 refused.');
  expect(puts.filter((id) => id === refused._id)).toHaveLength(2);
  expect(puts).toHaveLength(6);

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Change status…' })).toBeFocused();

  for (const order of orders) {
    const now = await getOrder(request, order._id as string);
    const added = (now.history as Rec[]).length - historyBefore.get(order._id as string)!;
    if (order._id === refused._id) {
      expect(now.status).toBe('cancelled');
      expect(added).toBe(1);
    } else {
      expect(now.status).toBe('in-progress');
      expect(added, `history entries added to ${order.language}`).toBe(1);
      expect((now.history as Rec[]).at(-1)).toMatchObject({
        status: 'in-progress',
        reason: 'Materials checked: work starts',
      });
    }
  }
  // The list was refreshed: four rows read In progress.
  await expect(grid(page).locator('.badge', { hasText: 'In progress' })).toHaveCount(4);

  // Now the selection mixes statuses: a move the cancelled one cannot make lists it as skipped before confirming.
  await bar.getByRole('button', { name: 'Change status…' }).click();
  const review = dialog.locator('label', { has: page.getByRole('radio', { name: /For review/ }) });
  await expect(review).toContainText('4 of 5');
  await review.getByRole('radio').check();
  const skipped = dialog.getByRole('list', { name: 'Skipped requests' });
  await expect(skipped.getByRole('listitem')).toHaveCount(1);
  await expect(skipped).toContainText(refused.language as string);
  await expect(dialog.getByRole('button', { name: 'Move 4 requests' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(6);
});

test('selection by keyboard, export of exactly the selected rows, and a filter change clears the selection', async ({
  page,
  request,
}) => {
  const marker = uniqueMarker();
  const orders = await placeOrders(request, marker, 4);
  await openFiltered(page, marker, 4);
  const table = grid(page);
  await table.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Space');
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await expect(table.locator('[role="row"][aria-selected="true"]')).toHaveCount(3);
  // Space on a selected row clears it.
  await page.keyboard.press('Space');
  await expect(bar.getByText('2 selected')).toBeVisible();

  const selectedIds = await table
    .locator('[role="row"][aria-selected="true"] a.asset-cell__name')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));
  expect(selectedIds).toHaveLength(2);

  const downloading = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export selection' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^work-requests-selection-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = readCsv(readFileSync(await download.path(), 'utf8'));
  expect(rows).toHaveLength(3);
  expect(
    rows
      .slice(1)
      .map((cells) => cells[0])
      .sort(),
  ).toEqual([...selectedIds].sort());
  await expect(bar.getByText('Exported 2 work requests')).toBeVisible();
  expect(orders.map((o) => o._id)).toEqual(expect.arrayContaining(selectedIds));

  // Narrowing the filter clears the selection, and the page says so.
  await page.getByLabel('Search').fill(`${marker} zzz`);
  await expect(page.getByRole('status').filter({ hasText: 'The selection was cleared' })).toHaveText(
    'The selection was cleared: the filters changed.',
  );
  await expect(page.locator('.selection-note')).toBeVisible();
  await expect(bar).toBeHidden();
});

test('bulk assignment: one person for the selection, the order already theirs skipped, each other assigned once', async ({
  page,
  request,
}) => {
  const marker = uniqueMarker();
  const orders = await placeOrders(request, marker, 3);
  const studio = orders[0]!.studio as string;
  const people = await apiList<Rec>(request, ACCOUNTS.coordinator, `/users?assignableTo=${studio}`);
  const person = people.items[0]!;
  const already = orders[1]!;
  const pre = await request.put(`/api/workrequests/${already._id}`, { headers, data: { assignee: person._id } });
  expect(pre.status(), await pre.text()).toBe(200);
  const historyBefore = new Map(
    await Promise.all(
      orders.map(
        async (o) => [o._id as string, ((await getOrder(request, o._id)).history as unknown[]).length] as const,
      ),
    ),
  );
  await openFiltered(page, marker, 3);
  const puts = recordPuts(page);

  await grid(page).getByRole('checkbox', { name: 'Select all loaded rows' }).click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await bar.getByRole('button', { name: 'Assign…' }).click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: 'Assign 3 selected requests to' });
  await expect(picker).toBeFocused();
  await picker.fill((person.name as string).split(' ')[0]!);
  await dialog.getByRole('option', { name: new RegExp(person.name as string) }).click();
  const skipped = dialog.getByRole('list', { name: 'Skipped requests' });
  await expect(skipped.getByRole('listitem')).toHaveCount(1);
  await expect(skipped).toContainText(`${already.language as string}`);
  await expect(skipped).toContainText('already so');
  await expectAccessible(page, 'the bulk assign dialog');
  await dialog.getByRole('button', { name: 'Assign 2 requests' }).dblclick();
  await expect(dialog.getByRole('status').filter({ hasText: 'changed' })).toContainText('2 changed.');
  expect(puts.sort()).toEqual(
    orders
      .filter((o) => o._id !== already._id)
      .map((o) => o._id as string)
      .sort(),
  );
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(bar.getByRole('button', { name: 'Assign…' })).toBeFocused();

  for (const order of orders) {
    const now = await getOrder(request, order._id as string);
    expect(now.translation?.translator?._id).toBe(person._id);
    const added = (now.history as Rec[]).length - historyBefore.get(order._id as string)!;
    expect(added, `history entries added to ${order.language}`).toBe(order._id === already._id ? 0 : 1);
  }
});
