/**
 * Assignment (docs/decisions/104-orders-workflow-shared-rules.md): the coordinator assigns an order of their own making
 * to the demo translator, who sees it arrive in their inbox (live) and finds it in their list; reassigned to another
 * translator, the first one loses it (the page says it is not found). The list's assignee filters match the API's
 * totals. Every record this spec changes is one it placed itself.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiList,
  basic,
  expectAccessible,
  expectListCountAsApi,
  newNoteAbout,
  placeOrder,
  rowOf,
  settled,
  signIn,
  type Account,
} from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the test names the fields it reads
type Rec = Record<string, any>;

const headers = (account: Account) => ({ Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest' });

/** Chooses a person in the record page's assignee picker by typing part of their name, and waits for the news. */
async function assignTo(page: Page, typed: string, name: string) {
  const picker = page.getByRole('combobox', { name: 'Assigned to' });
  await picker.click();
  await picker.fill(typed);
  await expect(page.getByRole('option', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(picker).toHaveAttribute('aria-activedescendant', /option-1$/);
  await picker.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Assigned to ${name}.` })).toBeVisible();
  await expect(picker).toHaveValue(name);
}

const translatorOf = async (request: APIRequestContext, id: string) =>
  ((await (await request.get(`/api/workrequests/${id}`, { headers: headers(ACCOUNTS.admin) })).json()) as Rec)
    .translation?.translator?.name as string | undefined;

test('the coordinator assigns an order; the translator sees it arrive; reassigned, it leaves them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const wr = await placeOrder(request, 'Assignment e2e');
  const title = `${wr.asset.name} — fr-FR/${wr.territory}`;

  // The translator watches their inbox's Orders tab.
  const translatorContext = await browser.newContext();
  const inbox = await translatorContext.newPage();
  await signIn(inbox, ACCOUNTS.translator);
  await inbox.goto('/notifications?tab=orders');
  await expect(inbox.getByRole('grid', { name: 'Notifications' })).toBeVisible();

  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${wr._id}`);
  const section = page.getByRole('region', { name: 'Assignee' });
  await expect(section.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('');
  await expectAccessible(page, 'work request with the assignee picker');
  await section.getByRole('combobox', { name: 'Assigned to' }).click();
  await expect(page.getByRole('option', { name: 'Unassigned' })).toHaveAttribute('aria-selected', 'true');
  // Each person with their languages and load; the list keeps to those who have worked in the order's language.
  await expect(page.getByRole('option', { name: /^Tomas Translator.*fr-FR.*\d+ open/ })).toBeVisible();
  await expect(section.getByRole('checkbox', { name: /^Only people who have worked in fr-FR/ })).toBeChecked();
  await expectAccessible(page, 'assignee picker open');
  await assignTo(page, 'tomas', 'Tomas Translator');
  await expect.poll(() => translatorOf(request, wr._id)).toBe('Tomas Translator');

  // It reaches the translator's inbox live, titled in words. Found by its id: orders other specs place on the same
  // asset and assign to the translator (as the admin) have the same title.
  const note = rowOf(inbox, await newNoteAbout(request, ACCOUNTS.translator, wr._id));
  await expect(note).toBeVisible({ timeout: 15_000 });
  await expect(note).toContainText(title);
  await expect(note).toContainText(/Cora Coordinator \(.+\) assigned you /);
  // ... and their list (newest first) holds it.
  await inbox.goto('/work-requests');
  await expect(inbox.locator(`a[href="/work-requests/${wr._id}"]`).first()).toBeAttached();
  await inbox.goto(`/work-requests/${wr._id}`);
  await expect(inbox.getByRole('region', { name: 'Assignee' })).toContainText('Tomas Translator');
  await expect(inbox.getByRole('combobox', { name: 'Assigned to' })).toHaveCount(0);

  // Reassigned to Margaux: Tomas no longer sees it.
  await assignTo(page, 'marg', 'Margaux Lefèvre');
  await expect.poll(() => translatorOf(request, wr._id)).toBe('Margaux Lefèvre');
  await inbox.reload();
  await expect(inbox.getByRole('heading', { name: 'Work request not found' })).toBeVisible();
  const mine = await apiList<Rec>(request, ACCOUNTS.translator, '/workrequests?assignee=me');
  expect(mine.items.map((w) => w._id)).not.toContain(wr._id);
  // ... and is told so in their inbox, in words, with nothing to open.
  await inbox.goto('/notifications?tab=orders');
  const off = inbox
    .getByRole('row')
    .filter({ hasText: /took you off/ })
    .filter({ hasText: title })
    .first();
  await expect(off).toBeVisible();
  await expect(off.getByRole('link')).toHaveCount(0);
  await translatorContext.close();

  // Unassigned again (the picker's first choice), announced.
  const picker = page.getByRole('combobox', { name: 'Assigned to' });
  await picker.click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unassigned.' })).toBeVisible();
  await expect.poll(() => translatorOf(request, wr._id)).toBeUndefined();
});

test('a change made meanwhile by someone else is shown, and can be made anyway', async ({ page, request }) => {
  const wr = await placeOrder(request, 'Assignment e2e');
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto(`/work-requests/${wr._id}`);
  await expect(page.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('');
  // Someone else assigns it to Margaux while the page still shows it unassigned.
  const margaux = (await apiList<Rec>(request, ACCOUNTS.coordinator, `/users?assignableTo=${wr.studio}&q=margaux`))
    .items[0]!;
  const other = await request.put(`/api/workrequests/${wr._id}`, {
    headers: headers(ACCOUNTS.admin),
    data: { assignee: margaux._id },
  });
  expect(other.status()).toBe(200);

  const picker = page.getByRole('combobox', { name: 'Assigned to' });
  await picker.click();
  await picker.fill('tomas');
  await page.getByRole('option', { name: /^Tomas Translator/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'meanwhile' });
  await expect(alert).toContainText(
    'Someone else assigned this order to Margaux Lefèvre meanwhile. Nothing was changed.',
  );
  await expect(picker).toHaveValue('Margaux Lefèvre');
  expect(await translatorOf(request, wr._id)).toBe('Margaux Lefèvre');
  await alert.getByRole('button', { name: 'Assign to Tomas Translator anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assigned to Tomas Translator.' })).toBeVisible();
  await expect.poll(() => translatorOf(request, wr._id)).toBe('Tomas Translator');
});

test('the list: an Assignee column and the assignee filters match the API', async ({ page, request }) => {
  test.setTimeout(90_000);
  const wr = await placeOrder(request, 'Assignment e2e');
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests');
  await settled(page);
  await expect(page.getByRole('columnheader', { name: 'Assignee' })).toBeVisible();

  // Other specs place unassigned orders and assign them meanwhile: the count is compared with the API's at the moment.
  const expectShownTotal = (query: string) => expectListCountAsApi(page, request, ACCOUNTS.coordinator, query);

  // Unassigned: the quick filter, in the URL, surviving a reload; our new order is among them, shown as such.
  await page.getByRole('button', { name: 'Unassigned', exact: true }).click();
  await expect(page).toHaveURL(/assignee=none/);
  await expect(page.getByRole('button', { name: 'Unassigned', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectShownTotal('assignee=none');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unassigned', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectShownTotal('assignee=none');
  const row = page.getByRole('row').filter({ has: page.locator(`a[href="/work-requests/${wr._id}"]`) });
  await expect(row).toContainText('Unassigned');

  // Assigned to me (the coordinator is assigned nothing).
  await page.getByRole('button', { name: 'Assigned to me' }).click();
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByRole('button', { name: 'Unassigned', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expectShownTotal('assignee=me');

  // A person, chosen with the picker by keyboard.
  const picker = page.getByRole('combobox', { name: 'Assignee' });
  await picker.click();
  await picker.fill('yuki');
  await expect(page.getByRole('option', { name: /^Yuki Tanaka/ })).toBeVisible();
  await picker.press('Enter');
  const yuki = (await apiList<Rec>(request, ACCOUNTS.coordinator, '/users?assignableTo=any&q=yuki')).items[0]!;
  await expect(page).toHaveURL(new RegExp(`assignee=${yuki._id}`));
  await expectShownTotal(`assignee=${yuki._id}`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Yuki Tanaka');
  await expectShownTotal(`assignee=${yuki._id}`);
  await expect(page.getByRole('grid').getByText('Yuki Tanaka').first()).toBeVisible();
  await expectAccessible(page, 'work request list with the assignee filter');

  // The translator has no assignee filters: their whole list is theirs.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, ACCOUNTS.translator);
  await page.goto('/work-requests');
  await settled(page);
  await expect(page.getByRole('columnheader', { name: 'Assignee' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assigned to me' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
});
