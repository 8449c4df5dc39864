/**
 * Changing an order (docs/API.md "Orders"): the "Edit order" dialog on a work request's page,
 * its history in words, an edit conflict, who sees the editor, instructions as safe formatted text. Each test
 * places its own order through the API (as the coordinator), so other specs' records are never touched.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { toWallClock } from '../src/lib/wallClock';
import { ACCOUNTS, basic, expectAccessible, settled, signIn, type Account } from './support';

/** A requester: a user of Northlight's client group. */
const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };
const DAY = 86_400;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; the tests name the fields they read
type Rec = Record<string, any>;

const headers = (as: Account) => ({ Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest' });

async function api(request: APIRequestContext, as: Account, method: string, path: string, body?: unknown) {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { ...headers(as), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status(), body: (await response.json()) as Rec, etag: response.headers()['etag'] };
}

/** A new order of Northlight (Priya's studio), placed by `as` (the coordinator unless said); its id. */
async function placeOrder(request: APIRequestContext, as: Account = ACCOUNTS.coordinator): Promise<string> {
  const sample = await request.get('/api/workrequests', {
    headers: { ...headers(PRIYA), 'X-Range': 'resources=0-0' },
  });
  const wr = ((await sample.json()) as Rec[])[0]!;
  const now = Math.floor(Date.now() / 1000);
  const placed = await api(request, as, 'POST', '/workrequests', {
    asset: wr.asset._id,
    language: wr.language,
    territory: wr.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    due: { date: now + 10 * DAY - (now % 3600), tz: 'Europe/Paris' },
    instructions: 'Match the <b>burned-in</b> card. <script>window.__xss=1</script>',
    tags: ['festival'],
    materials: [{ name: 'Dialogue list', complete: true }, { name: 'Textless master' }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body._id as string;
}

/** Places an order as the coordinator and opens its page signed in as the coordinator; its id. */
async function openNewOrderAsCoordinator(page: Page, request: APIRequestContext): Promise<string> {
  const id = await placeOrder(request);
  await signIn(page, ACCOUNTS.coordinator);
  await openOrder(page, id);
  return id;
}

async function openOrder(page: Page, id: string) {
  await page.goto(`/work-requests/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
}

async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'Edit order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit order' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading the latest version…')).toHaveCount(0);
  return dialog;
}

test('a coordinator changes the due date, instructions and tags; the history says what changed in words', async ({
  page,
  request,
}) => {
  const id = await openNewOrderAsCoordinator(page, request);

  // Instructions are formatted text: <b> is bold, a script is text that never runs.
  const instructions = page.getByRole('region', { name: 'Instructions' });
  await expect(instructions.locator('strong', { hasText: 'burned-in' })).toBeVisible();
  await expect(instructions.getByText('<script>window.__xss=1</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  const dialog = await openEditor(page);
  await expectAccessible(page, 'the order editor', 'dialog');
  const before = (await api(request, ACCOUNTS.coordinator, 'GET', `/workrequests/${id}`)).body;
  const newDue = (before.due.date as number) + 3 * DAY;
  const dueGroup = dialog.getByRole('group', { name: /Due date/ });
  await dueGroup.getByLabel('Date and time').fill(toWallClock(newDue, 'Europe/Paris'));
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill('Keep the <i>title</i> in English.\nSecond line.');
  await expect(
    dialog.getByRole('region', { name: 'How the instructions will show' }).locator('em', { hasText: 'title' }),
  ).toBeVisible();
  await dialog.getByLabel('Tags', { exact: true }).fill('rush');
  await dialog.getByLabel('Tags', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: 'Remove tag festival' }).click();
  await dialog.getByRole('checkbox', { name: 'Received: Textless master' }).check();
  await expect(dialog.getByText(/Tags: added rush; removed festival/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);

  await expect
    .poll(async () => {
      const wr = (await api(request, ACCOUNTS.coordinator, 'GET', `/workrequests/${id}`)).body;
      return [wr.due.date, wr.instructions, wr.tags, wr.materials[1].complete];
    })
    .toEqual([newDue, 'Keep the <i>title</i> in English.\nSecond line.', ['rush'], true]);
  await expect(instructions.locator('em', { hasText: 'title' })).toBeVisible();

  const history = page.getByRole('region', { name: /History/ });
  const changes = history.getByRole('list', { name: 'Changes' }).first();
  await expect(changes.getByText(/^Due date .+ → .+/)).toBeVisible();
  await expect(changes.getByText('Instructions changed')).toBeVisible();
  await expect(changes.getByText('Tags: added rush; removed festival')).toBeVisible();
  await expect(changes.getByText('Materials: “Textless master” marked received')).toBeVisible();
  await expect(history).not.toContainText('{');
});

test('bad input is named at its field and nothing is sent', async ({ page, request }) => {
  const id = await openNewOrderAsCoordinator(page, request);
  const dialog = await openEditor(page);
  const dueGroup = dialog.getByRole('group', { name: /Due date/ });
  await dueGroup.getByLabel('Time zone').fill('Mars/Olympus');
  await dialog.getByRole('button', { name: 'Add material' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Material 3' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(/Choose a time zone such as Europe\/Paris/)).toBeVisible();
  await expect(dialog.getByText('Name this material, or remove it.')).toBeVisible();
  await expect(dueGroup.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true');
  // Escape with unsaved edits asks first; the focused answer keeps them.
  await page.keyboard.press('Escape');
  await expect(dialog.getByText(/Close without saving\?/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/Close without saving\?/)).toHaveCount(0);
  await expect(dueGroup.getByLabel('Time zone')).toHaveValue('Mars/Olympus');
  const wr = (await api(request, ACCOUNTS.coordinator, 'GET', `/workrequests/${id}`)).body;
  expect(wr.history).toHaveLength(1);
});

test('an edit conflict shows their changes and mine, keeps what I typed, and saves it onto their version', async ({
  page,
  request,
}) => {
  const id = await openNewOrderAsCoordinator(page, request);
  const dialog = await openEditor(page);
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill('My instructions, typed before the conflict.');
  await dialog.getByLabel('Tags', { exact: true }).fill('mine');
  await dialog.getByLabel('Tags', { exact: true }).press('Enter');

  // Someone else saves meanwhile: other instructions and a new material.
  const theirs = await api(request, ACCOUNTS.admin, 'PUT', `/workrequests/${id}`, {
    instructions: 'Their instructions.',
    materials: [{ name: 'Dialogue list', complete: true }, { name: 'Textless master' }, { name: 'Rating card' }],
  });
  expect(theirs.status).toBe(200);

  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this order' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByText('Materials: added “Rating card”')).toBeVisible();
  await expect(conflict.getByText('Tags: added mine')).toBeVisible();
  const choice = conflict.getByRole('group', { name: /Instructions: both of you changed it/ });
  await expect(choice.getByRole('radio', { name: /Keep mine: “My instructions/ })).toBeChecked();
  await expect(choice.getByRole('radio', { name: /Take theirs: “Their instructions/ })).not.toBeChecked();
  // Nothing typed is lost while the conflict shows.
  await expect(dialog.getByRole('textbox', { name: 'Instructions' })).toHaveValue(
    'My instructions, typed before the conflict.',
  );

  await conflict.getByRole('button', { name: 'Re-apply my changes to their version' }).click();
  await expect(dialog.getByText(/Your changes are now on top of their version/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Material 3' })).toHaveValue('Rating card');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = (await api(request, ACCOUNTS.coordinator, 'GET', `/workrequests/${id}`)).body;
  expect(saved.instructions).toBe('My instructions, typed before the conflict.');
  expect(saved.tags).toEqual(['festival', 'mine']);
  expect((saved.materials as Rec[]).map((m) => m.name)).toEqual(['Dialogue list', 'Textless master', 'Rating card']);
});

test('a conflict over the delivery specification names both specs, never their ids', async ({ page, request }) => {
  const id = await openNewOrderAsCoordinator(page, request);
  const order = (await api(request, ACCOUNTS.coordinator, 'GET', `/workrequests/${id}`)).body;
  const specs = (await api(request, ACCOUNTS.coordinator, 'GET', `/specs?studio=${order.studio as string}`))
    .body as Rec[];
  expect(specs.length, 'the studio has two specs').toBeGreaterThan(1);
  const [mine, theirs] = specs as [Rec, Rec];
  const dialog = await openEditor(page);
  await dialog.getByTestId('spec-picker').selectOption(mine._id as string);
  expect((await api(request, ACCOUNTS.admin, 'PUT', `/workrequests/${id}`, { spec: theirs._id })).status).toBe(200);

  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const conflict = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this order' });
  const choice = conflict.getByRole('group', { name: /Delivery specification: both of you changed it/ });
  await expect(choice.getByRole('radio', { name: `Keep mine: ${mine.name as string}` })).toBeVisible();
  await expect(choice.getByRole('radio', { name: `Take theirs: ${theirs.name as string}` })).toBeVisible();
  await expect(conflict).not.toContainText(/[0-9a-f]{24}/);
  await expectAccessible(page, 'the order edit conflict over the spec', 'dialog');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await choice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`spec-conflict-${width}.png`) });
  }
});

test('a translator sees no edit controls; a requester edits while submitted, not after work starts', async ({
  page,
  request,
}) => {
  const id = await placeOrder(request);
  const tomas = (await api(request, ACCOUNTS.translator, 'GET', '/users/me')).body._id as string;
  expect((await api(request, ACCOUNTS.coordinator, 'PUT', `/workrequests/${id}`, { assignee: tomas })).status).toBe(
    200,
  );

  await signIn(page, ACCOUNTS.translator);
  await openOrder(page, id);
  await expect(page.getByRole('region', { name: 'Instructions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit order' })).toHaveCount(0);

  // Priya places an order for her studio: she is its requester.
  const mine = await placeOrder(request, PRIYA);
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await signIn(page, PRIYA);
  await openOrder(page, mine);
  const dialog = await openEditor(page);
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill('Requester’s own words.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Instructions' })).toContainText('Requester’s own words.');

  expect(
    (await api(request, ACCOUNTS.coordinator, 'PUT', `/workrequests/${mine}`, { status: 'in-progress', reason: 'go' }))
      .status,
  ).toBe(200);
  await page.reload();
  await settled(page);
  await expect(page.getByRole('region', { name: 'Instructions' })).toContainText('Requester’s own words.');
  await expect(page.getByRole('button', { name: 'Edit order' })).toHaveCount(0);
});
