/**
 * The coordinator's dashboard (docs/decisions/106-dashboard-from-list-totals.md): the landing page of coordinators and
 * admins; each tile's count is the API's total for the tile's filter and opens the list with that filter (and total);
 * the calendar opens a day's list and moves by arrow keys. Other specs change work requests at the same time: counts
 * are compared with the API's at the same moment (polled, reloading the page when they differ), and this spec places
 * its own orders.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiList,
  basic,
  expectAccessible,
  expectListCountAsApi,
  settled,
  signIn,
  nextLoadRequests,
  type Account,
  unnotifiedAdmin,
} from './support';

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

const TILES = ['Overdue', 'Due in the next 7 days', 'Awaiting materials', 'For review', 'Unassigned'];
const DAY = 86_400;

interface Row {
  _id: string;
  asset: { _id: string; name: string };
  language: string;
  territory: string;
}

/** Places an unassigned order in the demo coordinator's studio (by `as`), due at `due` (epoch seconds). */
async function placeOrder(
  request: APIRequestContext,
  due: number,
  as: Account = ACCOUNTS.coordinator,
): Promise<string> {
  const { items } = await apiList<Row>(request, ACCOUNTS.coordinator, '/workrequests', 'resources=0-0');
  const sample = items[0]!;
  const res = await request.post('/api/workrequests', {
    headers: { Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      asset: sample.asset._id,
      language: sample.language,
      territory: sample.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: due, tz: 'Europe/Paris' },
      instructions: 'Placed by the dashboard spec',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** The API's total for the list query of an app URL (`/work-requests?…`), as the coordinator. */
async function apiTotal(
  request: APIRequestContext,
  appHref: string,
  as: Account = ACCOUNTS.coordinator,
): Promise<number | undefined> {
  const query = new URL(appHref, 'http://x').search;
  return (await apiList(request, as, `/workrequests${query}`, 'resources=0-0')).total;
}

function tile(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('the coordinator lands on the dashboard; every tile counts what the API counts and opens that list', async ({
  page,
  request,
}) => {
  test.slow(); // five tiles and two lists compared with the API, each maybe read again: ~25–55 s on a busy machine
  const now = Math.floor(Date.now() / 1000);
  await placeOrder(request, now + DAY); // due tomorrow and unassigned: those tiles are not empty
  await signIn(page, ACCOUNTS.coordinator);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  for (const name of TILES) {
    await expect(async () => {
      const count = tile(page, name).getByRole('link', { name: /open the list$/ });
      await expect(count).toBeVisible({ timeout: 5_000 });
      const href = (await count.getAttribute('href'))!;
      const shown = Number(await count.getAttribute('data-count'));
      const total = await apiTotal(request, href);
      if (shown !== total) await page.reload(); // changed by another spec meanwhile: read both again
      expect(shown, `${name}: ${href}`).toBe(total);
    }).toPass({ timeout: 30_000 });
  }
  await expect(tile(page, 'Unassigned').getByRole('listitem').first()).toBeVisible();

  // "View all" opens the list with the tile's filter in the URL, and the list says the API's total.
  for (const name of ['Due in the next 7 days', 'Unassigned']) {
    await page.goto('/dashboard');
    await tile(page, name)
      .getByRole('link', { name: `View all ${name.toLowerCase()}` })
      .click();
    await expect(page).toHaveURL(/\/work-requests\?status=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Work requests' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Filters from the link' })).toBeVisible();
    await expectListCountAsApi(page, request, ACCOUNTS.coordinator, new URL(page.url()).search.slice(1));
  }
});

test('the calendar counts open orders per day in the viewer’s zone, opens a day’s list, and moves by keys', async ({
  page,
  request,
}) => {
  // Noon in New York, ten days from now: inside the five weeks shown whatever the weekday.
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + 10 * DAY * 1000));
  const due = Date.parse(`${dayKey}T12:00:00-05:00`) / 1000;
  const id = await placeOrder(request, due);
  await signIn(page, ACCOUNTS.coordinator);
  const calendar = page.getByRole('grid', { name: /Due dates/ });
  const day = calendar.locator(`a[data-day="${dayKey}"]`);
  await expect(day).toHaveAttribute('aria-label', /: \d+ orders? due$/);
  const href = (await day.getAttribute('href'))!;
  await expect
    .poll(async () => {
      const label = (await day.getAttribute('aria-label')) ?? '';
      const shown = Number(/: (\d+) orders? due$/.exec(label)?.[1]);
      const total = await apiTotal(request, href);
      if (shown !== total) await page.reload();
      return shown === total;
    })
    .toBe(true);

  // Keys: the grid is one Tab stop on today; arrows move by day and week.
  const today = calendar.locator('a[tabindex="0"]');
  await today.focus();
  const todayKey = await today.getAttribute('data-day');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const moved = page.locator('a[data-day]:focus');
  const expected = new Date(Date.parse(`${todayKey}T12:00:00Z`) + 8 * DAY * 1000).toISOString().slice(0, 10);
  await expect(moved).toHaveAttribute('data-day', expected);
  await expect(moved).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Home');
  await expect(page.locator('a[data-day]:focus')).toHaveAttribute('data-day', /\d/);

  // The day opens its list, with the order placed for it.
  await day.click();
  await expect(page).toHaveURL(/dueFrom=\d+&dueTo=\d+/);
  await expect(page.getByText(/^Due from .+ to before .+/)).toBeVisible();
  await expect(page.locator(`a[href="/work-requests/${id}"]`).first()).toBeAttached();

  // The list alternative names the same day.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'As a list' }).click();
  await expect(page.locator(`.dash-calendar__list a[data-day="${dayKey}"]`)).toHaveText(/orders? due$/);
});

