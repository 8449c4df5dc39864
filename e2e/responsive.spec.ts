/**
 * Every page from a phone to a desktop (docs/decisions/130-layout-breakpoints-no-shift.md): at 390, 768 and 1280 px
 * wide (and 360 and 1920 for a few) no page scrolls sideways and nothing sticks out of the viewport except inside a box
 * that scrolls (a table's own scroll area, the navigation's strip). A screenshot of each page at each width is attached
 * to the test's results (not kept in the repository) for a person to look at.
 *
 * One browser context per width and account, signed in once; the pages are one table (PAGES) with how to reach a
 * real record through the API, so a new page is one row.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { type Account, ACCOUNTS, apiList, basic, editorLine, expectAccessible, settled, signIn } from './support';

type Reach = (api: RecordPicker) => Promise<string>;

interface PageCase {
  name: string;
  /** The path, or how to find a real record for it. */
  path: string | Reach;
  /** Who looks at it (admin when not said). */
  as?: 'admin' | 'translator';
  /** A page outside the signed-in shell (sign-in, an invitation). */
  public?: boolean;
  /** What shows the page is there (a level-1 heading when not said). */
  ready?: (page: Page) => Promise<void>;
}

/** Finds records through the API, remembered per run so each width sees the same ones. */
class RecordPicker {
  private readonly seen = new Map<string, Promise<string>>();
  constructor(private readonly request: APIRequestContext) {}

  /** The id of the first record of an API list, e.g. `/workrequests?status=in-progress`. */
  first(path: string, account: Account = ACCOUNTS.admin): Promise<string> {
    return this.once(`${account.username} ${path}`, async () => {
      const { items } = await apiList<{ _id: string }>(this.request, account, path, 'resources=0-0');
      expect(items[0]?._id, `a record from ${path}`).toBeTruthy();
      return items[0]!._id;
    });
  }

  /** The work request of the first of the translator's incomplete translations of one kind. */
  translatorsWork(kind: 'dialogue' | 'graphics'): Promise<string> {
    return this.once(`translator ${kind}`, async () => {
      const { items } = await apiList<{ workRequest?: string; kind?: string }>(
        this.request,
        ACCOUNTS.translator,
        '/translations?status=incomplete',
      );
      const found = items.find((t) => t.workRequest && (kind === 'graphics') === (t.kind === 'graphics'));
      expect(found, `an incomplete ${kind} translation assigned to the translator`).toBeTruthy();
      return found!.workRequest!;
    });
  }

