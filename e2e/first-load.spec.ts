/**
 * The first load of a page (docs/decisions/127-first-load-preload-and-early-requests.md): the HTML names the page's
 * whole module graph (server/http/routePreloads.ts: the page shows with nothing else), the page's first GET leaves
 * before the app's entry has even arrived (src/app/earlyRequest.ts) and is made once, and no GET repeats while the page
 * loads.
 */
import { expect, test, type APIRequestContext, type Page, type Request, type Worker } from '@playwright/test';
import {
  ACCOUNTS,
  type Account,
  apiList,
  basic,
  grid,
  placeTranslatorOrder,
  registerUser,
  settled,
  signIn,
  nextLoadRequests,
  unnotifiedAdmin,
} from './support';

/** The scripts and stylesheets an HTML page names (src / href under /assets/). */
function assetsNamed(html: string): Set<string> {
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
}

const pathOf = (r: Request) => {
  const url = new URL(r.url());
  return url.pathname + url.search;
};

/** The API GETs asked more than once (same URL, same range). */
function repeatedGets(requests: Request[]): string[] {
  const counts = new Map<string, number>();
  for (const r of requests) {
    if (r.method() !== 'GET' || !pathOf(r).startsWith('/api/')) continue;
    const key = `${pathOf(r)} ${r.headers()['x-range'] ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key} × ${n}`);
}

/**
 * Loads `path` cold in this tab (the stored session stays) and checks the first load: the page shows with only the
 * scripts and styles the HTML named (any other is refused: what loads after the first render on purpose may fail
 * without harm, a module the page needs may not), the first GET (`first`) left while the app's entry was still held
 * back (so the early script made it) and was made once, and no GET repeated.
 */
async function checkFirstLoad(
  page: Page,
  path: string,
  first: RegExp,
  shown: () => Promise<void>,
  /** False for the root (`/`), whose HTML cannot name the landing page's files: the server does not know who asks. */
  refuseUnnamed = true,
): Promise<void> {
  const html = await (await page.request.get(path)).text();
  const named = assetsNamed(html);
  const requests = nextLoadRequests(page);
  const firstSent = () => requests.some((r) => first.test(pathOf(r)));
  let sentWhileEntryHeld = false;
  await page.route(/\/assets\//, async (route) => {
    const file = new URL(route.request().url()).pathname;
    if (refuseUnnamed && !named.has(file)) return route.abort();
    // The app's entry is held back until the first GET has left (or 20 s): only the early script can have made it.
    if (/^\/assets\/index-[^/]*\.js$/.test(file)) {
      await expect
        .poll(firstSent, { timeout: 20_000 })
        .toBe(true)
        .catch(() => undefined);
      sentWhileEntryHeld = firstSent();
    }
    return route.continue();
  });

  const response = await page.goto(path);
  expect(assetsNamed(await response!.text())).toEqual(named); // the same page as read above
  await shown();
  // Not settled(): the stand-ins of refused modules stay busy; the page's own loading is over when its skeletons are.
  await expect(page.locator('.skeleton-block, .skeleton-rows')).toHaveCount(0);

  expect(sentWhileEntryHeld, 'the first GET left before the entry arrived').toBe(true);
  expect(requests.filter((r) => first.test(pathOf(r))).map(pathOf)).toHaveLength(1);
  expect(repeatedGets(requests)).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test('the HTML names the modules and styles of the page the URL names, and no more for an unknown URL', async ({
  request,
}) => {
  const list = assetsNamed(await (await request.get('/work-requests?sort=due')).text());
  const editor = assetsNamed(await (await request.get('/work-requests/0123456789abcdef01234567/translation')).text());
  const unknown = assetsNamed(await (await request.get('/no-such-page')).text());
  const names = (files: Set<string>) => [...files].map((f) => f.replace(/^\/assets\/|-[\w-]{8}\.(js|css)$/g, ''));
  // The shell, the list machinery, the list page with its prefetch module, the records' API modules and the editor
  // with its prefetch module are chunks of their own graphs (vite.config.ts, `codeSplitting.groups`).
  expect(names(list)).toEqual(expect.arrayContaining(['shell', 'lists', 'work-request-list', 'index']));
  expect(names(list)).not.toContain('editor');
  // Not the sign-in page (what it shares with the signed-in pages is a group of its own, `data`), and one stylesheet:
  // the lists' small ones are in the app's own (each was a request of its own on every cold list).
  expect(names(list)).toContain('data');
  expect(names(list)).not.toContain('sign-in');
  expect([...list].filter((f) => f.endsWith('.css'))).toHaveLength(1);
  // Nor a record page, whose links are checked by a module the sign-in page shares.
  const record = assetsNamed(await (await request.get('/work-requests/0123456789abcdef01234567')).text());
  expect(names(record)).toContain('shell');
  expect(names(record)).not.toContain('sign-in');
  expect(names(editor)).toEqual(expect.arrayContaining(['shell', 'records', 'editor']));
  expect(names(editor)).not.toContain('work-request-list');
  // The editor's first route in a few files: the entry's, the early script's, the shell, the list machinery, the data
  // group (shared with the sign-in page), the records' and its own (each with its styles), not the 23 files of Vite's
  // splitting.
  expect(editor.size).toBeLessThanOrEqual(14);
  expect(names(unknown)).not.toContain('shell');
  expect([...unknown].every((f) => list.has(f))).toBe(true); // the entry's own, which every page has
});

