/**
 * The order wizard (docs/API.md "Order wizard"): a coordinator places an order from an asset page through every step
 * (the language step by keyboard, each step scanned by axe), the order is in the list and the studio's other
 * coordinator is notified; bad input is answered at the fields (ours and the server's); a translator is not offered the
 * wizard; a deployment without POST /workrequests is said so and the form is kept. Each test places its own order on
 * the demo's "Main Trailer" (The Last Cartographer, Harbor Lane) and finds it by its id, so counts changed by other
 * specs do not matter.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, fulfillListPage, grid, signIn } from './support';

/** A vendor's translator working with Harbor Lane whom no other spec uses. */
const JONAS = { username: 'jonas.becker@lumen-subs.test', password: 'demo-password' };

interface AssetItem {
  _id: string;
  slug?: string;
  project?: string;
}
interface NotificationItem {
  event?: { type?: string; workRequest?: { _id?: string } };
}

async function mainTrailer(page: Page): Promise<AssetItem> {
  const { items } = await apiList<AssetItem>(
    page.request,
    ACCOUNTS.coordinator,
    '/assets/countByProject',
    'resources=0-199',
  );
  const asset = items.find((a) => a.slug === 'main-trailer');
  expect(asset, 'the demo asset main-trailer').toBeDefined();
  return asset!;
}

/** A date `days` from now as `<input type="date">` takes it. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const next = (page: Page) => page.getByRole('button', { name: /^Next/ });
const stepTitle = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** From the asset step to the due step, with French (France) in FR, dialogue subtitles, online 1080p. */
async function fillUpToDue(page: Page) {
  await next(page).click();
  await page.getByLabel('Find a language by name or code').fill('French (France)');
  await page.getByRole('radio', { name: /French \(France\)/ }).check();
  await page.getByRole('radio', { name: /France & Francophone Europe/ }).check();
  await next(page).click();
  await page.getByRole('group', { name: 'Dialogue' }).getByLabel('Subtitles').check();
  await next(page).click();
  await page.getByRole('group', { name: 'Online' }).getByRole('checkbox', { name: 'Online' }).check();
  await page.getByLabel('1080p').check();
  await next(page).click();
  await expect(stepTitle(page, 'Due date')).toBeVisible();
}

/** Fills the steps after the asset with a valid order (fillUpToDue, then due in 20 days, the rest left empty). */
async function fillValidOrder(page: Page) {
  await fillUpToDue(page);
  await page.getByLabel('Date', { exact: true }).first().fill(dayFromNow(20));
  await next(page).click();
  await expect(stepTitle(page, 'Instructions')).toBeVisible();
  await next(page).click();
  await expect(stepTitle(page, 'Translator')).toBeVisible();
  await next(page).click();
  await expect(stepTitle(page, 'Review')).toBeVisible();
}

