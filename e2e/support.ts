/** Shared helpers for the e2e specs: demo accounts, signing in through the UI, calling the API directly. */
import { expect, type APIRequestContext, type Locator, type Page, type Request, type Route } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const ACCOUNTS = {
  admin: { username: 'admin@mws.test', password: 'admin-demo' },
  coordinator: { username: 'coordinator@mws.test', password: 'coordinator-demo' },
  translator: { username: 'translator@mws.test', password: 'translator-demo' },
  /** Sam Okafor coordinates one studio of the demo (Harbor Lane): the studio scope's other side. */
  harborCoordinator: { username: 'sam.okafor@harborlane.test', password: 'demo-password' },
} as const;
/** A demo account, or another user a spec signs in as. */
export type Account = { readonly username: string; readonly password: string };

export function basic(account: Account): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}

export async function signIn(
  page: Page,
  account: Account,
  options: { remember?: boolean; path?: string } = {},
): Promise<void> {
  await page.goto(options.path ?? '/sign-in');
  await page.getByLabel('Username or e-mail').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (options.remember) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Signed in, the app goes to `/` and from there to the user's landing page (HomeRedirect), a moment after the shell
  // shows: wait for it, so that what a test does next (a reload, a navigation whose requests it counts) never races
  // that redirect (see nextLoadRequests).
  await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/^\/(sign-in)?$/);
}