  /** The work request of one of the translator's dialogue translations whose clip has a preview with media. */
  translatorsWorkWithMedia(): Promise<string> {
    return this.once('translator media', async () => {
      const headers = { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' };
      const { items } = await apiList<{ workRequest?: string; kind?: string }>(
        this.request,
        ACCOUNTS.translator,
        '/translations?status=incomplete',
      );
      for (const t of items.filter((i) => i.workRequest && i.kind !== 'graphics')) {
        const wr = await this.request.get(`/api/workrequests/${t.workRequest}`, { headers });
        const asset = ((await wr.json()) as { asset?: { _id?: string } }).asset?._id;
        if (!asset) continue;
        const previews = await this.request.get(`/api/previews?asset=${asset}`, { headers });
        if (((await previews.json()) as { media?: unknown }[]).some((p) => p.media)) return t.workRequest!;
      }
      throw new Error('no incomplete dialogue translation of a clip with media is assigned to the translator');
    });
  }

  /** A fresh invitation's one-time code (an admin's PUT /users answers it). */
  invitation(): Promise<string> {
    return this.once('invitation', async () => {
      const invited = await this.request.put('/api/users', {
        headers: { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' },
        data: { emailNormal: `responsive.${Date.now()}@example.com` },
      });
      expect(invited.status()).toBe(200);
      return ((await invited.json()) as { inviteCode: string }).inviteCode;
    });
  }

  private once(key: string, find: () => Promise<string>): Promise<string> {
    let found = this.seen.get(key);
    if (!found) {
      found = find();
      this.seen.set(key, found);
    }
    return found;
  }
}

const PAGES: PageCase[] = [
  { name: 'sign-in', path: '/sign-in', public: true },
  {
    name: 'invitation',
    path: async (api) => `/invite/${await api.invitation()}`,
    public: true,
    ready: (page) => expect(page.getByLabel('Your name')).toBeVisible(),
  },
  { name: 'dashboard', path: '/dashboard' },
  {
    name: 'order wizard',
    path: async (api) => `/work-requests/new?asset=${await api.first('/assets/countByProject')}`,
  },
  { name: 'work requests', path: '/work-requests' },
  { name: 'automation queue', path: '/work-requests?view=automation' },
  {
    name: 'work request',
    path: async (api) => `/work-requests/${await api.first('/workrequests?status=in-progress')}`,
  },
  {
    name: 'editor',
    path: async (api) => `/work-requests/${await api.translatorsWork('dialogue')}/translation`,
    as: 'translator',
  },
  {
    name: 'subtitler',
    path: async (api) => `/work-requests/${await api.translatorsWorkWithMedia()}/translation`,
    as: 'translator',
    // The waveform drawn: the picture, the waveform and the lines are all laid out. On a phone the picture and its
    // waveform start folded (docs/decisions/212): the lines are what is laid out there.
    ready: async (page) => {
      if ((page.viewportSize()?.width ?? 1280) <= 640)
        await expect(editorLine(page, 1)).toBeVisible({ timeout: 20_000 });
      else await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    },
  },
  {
    name: 'graphics editor',
    path: async (api) => `/work-requests/${await api.translatorsWork('graphics')}/graphics-translation`,
    as: 'translator',
  },
  { name: 'translations', path: '/translations' },
  { name: 'translation', path: async (api) => `/translations/${await api.first('/translations')}` },
  { name: 'shares', path: '/shares' },
  { name: 'share', path: async (api) => `/shares/${await api.first('/shares')}` },
  { name: 'inbox', path: '/notifications' },
  { name: 'inbox, orders', path: '/notifications?tab=orders' },
  { name: 'catalog', path: '/catalog' },
  { name: 'studios', path: '/catalog/studios' },
  { name: 'projects', path: '/catalog/projects' },
  { name: 'project', path: async (api) => `/catalog/projects/${await api.first('/projects?archived=false')}` },
  { name: 'asset', path: async (api) => `/catalog/assets/${await api.first('/assets/countByProject')}` },
  { name: 'languages', path: '/catalog/languages' },
  { name: 'territories', path: '/catalog/territories' },
  { name: 'users', path: '/catalog/users' },
  { name: 'settings', path: '/settings' },
  { name: 'not found', path: '/no-such-page' },
];

/** A few pages for the widths at the ends of the range: the header, a list, a record, the editors. */
const ENDS = ['work requests', 'work request', 'editor', 'subtitler'];

/** Widths, and which pages each checks. */
const WIDTHS: { width: number; pages: (p: PageCase) => boolean }[] = [
  { width: 360, pages: (p) => ENDS.includes(p.name) },
  { width: 390, pages: () => true },
  { width: 768, pages: () => true },
  { width: 1280, pages: () => true },
  { width: 1920, pages: (p) => ENDS.includes(p.name) },
];

interface Overflow {
  pageWidth: number;
  viewport: number;
  /** Elements past the viewport's sides that no scrolling box of their own clips (the outermost of each). */
  outside: string[];
}

/** Measures the page in the browser (runs there: no imports). */
function measureOverflow(): Overflow {
  const viewport = window.innerWidth;
  const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
  /** Whether a box between the element and the page clips it horizontally (its own scroll area or a clip). */
  const clipped = (element: Element): boolean => {
    const own = getComputedStyle(element).position;
    if (own === 'fixed') return false;
    // An absolutely positioned box escapes the clipping of its ancestors up to its containing block.
    let escaping = own === 'absolute';
    for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (escaping && style.position !== 'static') escaping = false;
      if (!escaping && clips(style)) return true;
      if (!escaping && style.position === 'absolute') escaping = true;
      if (style.position === 'fixed') return false;
    }
    return false;
  };
  const describe = (element: Element, rect: DOMRect) => {
    const classes =
      typeof element.className === 'string' && element.className
        ? `.${element.className.trim().split(/\s+/).join('.')}`
        : '';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${element.tagName.toLowerCase()}${classes}> ${Math.round(rect.left)}–${Math.round(rect.right)} px "${text}"`;
  };
  const outside: string[] = [];
  const reported = new Set<Element>();
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right <= viewport + 1 && rect.left >= -1) continue;
    if (getComputedStyle(element).visibility === 'hidden' || clipped(element)) continue;
    // The outermost box only: its children stick out with it.
    let parent = element.parentElement;
    while (parent && !reported.has(parent)) parent = parent.parentElement;
    reported.add(element);
    if (!parent) outside.push(describe(element, rect));
  }
  return { pageWidth: document.documentElement.scrollWidth, viewport, outside };
}

async function contextFor(browser: Browser, width: number, account: Account | undefined): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 844 : 900 } });
  const page = await context.newPage();
  if (account) await signIn(page, account);
  return page;
}

for (const { width, pages } of WIDTHS) {
  test(`no page scrolls sideways at ${width} px`, async ({ browser, request }, testInfo) => {
    test.setTimeout(240_000);
    const api = new RecordPicker(request);
    const chosen = PAGES.filter(pages);
    const accounts = new Map<string, Page>();
    const problems: string[] = [];
    for (const pageCase of chosen) {
      const who = pageCase.public ? 'nobody' : (pageCase.as ?? 'admin');
      let page = accounts.get(who);
      if (!page) {
        page = await contextFor(browser, width, who === 'nobody' ? undefined : ACCOUNTS[who]);
        accounts.set(who, page);
      }
      const path = typeof pageCase.path === 'string' ? pageCase.path : await pageCase.path(api);
      await page.goto(path);
      await (pageCase.ready?.(page) ?? expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible());
      await settled(page);
      const measured = await page.evaluate(measureOverflow);
      await testInfo.attach(`${pageCase.name} at ${width} px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      if (measured.pageWidth > measured.viewport || measured.outside.length > 0) {
        problems.push(
          `${pageCase.name} (${path}): page ${measured.pageWidth} px wide in ${measured.viewport}` +
            measured.outside.map((o) => `\n    ${o}`).join(''),
        );
      }
    }
    for (const page of accounts.values()) await page.context().close();
    expect(problems, `pages wider than ${width} px`).toEqual([]);
  });
}