test('the early script the HTML names is its code, not a file that only imports it (one request fewer)', async ({
  request,
}) => {
  const html = await (await request.get('/work-requests')).text();
  const src = /<script type="module" async[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  expect(src, 'the early script').toBeTruthy();
  const code = await (await request.get(src!)).text();
  expect(code).not.toMatch(/^\s*import\s*["'][^"']+["'];?\s*$/);
  expect(code).toContain('workrequests'); // it starts the first GETs itself
});

/** A translator of the spec's own, whom no other spec's order notifies or assigns work. */
async function ownTranslator(request: APIRequestContext): Promise<Account> {
  const { items: groups } = await apiList<{ _id: string; type?: string }>(request, ACCOUNTS.admin, '/groups');
  const translators = groups.filter((g) => g.type === 'translator').slice(0, 1);
  expect(translators, 'a translator group').toHaveLength(1);
  return registerUser(request, 'Tara Landing', translators);
}

test("the coordinator's landing page: the dashboard's tiles asked once and early", async ({ page, request }) => {
  await signIn(page, await unnotifiedAdmin(request));
  await settled(page);
  // One of the five tiles' GETs (each is the list's page of 5 for the tile's filter).
  await checkFirstLoad(page, '/dashboard', /^\/api\/workrequests\?status=awaiting-materials&sort=due$/, async () => {
    await expect(page.getByRole('heading', { name: 'Awaiting materials' })).toBeVisible({ timeout: 30_000 });
  });
});

test("the dashboard's calendar: its one count request asked once and early", async ({ page, request }) => {
  await signIn(page, await unnotifiedAdmin(request));
  await settled(page);
  // The 35 days' counts in one GET (docs/API.md "Counts in one request"), none a day on its own.
  const requests = nextLoadRequests(page);
  await checkFirstLoad(page, '/dashboard', /^\/api\/workrequests\/dueCounts\?/, async () => {
    await expect(page.locator('.dash-day__count').first()).toBeAttached({ timeout: 30_000 });
    await expect(page.locator('.dash-day__count', { hasText: /^(…|\?)$/ })).toHaveCount(0);
  });
  expect(requests.filter((r) => /[?&]dueFrom=/.test(pathOf(r)) && r.headers()['x-range'] === 'resources=0-0')).toEqual(
    [],
  );
});

test("the translator's landing page: the translations' first page asked once and early", async ({ page, request }) => {
  await signIn(page, await ownTranslator(request));
  await settled(page);
  await checkFirstLoad(
    page,
    '/translations?status=incomplete',
    /^\/api\/translations\?status=incomplete$/,
    async () => {
      await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible({ timeout: 30_000 });
    },
  );
});

test("the app's root with a stored session: the landing page's first GET leaves before the app, once", async ({
  page,
  request,
}) => {
  await signIn(page, await ownTranslator(request));
  await settled(page);
  await checkFirstLoad(
    page,
    '/',
    /^\/api\/translations$/,
    async () => {
      await expect(page).toHaveURL(/\/translations$/);
      await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible({ timeout: 30_000 });
    },
    false,
  );
});

test('the shares and the inbox: their first GETs asked once and early, no GET twice', async ({ page, request }) => {
  await signIn(page, await unnotifiedAdmin(request));
  await settled(page);
  await checkFirstLoad(page, '/shares', /^\/api\/shares$/, async () => {
    await expect(page.getByRole('heading', { name: 'Shares', level: 1 })).toBeVisible({ timeout: 30_000 });
  });
  await checkFirstLoad(page, '/notifications?tab=all', /^\/api\/notifications\?summary=true$/, async () => {
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible({ timeout: 30_000 });
  });
});

test('signing in asks for the user once (POST /session), not again as GET /users/me', async ({ page, request }) => {
  const account = await unnotifiedAdmin(request);
  const requests = nextLoadRequests(page);
  await signIn(page, account); // navigates to /sign-in first: all of it is recorded
  await expect(page).toHaveURL(/\/dashboard$/);
  await settled(page);
  expect(requests.filter((r) => pathOf(r) === '/api/session').map((r) => r.method())).toEqual(['POST']);
  expect(requests.filter((r) => pathOf(r) === '/api/users/me')).toEqual([]);
  expect(repeatedGets(requests)).toEqual([]);
});

test('a cold list: its modules named by the HTML, its first page asked once and early, no GET twice', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  await checkFirstLoad(page, '/work-requests?sort=due', /^\/api\/workrequests\?sort=due$/, async () => {
    await expect(grid(page).getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  });
});

test("a cold list has a worker load the browser's locale data, which the page ends once it is done", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  const workers: Worker[] = [];
  page.on('worker', (worker) => workers.push(worker));
  const script = page.context().waitForEvent('response', (r) => /\/dateFormatsWorker-[^/]+\.js$/.test(r.url()));
  await page.goto('/work-requests');
  expect((await script).status()).toBe(200);
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => workers.length).toBe(1);
  expect(new URL(workers[0]!.url()).pathname).toMatch(/^\/assets\/dateFormatsWorker-[^/]+\.js$/);
  // Its script was allowed by the page's policy (e2e/csp.spec.ts sees no violation) and ran; the page ends it.
  await new Promise<void>((resolve) => {
    if (page.workers().length === 0) resolve();
    else workers[0]!.on('close', () => resolve());
  });
  expect(page.workers()).toHaveLength(0);
  // The dates the list shows were formatted on the main thread as usual.
  await expect(grid(page).getByRole('row').nth(1).locator('time').first()).toHaveText(/\d/);
});