/** Holds the requests matching `url` (a glob or a pattern) until `release()` is called: a slow answer or file. */
export async function holdRoute(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Goes to `to` in the app, as a link or the back button would (no reload: the app and its cache stay). */
export async function goInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** GET a list from the API as `account`, with the range header; returns items and the total. */
export async function apiList<T = Record<string, unknown>>(
  request: APIRequestContext,
  account: Account,
  path: string,
  range = 'resources=0-99',
): Promise<{ items: T[]; total: number | undefined }> {
  const response = await request.get(`/api${path}`, {
    headers: { Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest', 'X-Range': range },
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  const total = /\/(\d+)$/.exec(response.headers()['content-range'] ?? '')?.[1];
  return { items: (await response.json()) as T[], total: total ? Number(total) : undefined };
}

/** The grid of the work request list. */
export function grid(page: Page) {
  return page.getByRole('grid', { name: /work requests|automation queue/i });
}

/**
 * The row named `name` of a virtualized grid (only the rows in view are in the DOM), found the way a user finds it:
 * from the top, the grid scrolls a view at a time until the row is there. Tried again until the timeout, so a row
 * that arrives with a refetch (after a save) is found too.
 */
export async function gridRow(grid: Locator, name: RegExp, timeout = 15_000): Promise<Locator> {
  const row = grid.getByRole('row', { name });
  await expect(async () => {
    await grid.evaluate((el) => el.scrollTo({ top: 0 }));
    for (let i = 0; i < 100 && (await row.count()) === 0; i++) {
      const more = await grid.evaluate((el) => {
        const before = el.scrollTop;
        el.scrollBy({ top: el.clientHeight * 0.8 });
        return el.scrollTop > before;
      });
      if (!more) break;
      // The virtualizer renders the rows now in view on the scroll event: two frames later they are drawn.
      await grid.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    expect(await row.count(), `a row named ${name}`).toBeGreaterThan(0);
  }).toPass({ timeout });
  return row;
}

/**
 * Waits until the page shows no loading placeholders. Not 'networkidle': the shell keeps a live notification
 * stream open, so the network is never idle.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.skeleton-block, .skeleton-rows, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * axe-core on the page as it is now (or on `include`, a selector): no serious or critical violations of WCAG 2.1
 * A/AA. The failure lists each rule with up to three of its nodes.
 */
export async function expectAccessible(page: Page, name: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(summary, `accessibility of ${name}`).toEqual([]);
}

/** The translation textarea of line `line` (1-based) in the line editor. */
export function editorLine(page: Page, line: number) {
  return page.getByRole('textbox', { name: `Translation of line ${line}`, exact: true });
}

/** Opens the line editor of a work request's translation and waits for its first line. */
export async function openTranslationEditor(page: Page, workRequestId: string): Promise<void> {
  await page.goto(`/work-requests/${workRequestId}/translation`);
  await expect(page.getByRole('grid', { name: /translation lines/i })).toBeVisible();
  await expect(editorLine(page, 1)).toBeVisible();
}

/**
 * The body of POST /workrequests for a new subtitles order of `model`'s asset and territory in `language`, due in nine
 * days; the instructions made unique (a retry places a new order).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a work request read as JSON (its asset and territory)
function orderOf(model: Record<string, any>, language: string, instructions: string) {
  return {
    asset: model.asset._id,
    language,
    territory: model.territory,
    dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
    due: { date: Math.floor(Date.now() / 1000) + 9 * 86_400, tz: 'Europe/Paris' },
    instructions: `${instructions} ${Date.now()}`,
  };
}

/**
 * A new order of the demo (placed as the admin on the asset of a Northlight fr-FR order) assigned to `assignee`: work
 * for a new translator, and with it the asset and its project to see (docs/API.md, "Who sees what: grants").
 */
export async function placeOrderFor(
  request: APIRequestContext,
  assignee: string,
  instructions: string,
): Promise<string> {
  const admin = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
  type Order = { asset?: { _id: string }; language: string; territory: string };
  const { items } = await apiList<Order>(request, ACCOUNTS.coordinator, '/workrequests?language=fr-FR');
  const model = items.find((w) => w.asset?._id);
  expect(model, 'a Northlight fr-FR order to copy').toBeDefined();
  const placed = await request.post('/api/workrequests', {
    headers: admin,
    data: orderOf(model!, model!.language, instructions),
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  const { _id } = (await placed.json()) as { _id: string };
  const assigned = await request.put(`/api/workrequests/${_id}`, { headers: admin, data: { assignee } });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);
  return _id;
}

/**
 * Places an unassigned order (through the API, as the coordinator unless `as` says another requester of Northlight)
 * in `language` (fr-FR unless said) for the asset of a Northlight work request in that language, with a translation
 * of its own (its lines empty): for specs that change records, so that they change only their own. Answers the
 * record as the API returns it.
 */
export async function placeOrder(
  request: APIRequestContext,
  instructions: string,
  language = 'fr-FR',
  as: Account = ACCOUNTS.coordinator,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; specs name the fields they read
): Promise<Record<string, any>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  type Rec = Record<string, any>;
  const studios = (await apiList<Rec>(request, ACCOUNTS.coordinator, '/studios')).items;
  const north = studios.find((s) => s.name === 'Northlight Pictures')!;
  const { items } = await apiList<Rec>(request, ACCOUNTS.coordinator, `/workrequests?language=${language}`);
  const model = items.find((w) => w.studio === north._id && w.asset?._id);
  expect(model, `a Northlight ${language} work request with an asset`).toBeDefined();
  const response = await request.post('/api/workrequests', {
    headers: { Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest' },
    data: orderOf(model!, language, instructions),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Rec;
}

/**
 * An order of the demo translator's own for a spec that edits a translation: placed as the admin (so no spec looking
 * for the coordinator's requests finds it) on an asset whose dialogue has at least `minLines` lines, assigned to the
 * translator and moved to in progress, its lines written `Ligne 1`, `Ligne 2`… so that the spec starts from known text. Specs
 * that took "the newest in-progress translation" edited whatever another spec had placed last (the list is newest
 * first): a CI run once failed on a line another spec had filled.
 *
 * The asset is a Northlight one ordered in fr-FR; with `withMedia`, any asset with a preview that has media (a clip the
 * Subtitler plays), in the language and territory of the order it was found in.
 */
/** The API as `as` (a write succeeds, or the test fails saying what was asked): the JSON answer and its ETag. */
export async function apiCall(
  request: APIRequestContext,
  as: Account,
  method: string,
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record read as JSON; callers name the fields they read
): Promise<{ body: Record<string, any>; etag: string | undefined }> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest', ...headers },
    data,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return { body: (await response.json()) as Record<string, unknown>, etag: response.headers()['etag'] };
}

export async function placeTranslatorOrder(
  request: APIRequestContext,
  instructions: string,
  { minLines = 5, withMedia = false }: { minLines?: number; withMedia?: boolean } = {},
): Promise<{ workRequest: string; translation: string }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  type Rec = Record<string, any>;
  const call = (as: Account, method: string, path: string, data?: unknown, headers: Rec = {}) =>
    apiCall(request, as, method, path, data, headers);
  // The admin sees every studio's orders (the media clips are Harbor Lane's and Northlight's); the coordinator, Northlight's.
  const lister = withMedia ? ACCOUNTS.admin : ACCOUNTS.coordinator;
  const studios = (await apiList<Rec>(request, lister, '/studios')).items;
  const north = studios.find((s) => s.name === 'Northlight Pictures')!;
  const { items } = await apiList<Rec>(
    request,
    lister,
    withMedia ? '/workrequests?sort=created' : '/workrequests?language=fr-FR',
  );
  const seen = new Set<string>();
  let model: Rec | undefined;
  for (const w of items) {
    const dialogue = w.asset?.transcription?.dialogue as string | undefined;
    if ((!withMedia && w.studio !== north._id) || !dialogue || seen.has(dialogue)) continue;
    seen.add(dialogue);
    if (withMedia && !(await call(lister, 'GET', `/previews?asset=${w.asset._id}`)).body.some((p: Rec) => p.media))
      continue;
    const lines = ((await call(lister, 'GET', `/translations/${dialogue}`)).body.lines ?? []) as Rec[];
    if (lines.length >= minLines) {
      model = w;
      break;
    }
  }
  expect(model, `an asset${withMedia ? ' with media' : ''} with ${minLines} lines of dialogue or more`).toBeDefined();
  const placed = (
    await call(ACCOUNTS.admin, 'POST', '/workrequests', orderOf(model!, model!.language as string, instructions))
  ).body;
  const workRequest = placed._id as string;
  const translation = placed.translation._id as string;
  const translatorId = (await call(ACCOUNTS.translator, 'GET', '/users/me')).body._id as string;
  await call(ACCOUNTS.admin, 'PUT', `/workrequests/${workRequest}`, { assignee: translatorId });
  await call(ACCOUNTS.admin, 'PUT', `/workrequests/${workRequest}`, { status: 'in-progress', reason: 'e2e' });
  const current = await call(ACCOUNTS.translator, 'GET', `/translations/${translation}`);
  const lines = (current.body.lines as Rec[]).map((l, i) => ({ ...l, text: `Ligne ${i + 1}` }));
  await call(ACCOUNTS.translator, 'PUT', `/translations/${translation}`, { lines }, { 'If-Match': current.etag });
  return { workRequest, translation };
}

/**
 * Waits until the list page says exactly "N work requests" for N the API's total of GET /workrequests?`query` (as
 * `account`) at that same moment. Other specs place and change orders on the same server meanwhile and an open list
 * does not follow them by itself: when the two differ, the page is loaded again (its filters are in the URL).
 */
export async function expectListCountAsApi(
  page: Page,
  request: APIRequestContext,
  account: Account,
  query: string,
  timeout = 30_000,
): Promise<void> {
  await expect(async () => {
    const shown = ((await page.locator('.page__count').textContent()) ?? '').trim();
    const { total = -1 } = await apiList(request, account, `/workrequests?${query}`, 'resources=0-0');
    const expected = `${total.toLocaleString('en-US')} work request${total === 1 ? '' : 's'}`;
    // Reloaded only once the page says a count: a page still loading is waited for.
    if (shown !== expected && /work requests?$/.test(shown)) await page.reload();
    expect(shown, `the list's count, as the API's for ${query}`).toBe(expected);
  }).toPass({ timeout });
}

/**
 * A user of the spec's own, invited by the admin into `groups` and registered with `name`: for specs that change a
 * user (their name, their settings), which must not be a demo account other specs sign in as and name.
 */
export async function registerUser(
  request: APIRequestContext,
  name: string,
  groups: readonly { _id: string }[] = [],
): Promise<Account & { _id: string }> {
  const username = `e2e.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'e2e-user-password';
  const invited = await request.put('/api/users', {
    headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
    data: { emailNormal: username, name, groups: groups.map((g) => ({ _id: g._id })) },
  });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const { _id, inviteCode } = (await invited.json()) as { _id: string; inviteCode: string };
  const accepted = await request.post(`/api/invitations/${inviteCode}`, { data: { name, password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { _id, username, password };
}

/** The ids of `account`'s notifications about work request `id` (newest first). */
export async function notesAbout(request: APIRequestContext, account: Account, id: string): Promise<string[]> {
  const { items } = await apiList<{ _id: string; event?: { workRequest?: { _id?: string } } }>(
    request,
    account,
    '/notifications?summary=true',
  );
  return items.filter((n) => n.event?.workRequest?._id === id).map((n) => n._id);
}

/** `account`'s notification about work request `id` that is not among `before`, once the server has made it. */
export async function newNoteAbout(
  request: APIRequestContext,
  account: Account,
  id: string,
  before: readonly string[] = [],
): Promise<string> {
  let note: string | undefined;
  await expect
    .poll(async () => {
      note = (await notesAbout(request, account, id)).find((n) => !before.includes(n));
      return note;
    })
    .toBeTruthy();
  return note!;
}

/**
 * The inbox row of notification `id`. Rows move down as notifications arrive (other specs' too): a row is never picked
 * by position or by a title another order can share once the notification is known.
 */
export function rowOf(page: Page, id: string) {
  return page.getByRole('grid', { name: 'Notifications' }).locator(`.inbox-row.inbox__item[data-id="${id}"]`);
}

/**
 * An admin of the spec's own, whom nothing notifies, for the checks that land on the dashboard and count its GETs: the
 * dashboard reads its counts again when a notification arrives, and the demo coordinator is told of every order other
 * specs place or move meanwhile (seen: every tile's GET twice).
 */
export async function unnotifiedAdmin(request: APIRequestContext): Promise<Account> {
  const { items: groups } = await apiList<{ _id: string; type?: string }>(request, ACCOUNTS.admin, '/groups');
  const admins = groups.filter((g) => g.type === 'admin');
  expect(admins, 'the admin group').toHaveLength(1);
  return registerUser(request, 'Dana Dashboard', admins);
}

/**
 * Every request the next document makes, in order: recorded from the moment the page's next navigation commits (the
 * document before it is gone then). Not from the navigation's request: until the commit the page before still runs,
 * and what it asks for late (its shell's deferred reads, a list still loading) is not this load's (seen on CI: the
 * previous page's `/users/me`, unread count and stream, or its list, counted as asked twice).
 * The commit is the main frame arriving at the navigation's own URL: a same-document move of the page before (the
 * app's own redirect from `/` to the landing page, still under way when the test reloaded right after signIn, which
 * now waits for it) also fires `framenavigated`, and taken for the commit it counted that page's requests too (the
 * dashboard's calendar and tiles asked "twice", once by each document: e2e/dashboard.spec.ts on CI, 1 load in 16
 * here with two workers).
 */
export function nextLoadRequests(page: Page): Request[] {
  const seen: Request[] = [];
  let navigatingTo: string | undefined;
  let committed = false;
  page.on('request', (r) => {
    if (!committed && r.isNavigationRequest() && r.frame() === page.mainFrame()) navigatingTo = r.url();
    else if (committed) seen.push(r);
  });
  page.on('framenavigated', (frame) => {
    if (navigatingTo !== undefined && frame === page.mainFrame() && frame.url() === navigatingTo) committed = true;
  });
  return seen;
}

/**
 * Answers a list request as a deployment holding `total` records would: the page its `X-Range` asks for (pages of
 * at most what it asks), `item(i)` the record at position i, with the `Content-Range` a server sends.
 */
export async function fulfillListPage(route: Route, total: number, item: (index: number) => object): Promise<void> {
  const [first, last] = (route.request().headers()['x-range'] ?? 'resources=0-9')
    .replace('resources=', '')
    .split('-')
    .map(Number) as [number, number];
  const end = Math.min(last, total - 1);
  await route.fulfill({
    status: 200,
    contentType: 'application/json',
    headers: { 'Content-Range': `resources ${first}-${end}/${total}` },
    body: JSON.stringify(Array.from({ length: Math.max(0, end - first + 1) }, (_, i) => item(first + i))),
  });
}

/**
 * The Subtitler shows these users' times as `HH:MM:SS,mmm` (their remembered display choice; frames are the default):
 * for the specs that read or write a line's times in milliseconds.
 */
export async function timesInMilliseconds(page: Page, ...accounts: Account[]): Promise<void> {
  await page.addInitScript(
    (keys: string[]) => {
      for (const key of keys) if (!localStorage.getItem(key)) localStorage.setItem(key, 'milliseconds');
    },
    accounts.map((a) => `mws.editor.timecodes:${a.username}`),
  );
}

/** Nothing scrolls sideways at `width`: neither the page nor, where there is one, the list grid's own scroll area. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const widths = await page.evaluate(() => {
    const scroll = document.querySelector('.vtable__scroll');
    return {
      scroll: scroll?.scrollWidth ?? 0,
      client: scroll?.clientWidth ?? 0,
      page: document.documentElement.scrollWidth,
    };
  });
  expect(widths.scroll, "the grid's own scroll area").toBeLessThanOrEqual(widths.client);
  expect(widths.page, 'the page').toBeLessThanOrEqual(width);
}

/**
 * On the New share page (the share queue's assets in it): adds `recipient` by e-mail, sends, and opens the share
 * sent; answers the share page's list of shared assets.
 */
export async function sendQueuedShareTo(page: Page, recipient: Account) {
  await page.getByPlaceholder('Name or e-mail').fill(recipient.username);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Send share' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share sent' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the share' }).click();
  return page.getByRole('list', { name: 'Shared assets' });
}