test('a coordinator places an order from an asset page, step by step', async ({ page }) => {
  // Eight steps, eight axe scans, a reload and the API checks: longer than the default on a busy machine.
  test.setTimeout(150_000);
  await signIn(page, ACCOUNTS.coordinator);
  const asset = await mainTrailer(page);
  await page.goto(`/catalog/assets/${asset._id}`);
  await page.getByRole('link', { name: 'Place an order' }).click();
  await expect(page).toHaveURL(new RegExp(`/work-requests/new\\?asset=${asset._id}$`));
  await expect(page.getByRole('heading', { name: 'Place an order: Main Trailer' })).toBeVisible();
  await expect(page.getByText('Main Trailer', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the asset step');
  await next(page).click();

  // Language & territory by keyboard: type a code prefix, Tab into the radio group, Space picks.
  await expect(stepTitle(page, 'Language & territory')).toBeVisible();
  await expectAccessible(page, 'the language step');
  await page.getByLabel('Find a language by name or code').focus();
  await page.keyboard.type('fr-c');
  await expect(page.getByRole('radiogroup', { name: /Language/ }).getByRole('radio')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /French \(Canada\)/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('can');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Canada/ }).last()).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(next(page)).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(stepTitle(page, 'What to localize')).toBeVisible();
  await page.getByRole('group', { name: 'Dialogue' }).getByLabel('Subtitles').check();
  await page.getByRole('group', { name: 'Narration' }).getByLabel('Voice-over').check();
  await expectAccessible(page, 'the localize step');
  await next(page).click();

  await expect(stepTitle(page, 'Uses & transcodes')).toBeVisible();
  await page.getByRole('group', { name: 'Online' }).getByRole('checkbox', { name: 'Online' }).check();
  await page.getByLabel('4K', { exact: true }).check();
  await expectAccessible(page, 'the uses step');
  await next(page).click();

  await expect(stepTitle(page, 'Due date')).toBeVisible();
  await page.getByLabel('Time zone').fill('America/Toronto');
  await page.getByLabel('Date', { exact: true }).first().fill(dayFromNow(21));
  await page.getByLabel('Time', { exact: true }).first().fill('17:30');
  await expect(page.locator('#due').getByText(/\(America\/Toronto\)/)).toBeVisible();
  await expectAccessible(page, 'the due step');
  await next(page).click();

  await expect(stepTitle(page, 'Instructions')).toBeVisible();
  await page.getByLabel('Instructions (optional)').fill('Keep <b>names</b> as in the script.');
  // The preview shows them as the order page will: the same rule and renderer everywhere.
  const preview = page.getByRole('region', { name: 'How the instructions will show' });
  await expect(preview.locator('strong', { hasText: 'names' })).toBeVisible();
  await expect(preview.getByText('<b>')).toHaveCount(0);
  await page.getByLabel('Tags (optional)').fill('e2e-wizard');
  await page.keyboard.press('Enter');
  await page.getByLabel('Materials checklist (optional)').fill('M&E stems');
  await page.getByRole('button', { name: 'Add material' }).click();
  await expect(page.getByRole('button', { name: 'Remove material M&E stems' })).toBeVisible();
  await expectAccessible(page, 'the instructions step');
  // A reload keeps everything typed (the draft is in sessionStorage).
  await page.reload();
  await expect(stepTitle(page, 'Instructions')).toBeVisible();
  await expect(page.getByLabel('Instructions (optional)')).toHaveValue('Keep <b>names</b> as in the script.');
  await next(page).click();

  // The translator: one of the studio's vendors' people, picked by typing (Enter chooses).
  await expect(stepTitle(page, 'Translator')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Translator (optional)' });
  await picker.click();
  await picker.fill('jonas');
  await expect(page.getByRole('option', { name: /^Jonas Becker/ })).toBeVisible();
  await picker.press('Enter');
  await expect(picker).toHaveValue('Jonas Becker');
  await expectAccessible(page, 'the translator step');
  await next(page).click();

  await expect(stepTitle(page, 'Review')).toBeVisible();
  await expect(page.getByText('French (Canada) in Canada')).toBeVisible();
  await expect(page.getByText('Jonas Becker')).toBeVisible();
  await expect(page.getByText('Dialogue: Subtitles · Narration: Voice-over')).toBeVisible();
  await expect(page.getByText(/\d[\d,]* lines, [\d,]+ words .*about [\d.]+ h of translation/)).toBeVisible();
  // Instructions are shown as the order page shows them: the allowed tags formatted, never as raw markup.
  await expect(page.locator('.order-review__instructions strong', { hasText: 'names' })).toBeVisible();
  await expect(page.getByText('Keep <b>names</b> as in the script.')).toHaveCount(0);
  await expectAccessible(page, 'the review step');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/work-requests\/[0-9a-f]{24}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Order placed.' })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop()!;

  // What the server stored.
  const stored = await page.request.get(`/api/workrequests/${id}`, {
    headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
  });
  const record = (await stored.json()) as Record<string, unknown>;
  expect(record).toMatchObject({
    language: 'fr-CA',
    territory: 'CA',
    status: 'submitted',
    dng: { dialogue: ['subtitles'], narration: ['voice-over'], graphics: [] },
    due: { tz: 'America/Toronto' },
    uses: { items: ['online'], details: { online: [{ value: '4K', ship: true }] } },
    instructions: 'Keep <b>names</b> as in the script.',
    tags: ['e2e-wizard'],
    translation: { translator: { name: 'Jonas Becker' } },
    estimate: { base: expect.stringMatching(/^\d+\.\d\d USD$/) as unknown },
  });

  // In the list (the project's requests, newest first).
  await page.goto(`/work-requests?project=${asset.project}&sort=-created`);
  await expect(grid(page).locator(`a[href$="/work-requests/${id}"]`).first()).toBeVisible();

  // Harbor Lane's other coordinator is told (the actor never is), and the translator is told of the assignment.
  const told = async (account: { username: string; password: string }, type: string) => {
    const response = await page.request.get('/api/notifications', {
      headers: {
        Authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
        'X-Requested-With': 'XMLHttpRequest',
        'X-Range': 'resources=0-99',
      },
    });
    const items = (await response.json()) as NotificationItem[];
    return items.some((n) => n.event?.type === type && n.event.workRequest?._id === id);
  };
  await expect.poll(() => told(ACCOUNTS.harborCoordinator, 'wr-created')).toBe(true);
  await expect.poll(() => told(JONAS, 'wr-assigned')).toBe(true);
  // The draft is gone: a new order from the same asset starts afresh.
  await page.goto(`/work-requests/new?asset=${asset._id}`);
  await expect(stepTitle(page, 'Asset')).toBeVisible();
});

test("the due date's zone starts as the territory's, says so, and a zone the person chose stays", async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  const asset = await mainTrailer(page);
  await page.goto(`/work-requests/new?asset=${asset._id}`);
  await fillUpToDue(page);
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(
    page.getByText(/The territory's zone \(France & Francophone Europe\), set when you chose it/),
  ).toBeVisible();
  await expectAccessible(page, 'the due step with the territory zone');
  // The person's own choice is kept when the territory changes.
  await page.getByLabel('Time zone').fill('America/Toronto');
  await page.getByRole('button', { name: /^Back/ }).click();
  await page.getByRole('button', { name: /^Back/ }).click();
  await page.getByRole('button', { name: /^Back/ }).click();
  await expect(stepTitle(page, 'Language & territory')).toBeVisible();
  await page.getByLabel('Find a language by name or code').fill('sv-SE');
  await page.getByRole('radio', { name: /Swedish/ }).check();
  await page.getByRole('radio', { name: /Nordics/ }).check();
  await next(page).click();
  await next(page).click();
  await next(page).click();
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Toronto');
});

test('bad input is answered at the fields, the server’s words too', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  const asset = await mainTrailer(page);
  await page.goto(`/work-requests/new?asset=${asset._id}`);
  await next(page).click();
  await next(page).click();
  await expect(page.getByText('Choose a language.')).toBeVisible();
  await expect(page.getByText('Choose a territory.')).toBeVisible();
  await expect(page.getByLabel('Find a language by name or code')).toBeFocused();
  await page.getByLabel('Find a language by name or code').fill('French (France)');
  await page.getByRole('radio', { name: /French \(France\)/ }).check();
  await page.getByRole('radio', { name: /France & Francophone Europe/ }).check();
  await next(page).click();
  await next(page).click();
  await expect(
    page.getByText('Choose at least one treatment of the dialogue, the narration or the graphics.'),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Dialogue' }).getByLabel('Subtitles').check();
  await next(page).click();
  await page.getByRole('group', { name: 'Broadcast' }).getByRole('checkbox', { name: 'Broadcast' }).check();
  await next(page).click();
  await expect(page.getByText('Choose at least one transcode for Broadcast.')).toBeVisible();
  await page.getByLabel('30s').check();
  await next(page).click();
  await page.getByLabel('Date', { exact: true }).first().fill('2020-01-01');
  await next(page).click();
  await expect(page.getByText('The due date is in the past: choose a later one.')).toBeVisible();
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await page.getByLabel('Date', { exact: true }).first().fill(dayFromNow(10));
  await next(page).click();
  await expect(page.getByText('“Mars/Olympus” is not a time zone: pick one such as Europe/Paris.')).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: /^Use / }).click();
  await next(page).click();
  await next(page).click();
  await next(page).click();
  await expect(stepTitle(page, 'Review')).toBeVisible();

  // The server's 400 (here: the language went away meanwhile) lands at the language step's field.
  await page.route('**/api/workrequests', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'bad_request',
              message: 'language: no language with the code fr-FR',
              details: [{ path: 'language', message: 'no language with the code fr-FR' }],
            },
          }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(stepTitle(page, 'Language & territory')).toBeVisible();
  await expect(page.getByText('No language with the code fr-FR')).toBeVisible();
  await expect(page.getByRole('radio', { name: /French \(France\)/ })).toBeChecked();
});

