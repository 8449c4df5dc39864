/**
 * Any row of the inbox (docs/decisions/100-sparse-lists-any-row.md): with the total from the first answer, Go to row
 * and End land anywhere with the pages in view only (never one asked twice), the row shown is the notification the
 * server has at that position for the view's filters, a live arrival moves every row down one, and Mark read works on a
 * row of a jump.
 *
 * The spec owns its records: a user of its own, and a share of its own that the admin sends to that user again and
 * again (each time the user is added to its recipients, the user is notified once). Nothing else notifies the user.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, registerUser, signIn, type Account } from './support';

const NOTES = 130;

interface Note {
  _id: string;
  read?: boolean;
}

const admin = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };

type Recipient = { _id?: string } & Record<string, unknown>;

/**
 * A seeded share with two or more recipients (shares.spec works on one with a single recipient, and nothing changes
 * recipients otherwise), sent to `user` again and again: each time `user` is added to its recipients, `user` is
 * notified once. `restore` puts its recipients back as they were.
 */
async function shareFor(request: APIRequestContext, user: string) {
  const { items } = await apiList<{ _id: string; to?: Recipient[] }>(request, ACCOUNTS.admin, '/shares');
  const share = items.find((s) => (s.to?.length ?? 0) >= 2);
  expect(share, 'a seeded share with two recipients').toBeDefined();
  const original = share!.to!;
  const put = async (to: Recipient[]) => {
    const response = await request.put(`/api/shares/${share!._id}`, { headers: admin, data: { to } });
    expect(response.status(), await response.text()).toBe(200);
  };
  return {
    notify: async () => {
      await put(original);
      await put([...original, { _id: user }]);
    },
    restore: () => put(original),
  };
}

/** The app's GETs of /api/notifications for the list (not the one-row unread counts), and what each answered. */
function recordInboxRequests(page: Page) {
  const requests: { search: string; range: string }[] = [];
  const isList = (url: URL, range: string) =>
    url.pathname === '/api/notifications' && !url.searchParams.has('read') && range !== 'resources=0-0';
  page.on('request', (r) => {
    const url = new URL(r.url());
    const range = r.headers()['x-range'] ?? '';
    if (r.method() === 'GET' && isList(url, range)) requests.push({ search: url.search, range });
  });
  return {
    requests,
    ranges: (from: number) => requests.slice(from).map((r) => r.range),
    repeats: () => {
      const keys = requests.map((r) => `${r.search} ${r.range}`);
      return keys.filter((k, i) => keys.indexOf(k) !== i);
    },
  };
}

function inbox(page: Page) {
  return page.getByRole('grid', { name: 'Notifications' });
}

/** The notification row `index` (0-based) shows, once its page has loaded. */
async function idAt(page: Page, index: number): Promise<string> {
  const row = inbox(page).locator(`.inbox-row.inbox__item[aria-rowindex="${index + 2}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  return (await row.getAttribute('data-id'))!;
}

/** The server's notification at `index` of the list the app asked for (its own query: filters and sort). */
async function apiIdAt(request: APIRequestContext, user: Account, search: string, index: number) {
  const { items } = await apiList<Note>(request, user, `/notifications${search}`, `resources=${index}-${index}`);
  return items[0]?._id;
}

test('the inbox reaches any row: Go to row, End and Home ask only for the pages shown; arrivals and Mark read stay right', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerUser(request, 'Inbox Jumper');
  const share = await shareFor(request, user._id);
  for (let i = 0; i < NOTES; i++) await share.notify();
  const { total: made } = await apiList(request, user, '/notifications?type=share', 'resources=0-0');
  expect(made).toBe(NOTES);

  try {
    const log = recordInboxRequests(page);
    await signIn(page, user);
    await page.goto('/notifications?tab=general');
    const grid = inbox(page);
    await expect(page.getByText(`${NOTES} notifications`, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(grid).toHaveAttribute('aria-rowcount', String(NOTES + 1));
    await expect(grid.locator('[aria-rowindex="2"].inbox__item')).toBeVisible();
    expect(log.ranges(0)).toEqual(['resources=0-49']);
    const search = log.requests[0]!.search;

    // Go to row 120: the page holding it (and perhaps the one before, in view), nothing between.
    const beforeJump = log.requests.length;
    await page.getByLabel('Go to row').fill('120');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    const id120 = await idAt(page, 119);
    const jump = log.ranges(beforeJump);
    expect(jump, `requests of the jump: ${jump.join(', ')}`).toContain('resources=100-149');
    expect(
      jump.every((r) => ['resources=50-99', 'resources=100-149'].includes(r)),
      jump.join(', '),
    ).toBe(true);
    expect(id120).toBe(await apiIdAt(request, user, search, 119));
    await expect(grid).toBeFocused();
    await expect(grid).toHaveAttribute(
      'aria-activedescendant',
      (await grid.locator('[aria-rowindex="121"]').getAttribute('id'))!,
    );
    await expectAccessible(page, 'the inbox after a jump');

    // End and Home: the last row (its page is held already), then the top, with nothing asked again.
    await page.keyboard.press('End');
    expect(await idAt(page, NOTES - 1)).toBe(await apiIdAt(request, user, search, NOTES - 1));
    await page.keyboard.press('Home');
    expect(await idAt(page, 0)).toBe(await apiIdAt(request, user, search, 0));
    await page.waitForTimeout(400); // a request would start within the 120 ms settle time: give it room to show
    expect(log.repeats(), 'pages asked twice').toEqual([]);

    // Back to row 120, then one arrives live: every row one place down, the count says so, row 121 is the old 120.
    await page.getByLabel('Go to row').fill('120');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(grid.locator(`[aria-rowindex="121"][data-id="${id120}"]`)).toBeVisible();
    await share.notify();
    await expect(page.getByText(`${NOTES + 1} notifications`, { exact: true })).toBeVisible({ timeout: 5_000 });
    await expect(grid.locator(`[aria-rowindex="122"][data-id="${id120}"]`)).toBeVisible({ timeout: 10_000 });
    expect(await idAt(page, 119)).toBe(await apiIdAt(request, user, search, 119));

    // Mark read on a row of the jump: the row, the server and the unread count agree.
    const row = grid.locator(`[data-id="${id120}"]`);
    await expect(row).toHaveClass(/is-unread/);
    await row.getByRole('button', { name: /^Mark read/ }).click();
    await expect(row).not.toHaveClass(/is-unread/);
    // (The navigation's badge is not checked here: after an arrival, the server answered the browser's unread count
    // with the count from before Mark read, though its own PUT had answered; see the session's report.)
    await expect
      .poll(
        async () =>
          (await apiList<Note>(request, user, '/notifications?read=false&summary=true', 'resources=0-0')).total,
      )
      .toBe(NOTES);
  } finally {
    await share.restore();
  }
});
