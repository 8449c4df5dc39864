/**
 * Any row of a long list (docs/decisions/100-sparse-lists-any-row.md): the work-request list knows its total from the
 * first answer, so "Go to row" and Ctrl+End land anywhere with one or two page requests (never one asked twice),
 * placeholders meanwhile, and the row shown is the record the server has at that position for the list's filters and
 * sort.
 *
 * Race-free on a shared server: rows are checked against the answer to the app's own request for that range (read
 * from the response), and the lists are sorted oldest first, so records other specs create meanwhile go after them.
 */
import { expect, test, type Page } from '@playwright/test';
import { SETTLE_MS } from '../src/lib/useSparseList';
import { ACCOUNTS, apiList, grid, signIn } from './support';

interface Item {
  _id: string;
}

/** The app's requests of GET /api/workrequests: the query and the range of each, and what each answered. */
function recordListRequests(page: Page) {
  const requests: { search: string; range: string }[] = [];
  const answers = new Map<string, Item[]>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/workrequests')
      requests.push({ search: url.search, range: r.headers()['x-range'] ?? '' });
  });
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (url.pathname !== '/api/workrequests' || r.status() !== 200) return;
    const range = r.request().headers()['x-range'] ?? '';
    // A body can be gone by the time it is asked for (the app cancelled a page scrolled away from, or the page
    // navigated): that answer is simply not recorded (recordAt then finds the row in the answer that was used).
    const items = (await r.json().catch(() => undefined)) as Item[] | undefined;
    if (items) answers.set(`${url.search} ${range}`, items);
  });
  return {
    requests,
    /** The record the app's own request answered for 0-based row `index` of the list with this query. */
    recordAt(search: string, index: number): string | undefined {
      for (const [key, items] of answers) {
        const [s, range] = key.split(' ');
        const m = /^resources=(\d+)-(\d+)$/.exec(range ?? '');
        if (s !== search || !m) continue;
        const first = Number(m[1]);
        if (index >= first && index <= Number(m[2])) return items[index - first]?._id;
      }
      return undefined;
    },
  };
}