test('a deployment without POST /workrequests is said so, and the form is kept', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  const asset = await mainTrailer(page);
  await page.route('**/api/workrequests', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 405,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'method_not_allowed', message: 'Method not allowed' } }),
        })
      : route.fallback(),
  );
  await page.goto(`/work-requests/new?asset=${asset._id}`);
  await fillValidOrder(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('This deployment cannot place orders')).toBeVisible();
  await expect(page).toHaveURL(/\/work-requests\/new/);
  await expect(page.getByText('French (France) in France & Francophone Europe')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await expectAccessible(page, 'the review step, unavailable');
});

test('a translator is not offered the wizard', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await page.goto('/work-requests');
  await expect(page.getByRole('heading', { name: 'Work requests', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
  await page.goto('/work-requests/new');
  await expect(page.getByText('You cannot place orders.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Next/ })).toHaveCount(0);
});

test('an order starts from the work-request list: project, then asset', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/work-requests\/new$/);
  await next(page).click();
  await expect(page.getByText('Choose the asset to localize.')).toBeVisible();
  await page.getByLabel('Find a project by name or code').fill('last carto');
  await page.getByRole('radio', { name: 'The Last Cartographer' }).check();
  await page.getByRole('radio', { name: 'Main Trailer · trailer', exact: true }).check();
  await expectAccessible(page, 'the asset step from the list');
  await next(page).click();
  await expect(stepTitle(page, 'Language & territory')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Place an order: Main Trailer' })).toBeVisible();
});

test('an order placed from an asset page takes the asset and its project that page read (no GET again)', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  const asset = await mainTrailer(page);
  const gets: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET') gets.push(new URL(r.url()).pathname);
  });
  await page.goto(`/catalog/assets/${asset._id}`);
  await expect(page.getByRole('heading', { name: 'Main Trailer', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0); // the project's name is in
  await page.getByRole('link', { name: 'Place an order' }).click();
  await expect(page.getByRole('heading', { name: 'Place an order: Main Trailer' })).toBeVisible();
  await next(page).click();
  await expect(stepTitle(page, 'Language & territory')).toBeVisible();
  expect(gets.filter((p) => p === `/api/assets/${asset._id}`)).toHaveLength(1);
  expect(gets.filter((p) => p === `/api/projects/${asset.project}`)).toHaveLength(1);
});

test('an order placed from a project page chooses among the assets that page read (no GET again)', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator);
  const asset = await mainTrailer(page);
  const assetPages: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (
      r.method() === 'GET' &&
      url.pathname === '/api/assets/countByProject' &&
      url.searchParams.get('project') === asset.project
    )
      assetPages.push(r.headers()['x-range'] ?? '');
  });
  await page.goto(`/catalog/projects/${asset.project}`);
  await expect(page.getByRole('link', { name: /Main Trailer/ }).first()).toBeVisible();
  const read = assetPages.length;
  expect(read).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Place an order' }).click();
  await expect(page.getByRole('radio', { name: 'Main Trailer · trailer', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Main Trailer · trailer', exact: true }).check();
  await next(page).click();
  await expect(stepTitle(page, 'Language & territory')).toBeVisible();
  expect(assetPages.slice(read), 'pages of the project’s assets asked again by the wizard').toEqual([]);
});

test('a desk with more projects than the wizard lists finds the others by name (the server searches)', async ({
  page,
}) => {
  // A deployment of 2,050 projects: the whole list (no `q`) is made up here, page by page as asked; a search goes
  // to the demo server, which finds the demo's projects.
  const TOTAL = 2050;
  const searches: string[] = [];
  await page.route(
    (url) => url.pathname === '/api/projects',
    async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.has('q')) {
        searches.push(url.search);
        return route.continue();
      }
      return fulfillListPage(route, TOTAL, (index) => ({
        _id: (index + 1).toString(16).padStart(24, '0'),
        name: `Archive Title ${String(index).padStart(4, '0')}`,
        studio: '68da82d0e6b806fe45c41f09',
        archived: false,
      }));
    },
  );
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests/new');
  await next(page).click();
  await expect(page.getByRole('radio', { name: 'Archive Title 0000' })).toBeVisible();
  await expect(
    page.getByText('More than 2,000 projects: the first are listed, type a name to search them all.'),
  ).toBeVisible();
  await page.getByLabel('Find a project by name or code').fill('last carto');
  await page.getByRole('radio', { name: 'The Last Cartographer' }).check();
  expect(searches).toEqual(['?archived=false&q=last+carto']);
  await page.getByRole('radio', { name: 'Main Trailer · trailer', exact: true }).check();
  await expectAccessible(page, 'the asset step searching the server');
  // The chosen project stays while another search finds nothing.
  await page.getByLabel('Find a project by name or code').fill('zzz');
  await expect(page.getByRole('radio', { name: 'The Last Cartographer' })).toBeChecked();
  await next(page).click();
  await expect(page.getByRole('heading', { name: 'Place an order: Main Trailer' })).toBeVisible();
});