test('a cold work request and its editor: the record asked once and early, no GET twice', async ({ page, request }) => {
  // An order of its own, assigned to the translator: the newest incomplete translation is whichever order another
  // spec placed last, which that spec may be submitting or cancelling while this one loads it.
  const { workRequest: id } = await placeTranslatorOrder(request, 'First load e2e');
  const record = new RegExp(`^/api/workrequests/${id}$`);
  // The translator may open the record too (it is assigned to them).
  expect(
    (
      await request.get(`/api/workrequests/${id}`, {
        headers: { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' },
      })
    ).status(),
  ).toBe(200);

  await signIn(page, ACCOUNTS.translator);
  await checkFirstLoad(page, `/work-requests/${id}`, record, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  });
  await checkFirstLoad(page, `/work-requests/${id}/translation`, record, async () => {
    await expect(page.getByRole('textbox', { name: 'Translation of line 1', exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test('a cold dashboard: no GET twice', async ({ page, request }) => {
  await signIn(page, await unnotifiedAdmin(request));
  await settled(page);
  const requests = nextLoadRequests(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  await settled(page);
  expect(requests.filter((r) => pathOf(r).startsWith('/api/workrequests')).length).toBeGreaterThan(0);
  expect(repeatedGets(requests)).toEqual([]);
});

test('every other page, loaded cold: no GET twice', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, await unnotifiedAdmin(request));
  await settled(page);
  for (const path of [
    '/settings',
    '/catalog',
    '/catalog/studios',
    '/catalog/projects',
    '/catalog/languages',
    '/catalog/territories',
    '/catalog/glossary',
    '/catalog/users',
    '/work-requests/new',
  ]) {
    const requests = nextLoadRequests(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await settled(page);
    expect(repeatedGets(requests), path).toEqual([]);
  }
});