test('the calendar pages by five weeks, later and earlier, with counts for the days shown', async ({
  page,
  request,
}) => {
  // Noon in New York, seven weeks from now: on the second page whatever the weekday.
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + 49 * DAY * 1000));
  await placeOrder(request, Date.parse(`${dayKey}T12:00:00-05:00`) / 1000);
  await signIn(page, ACCOUNTS.coordinator);
  await expect(page.getByRole('heading', { name: 'Due dates, next 5 weeks' })).toBeVisible();
  const calendar = page.getByRole('grid', { name: /Due dates/ });
  await expect(calendar.locator(`a[data-day="${dayKey}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next 5 weeks' }).click();
  await expect(page.getByRole('heading', { name: /^Due dates, \S+ \S+ – \S+ \S+$/ })).toBeVisible();
  const later = calendar.locator(`a[data-day="${dayKey}"]`);
  await expect(later).toHaveAttribute('aria-label', /: [1-9]\d* orders? due$/);
  // The grid's one Tab stop is on the page's first day.
  await expect(calendar.locator('a[tabindex="0"]')).toHaveCount(1);
  await expectAccessible(page, 'the calendar on its next page');
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page.getByRole('heading', { name: 'Due dates, next 5 weeks' })).toBeVisible();
  const firstDay = (await calendar.locator('a[data-day]').first().getAttribute('data-day'))!;
  await page.getByRole('button', { name: 'Earlier 5 weeks' }).click();
  const fiveWeeksBefore = new Date(Date.parse(`${firstDay}T12:00:00Z`) - 35 * DAY * 1000).toISOString().slice(0, 10);
  await expect(calendar.locator('a[data-day]').first()).toHaveAttribute('data-day', fiveWeeksBefore);
});

test('an order placed elsewhere shows on the open dashboard without a reload (live notifications)', async ({
  page,
  request,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  const count = tile(page, 'Unassigned').getByRole('link', { name: /open the list$/ });
  await expect(count).toBeVisible();
  const before = Number(await count.getAttribute('data-count'));
  const href = (await count.getAttribute('href'))!;
  // An admin places it: the studio's coordinators are told (wr-created), and the dashboard reads its counts again.
  await placeOrder(request, Math.floor(Date.now() / 1000) + DAY, ACCOUNTS.admin);
  await expect
    .poll(
      async () => {
        const shown = Number(await count.getAttribute('data-count'));
        return shown !== before && shown === (await apiTotal(request, href));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});

test('a tile that cannot load says so and the rest of the page still works', async ({ page }) => {
  await page.route(/\/api\/workrequests\?.*assignee=none/, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'busy', message: 'busy' } }),
    }),
  );
  await signIn(page, ACCOUNTS.coordinator);
  // A 503 is tried three times (1 s and 2 s apart) before the tile says so.
  await expect(tile(page, 'Unassigned').getByRole('alert')).toContainText('Could not load unassigned', {
    timeout: 30_000,
  });
  await expect(tile(page, 'Unassigned').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(tile(page, 'Awaiting materials').getByRole('link', { name: /open the list$/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: /Due dates/ })).toBeVisible();
});

test('a translator does not land on the dashboard nor see it in the navigation', async ({ page }) => {
  await signIn(page, ACCOUNTS.translator);
  await expect(page).toHaveURL(/\/translations$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test('the dashboard passes axe, and fits 1280 and 390 px wide', async ({ page }, testInfo) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await settled(page);
  await expect(page.locator('.dash-day__count', { hasText: '…' })).toHaveCount(0);
  await expectAccessible(page, 'dashboard');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const dashboard = page.locator('.dashboard');
    await expect
      .poll(() =>
        dashboard.evaluate(
          (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth,
        ),
      )
      .toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
  }
});

/** The calendar's count requests of the next load: the one-request extension, and the per-day list requests. */
function calendarRequests(page: Page): { readonly extension: string[]; readonly perDay: string[] } {
  const requests = nextLoadRequests(page);
  const search = (pathname: string, perDay: boolean) =>
    requests
      .filter((r) => {
        const url = new URL(r.url());
        return url.pathname === pathname && (!perDay || r.headers()['x-range'] === 'resources=0-0');
      })
      .map((r) => new URL(r.url()).search);
  return {
    get extension() {
      return search('/api/workrequests/dueCounts', false);
    },
    get perDay() {
      return search('/api/workrequests', true);
    },
  };
}

/** The day `dayKey` of the calendar shows what the API totals for its list (polled: other specs change orders). */
async function expectDayAsApi(
  page: Page,
  request: APIRequestContext,
  dayKey: string,
  as: Account = ACCOUNTS.coordinator,
): Promise<void> {
  const day = page.getByRole('grid', { name: /Due dates/ }).locator(`a[data-day="${dayKey}"]`);
  await expect(day).toHaveAttribute('aria-label', /: \d+ orders? due$/);
  const href = (await day.getAttribute('href'))!;
  await expect
    .poll(async () => {
      const shown = Number(/: (\d+) orders? due$/.exec((await day.getAttribute('aria-label')) ?? '')?.[1]);
      return shown === (await apiTotal(request, href, as));
    })
    .toBe(true);
}

test('the calendar is one request; a deployment without it gets one request a day, with the same numbers', async ({
  page,
  request,
}) => {
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + 9 * DAY * 1000));
  await placeOrder(request, Date.parse(`${dayKey}T12:00:00-05:00`) / 1000);
  // An admin whom nothing notifies: the dashboard reads its counts again when a notification arrives, and the demo
  // coordinator is told of the orders other specs place meanwhile.
  const viewer = await unnotifiedAdmin(request);
  await signIn(page, viewer);
  await settled(page);

  // With the extension: a cold load asks the calendar once, and no day on its own.
  let seen = calendarRequests(page);
  await page.reload();
  await expectDayAsApi(page, request, dayKey, viewer);
  await expect(page.locator('.dash-day__count', { hasText: /^(…|\?)$/ })).toHaveCount(0);
  expect(seen.extension).toHaveLength(1);
  expect(seen.extension[0]).toMatch(/[?&]bounds=(\d+%2C){35}\d+/);
  expect(seen.perDay).toEqual([]);

  // Without it (a 404, as a deployment that reads the path as a record's): every day asked on its own, once.
  await page.route(/\/api\/workrequests\/dueCounts\?/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'not_found', message: 'work request not found' } }),
    }),
  );
  seen = calendarRequests(page);
  await page.reload();
  await expectDayAsApi(page, request, dayKey, viewer);
  await expect(page.locator('.dash-day__count', { hasText: /^(…|\?)$/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(seen.extension).toHaveLength(1);
  expect(seen.perDay).toHaveLength(35);
  expect(new Set(seen.perDay).size).toBe(35);
});