test('on a phone the navigation folds behind a Menu button that works by keyboard', async ({ browser }) => {
  const page = await contextFor(browser, 360, ACCOUNTS.admin);
  await page.goto('/work-requests');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Work requests, menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Shares' })).toBeHidden();

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Dashboard', 'Work requests', 'Translations', 'Shares', 'Notifications', 'Catalog', 'Settings']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeInViewport({ ratio: 1 });
  }
  const open = await page.evaluate(measureOverflow);
  expect(open.outside, 'the open menu fits the screen').toEqual([]);
  await expectAccessible(page, 'the open phone menu', '.topbar');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // Following a link closes the list, and the button names the new section.
  await menu.click();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // Dashboard, Work requests, Translations
  await expect(nav.getByRole('link', { name: 'Translations' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/translations$/);
  await expect(nav.getByRole('button', { name: 'Translations, menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Shares' })).toBeHidden();
  await page.context().close();
});

test('on a phone an order puts what people act on first and folds the rest; inbox titles name the order', async ({
  browser,
  request,
}) => {
  const page = await contextFor(browser, 390, ACCOUNTS.coordinator);
  const [wr] = (await apiList<{ _id: string; asset: { name: string } }>(request, ACCOUNTS.coordinator, '/workrequests'))
    .items;
  await page.goto(`/work-requests/${wr!._id}`);
  const assignee = page.getByRole('combobox', { name: 'Assigned to' });
  await expect(assignee).toBeVisible();
  const asset = page.getByRole('button', { name: 'Asset', exact: true });
  await expect(asset).toHaveAttribute('aria-expanded', 'false');
  const top = async (l: typeof assignee) => (await l.boundingBox())!.y;
  expect(await top(assignee), 'the assignee comes before the folded details').toBeLessThan(await top(asset));
  expect(await top(assignee), 'the assignee within the first screens').toBeLessThan(1_400);
  // A folded section opens by keyboard, and says so.
  await asset.focus();
  await page.keyboard.press('Enter');
  await expect(asset).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Asset' }).getByText('Aspect ratio')).toBeVisible();
  await expectAccessible(page, 'an order on a phone');

  // The inbox: titles show whole up to three lines (about 75 characters at 390 px), so the order's name after the
  // sender and the action is read; a longer one ends with an ellipsis.
  await page.goto('/notifications?tab=all');
  await expect(page.locator('.inbox-row__text').first()).toBeVisible();
  const titles = await page
    .locator('.inbox-row__text')
    .evaluateAll((all) =>
      all.map((e) => ({ text: e.textContent ?? '', clipped: e.scrollHeight > e.clientHeight + 1 })),
    );
  const ordinary = titles.filter((t) => t.text.length <= 75);
  expect(ordinary.length).toBeGreaterThan(2);
  expect(ordinary.filter((t) => t.clipped).map((t) => t.text)).toEqual([]);
  await page.context().close();
});