/** The id of the record a data row shows (its asset link goes to the work request's page). */
async function idOfRow(page: Page, rowIndex: number): Promise<string> {
  const row = grid(page).locator(`[role="row"][aria-rowindex="${rowIndex + 2}"][aria-selected]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  const href = await row.locator('a[href^="/work-requests/"]').first().getAttribute('href');
  return decodeURIComponent(href!.split('/').pop()!);
}

async function totalOnPage(page: Page): Promise<number> {
  const line = page.getByText(/^[\d,]+ work requests$/);
  await expect(line).toBeVisible({ timeout: 15_000 });
  return Number((await line.textContent())!.replace(/\D/g, ''));
}

/** Signs in as the admin and opens the list at `path`: its total (more than `atLeast`), grid and query, once the first row shows. */
async function openList(page: Page, log: ReturnType<typeof recordListRequests>, path: string, atLeast: number) {
  await signIn(page, ACCOUNTS.admin);
  await page.goto(path);
  const total = await totalOnPage(page);
  expect(total).toBeGreaterThan(atLeast);
  const table = grid(page);
  await expect(table.locator('[aria-rowindex="2"][aria-selected]')).toBeVisible({ timeout: 15_000 });
  return { total, table, search: log.requests[log.requests.length - 1]!.search };
}

/** The requests made since `from`, as ranges; none may repeat one made before. */
function newRanges(log: ReturnType<typeof recordListRequests>, from: number): string[] {
  return log.requests.slice(from).map((r) => r.range);
}

function expectNoRepeats(log: ReturnType<typeof recordListRequests>) {
  const keys = log.requests.map((r) => `${r.search} ${r.range}`);
  expect(
    keys.filter((k, i) => keys.indexOf(k) !== i),
    'page requests made twice',
  ).toEqual([]);
}

test('Go to row and Ctrl+End fetch only the pages shown, and show the right records', async ({ page, request }) => {
  const log = recordListRequests(page);
  const { total, table, search } = await openList(page, log, '/work-requests?sort=created', 300);
  await expect(table).toHaveAttribute('aria-rowcount', String(total + 1), { timeout: 15_000 });
  expect(search).toContain('sort=created');

  // Go to row 300: its page (and maybe the one before, in view) and nothing between.
  const before = log.requests.length;
  await page.getByLabel('Go to row').fill('300');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  const id300 = await idOfRow(page, 299);
  const jump = newRanges(log, before);
  expect(jump.length, `requests of the jump: ${jump.join(', ')}`).toBeGreaterThanOrEqual(1);
  expect(jump.length, `requests of the jump: ${jump.join(', ')}`).toBeLessThanOrEqual(2);
  expect(jump).toContain('resources=250-299');
  expect(id300).toBe(log.recordAt(search, 299));
  // The server agrees (sorted oldest first, records made meanwhile by other specs come after row 300).
  const server = await apiList<Item>(request, ACCOUNTS.admin, `/workrequests${search}`, 'resources=299-299');
  expect(id300).toBe(server.items[0]?._id);
  // The grid has focus on that row, for the keyboard to go on from there.
  await expect(table).toBeFocused();
  const activeRow = table.locator('[aria-rowindex="301"]');
  await expect(table).toHaveAttribute('aria-activedescendant', (await activeRow.getAttribute('id'))!);

  // Ctrl+End: the last row, with the last page (and maybe the one before).
  const beforeEnd = log.requests.length;
  await page.keyboard.press('Control+End');
  const lastId = await idOfRow(page, total - 1);
  const end = newRanges(log, beforeEnd);
  expect(end.length, `requests of Ctrl+End: ${end.join(', ')}`).toBeGreaterThanOrEqual(1);
  expect(end.length, `requests of Ctrl+End: ${end.join(', ')}`).toBeLessThanOrEqual(2);
  expect(lastId).toBe(log.recordAt(search, total - 1));

  // Back to the top with Ctrl+Home: page 0 is still held, nothing is asked again.
  const beforeHome = log.requests.length;
  await page.keyboard.press('Control+Home');
  await expect(table.locator('[aria-rowindex="2"][aria-selected]')).toBeVisible({ timeout: 15_000 });
  await expect(table).toHaveAttribute(
    'aria-activedescendant',
    (await table.locator('[aria-rowindex="2"]').getAttribute('id'))!,
  );
  await page.waitForTimeout(400); // a request would start within the 120 ms settle time; give it room to show up
  expect(newRanges(log, beforeHome)).toEqual([]);
  expectNoRepeats(log);
});

test('Go to row says what is wrong with a row out of range and stays where it was', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/work-requests?sort=created');
  const total = await totalOnPage(page);
  await expect(grid(page).locator('[aria-rowindex="2"][aria-selected]')).toBeVisible({ timeout: 15_000 });
  const input = page.getByLabel('Go to row');
  await input.fill(String(total + 1000));
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(`There is no row ${(total + 1000).toLocaleString('en')}.`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(grid(page).locator('[aria-rowindex="2"][aria-selected]')).toBeVisible({ timeout: 15_000 });
});

test('a jump respects the filters and sort, and a filter change goes back to the top with the new total', async ({
  page,
}) => {
  const log = recordListRequests(page);
  const {
    total: filtered,
    table,
    search,
  } = await openList(page, log, '/work-requests?status=incomplete,submitted,in-progress,complete&sort=-due', 100);
  expect(search).toContain('sort=-due');
  expect(search).toContain('status=');

  await table.focus();
  const before = log.requests.length;
  await page.keyboard.press('Control+End');
  const lastId = await idOfRow(page, filtered - 1);
  expect(log.requests.slice(before).every((r) => r.search === search)).toBe(true);
  expect(lastId).toBe(log.recordAt(search, filtered - 1));
  expectNoRepeats(log);

  // A filter change: the new list from its top, with its own total.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/work-requests$/);
  const all = await totalOnPage(page);
  expect(all).toBeGreaterThan(filtered);
  await expect(table).toHaveAttribute('aria-rowcount', String(all + 1));
  await expect(table.locator('[aria-rowindex="2"][aria-selected]')).toBeVisible({ timeout: 15_000 });
  expect(await table.evaluate((el) => el.scrollTop)).toBe(0);
});

/** Answers 503 to the list's request for `range` while `state.failing`; counts those answers in `state.failed`. */
async function failRange(page: Page, range: string) {
  const state = { failing: true, failed: 0 };
  await page.route(
    (url) => url.pathname === '/api/workrequests',
    async (route) => {
      if (state.failing && route.request().headers()['x-range'] === range) {
        state.failed++;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Try later' } }),
        });
        return;
      }
      await route.continue();
    },
  );
  return state;
}

/** Row `rowIndex` (0-based) says its page failed; its retry asks once more and shows the record. */
async function expectFailedThenRetried(page: Page, rowIndex: number, state: { failing: boolean; failed: number }) {
  const table = grid(page);
  const row = table.locator(`[aria-rowindex="${rowIndex + 2}"]`);
  await expect(row).toContainText('Could not load these rows.', { timeout: 30_000 });
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  const failures = state.failed;
  expect(failures).toBeGreaterThanOrEqual(1);
  state.failing = false;
  await row.getByRole('button', { name: 'Try again' }).click();
  await expect(table.locator(`[aria-rowindex="${rowIndex + 2}"][aria-selected]`)).toBeVisible({ timeout: 15_000 });
  // Nothing asked for the failed page on its own after it gave up (its automatic retries came before).
  expect(state.failed).toBe(failures);
}

test('a page of a jump that fails says so in its rows, and its retry loads them', async ({ page }) => {
  const state = await failRange(page, 'resources=250-299');
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/work-requests?sort=created');
  await totalOnPage(page);
  await page.getByLabel('Go to row').fill('280');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expectFailedThenRetried(page, 279, state);
});

test('the next page of plain scrolling that fails says so in its rows, and its retry loads them', async ({ page }) => {
  const state = await failRange(page, 'resources=50-99');
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/work-requests?sort=created');
  await totalOnPage(page);
  const table = grid(page);
  await expect(table.locator('[aria-rowindex="2"][aria-selected]')).toBeVisible({ timeout: 15_000 });
  await table.evaluate((el) => el.scrollBy(0, 56 * 45));
  await expectFailedThenRetried(page, 55, state);
});

/**
 * Holds back the list's settle timers (setTimeout of SETTLE_MS, 120 ms, while `__holdSettle` is on) until
 * `__releaseSettle()`: what the list asks for without waiting for the view to hold still shows, and nothing else.
 */
const HOLD_SETTLE = `(() => {
  const realSet = window.setTimeout.bind(window);
  const realClear = window.clearTimeout.bind(window);
  const held = new Map();
  let nextId = 1e9;
  window.__holdSettle = false;
  window.setTimeout = (fn, ms, ...args) => {
    if (!window.__holdSettle || ms !== ${SETTLE_MS}) return realSet(fn, ms, ...args);
    const id = nextId++;
    held.set(id, () => fn(...args));
    return id;
  };
  window.clearTimeout = (id) => (held.delete(id) ? undefined : realClear(id));
  window.__releaseSettle = () => {
    window.__holdSettle = false;
    const due = [...held.values()];
    held.clear();
    due.forEach((run) => run());
  };
})()`;

test('a jump asks for the rows where it lands at once; a scroll asks only once the view holds still', async ({
  page,
}) => {
  await page.addInitScript({ content: HOLD_SETTLE });
  const log = recordListRequests(page);
  const { total, table } = await openList(page, log, '/work-requests?sort=created', 300);
  await page.evaluate('window.__holdSettle = true');

  // Go to row 300 and End, each a jump: their rows come although no view ever held still.
  await page.getByLabel('Go to row').fill('300');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await idOfRow(page, 299);
  await table.press('End');
  await idOfRow(page, total - 1);

  // A scroll to the middle (the wheel's or the scrollbar's way): nothing is asked while the view has not held still.
  const before = log.requests.length;
  const middle = Math.floor(total / 2);
  await table.evaluate((el, row) => {
    const first = el.querySelector('[role="rowgroup"] + [role="rowgroup"] [role="row"]')!;
    el.scrollTop = row * first.getBoundingClientRect().height;
  }, middle);
  await expect(table.locator(`[aria-rowindex="${middle + 2}"]`)).toBeAttached();
  await page.waitForTimeout(400); // a request would start at once; give it room to show up
  expect(newRanges(log, before)).toEqual([]);
  await page.evaluate('window.__releaseSettle()');
  await idOfRow(page, middle);
  expect(newRanges(log, before).length).toBeGreaterThanOrEqual(1);
  expectNoRepeats(log);
});
