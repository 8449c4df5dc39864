/**
 * The attack suite's stored-XSS check (docs/decisions/131-tests-real-server-both-stores.md): script payloads are
 * written through the API into every text field the app shows (names of users, studios, projects, assets, languages,
 * territories; comment bodies; translation line text, which may hold formatting HTML; share notes, project names and
 * links; notification titles, which quote the acting user's name; search boxes reflected from the URL) and into link
 * fields (`javascript:` URLs), then the pages that show them are opened in Chromium. Nothing may run: `window.__xss`
 * stays undefined, no dialog opens, no element carries an event-handler attribute or a `javascript:` URL, no payload
 * element (script, iframe, style…) lands in the page.
 *
 * The records are its own where the interface can create them (a studio, a project, a language, a territory, two
 * users, a comment); where it cannot (an asset, a share, a translation), it takes ones the other specs do not use,
 * and notifications go only to its own user, so the inbox counts other specs watch do not move.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, gridRow, placeTranslatorOrder, settled, signIn, type Account } from './support';

/** Each payload sets window.__xss (or opens a dialog) if it ever runs. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=2"></svg>',
  '"><script>window.__xss=3</script>',
  '\'><iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
  '<a href="javascript:window.__xss=5">click</a>',
  '<style>body{display:none}</style><div style="background:url(javascript:window.__xss=6)">x</div>',
  '<details open ontoggle="window.__xss=7">',
  '{{constructor.constructor("window.__xss=8")()}}',
  '<b onmouseover="alert(9)">bold</b>',
];
const ALL = PAYLOADS.join(' ');
/** Names are limited to 200 characters: each name carries a third of the payloads, together all of them. */
const SOME = [
  [0, 1, 2, 6],
  [3, 4, 8],
  [5, 7],
].map((group) => group.map((i) => PAYLOADS[i]).join(''));
const JS_URL = 'javascript:window.__xss=10';

const auth = (account: Account | { username: string; password: string }) => ({
  Authorization: basic(account),
  'X-Requested-With': 'XMLHttpRequest',
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the spec reads fields of records it just wrote (ids, codes, lines); the API's own tests check their shapes
async function api<T = Record<string, any>>(
  request: APIRequestContext,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  data?: unknown,
  account: Account | { username: string; password: string } = ACCOUNTS.admin,
): Promise<{ body: T; etag?: string }> {
  const response = await request.fetch(`/api${path}`, { method, headers: auth(account), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return { body: (await response.json()) as T, etag: response.headers().etag };
}

/** Watches a page for anything a payload would do. */
function watch(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (d) => {
    // The app's own "leave with unsaved changes?" prompt is not a payload's doing.
    if (d.type() !== 'beforeunload') seen.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: { dialogs: string[] }, where: string): Promise<void> {
  // Give an injected handler (onerror of a broken image, onload, ontoggle) time to fire.
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => {
    const w = window as unknown as { __xss?: unknown };
    const bad: string[] = [];
    const root = document.getElementById('root') ?? document.body;
    for (const el of Array.from(root.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const value = attr.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
        if (attr.name.startsWith('on')) bad.push(`<${el.localName} ${attr.name}>`);
        if (
          ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc', 'data', 'style'].includes(attr.name) &&
          /javascript:|vbscript:|data:text\/html/.test(value)
        ) {
          bad.push(`<${el.localName} ${attr.name}="${attr.value.slice(0, 60)}">`);
        }
      }
      // Elements no page of the app renders itself (its SVG icons and forms are fine; handlers on them are caught above).
      if (['script', 'iframe', 'object', 'embed', 'style', 'base', 'frame', 'frameset'].includes(el.localName))
        bad.push(`<${el.localName}> element`);
    }
    return { xss: w.__xss, bad };
  });
  expect(found.xss, `window.__xss on ${where}`).toBeUndefined();
  expect(seen.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(found.bad, `injected markup on ${where}`).toEqual([]);
}

/** Opens a page, waits for it to settle and for `shows` (text of a payload record) to be visible, then checks. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function visit(page: Page, seen: { dialogs: string[] }, path: string, shows?: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await settled(page);
  if (shows) {
    const text = page.getByText(shows).first();
    // A list is a virtualized grid: the payload record (named "zzz…", last) is scrolled to as a user would.
    if (!(await text.isVisible()) && (await page.getByRole('grid').count()) > 0)
      await gridRow(
        page.getByRole('grid').first(),
        typeof shows === 'string' ? new RegExp(escapeRegExp(shows)) : shows,
      );
    await expect(text, `${path} shows the payload record`).toBeVisible();
  }
  await expectNothingRan(page, seen, path);
}

interface Fixture {
  viewer: { username: string; password: string };
  studioId: string;
  projectId: string;
  assetId: string;
  workRequestId: string;
  translationId: string;
  shareId: string;
}
let fx: Fixture;

/** A user in the admin group, invited and registered with `name`. */
async function makeAdmin(
  request: APIRequestContext,
  email: string,
  name: string,
  password: string,
): Promise<{ _id: string }> {
  const { items: groups } = await apiList<{ _id: string; type?: string }>(request, ACCOUNTS.admin, '/groups');
  const adminGroup = groups.find((g) => g.type === 'admin')!;
  const { body: user } = await api(request, 'PUT', '/users', {
    emailNormal: email,
    name: 'placeholder',
    groups: [{ _id: adminGroup._id }],
  });
  const accepted = await request.post(`/api/invitations/${user.inviteCode}`, { data: { name, password } });
  expect(accepted.status()).toBe(200);
  return { _id: user._id };
}

test.describe.serial('stored XSS', () => {
  test.beforeAll(async ({ request }) => {
    // Catalog records of its own: names start with "zzz" so they sort after every seeded one in lists others read.
    const { body: studio } = await api(request, 'PUT', '/studios', {
      name: `zzz studio ${SOME[0]}`,
      previewWatermarkFormat: ALL,
      logo: JS_URL,
    });
    const { body: project } = await api(request, 'PUT', '/projects', {
      name: `zzz project ${SOME[1]}`,
      studio: studio._id,
      filePrefix: ALL,
      importName: ALL,
      logo: JS_URL,
    });
    await api(request, 'POST', '/languages', {
      name: `zzz language ${SOME[2]}`,
      code: 'zz-XSS',
      dcpCode: ALL,
      isoCode: ALL,
      translationFonts: [{ face: ALL, size: 12 }],
    });
    await api(request, 'PUT', '/territories', {
      name: `ZZZXSS${PAYLOADS[2]}`,
      displayName: `zzz territory ${ALL}`,
      countries: [ALL],
    });
    await api(request, 'PUT', '/territories', {
      name: `ZZZXSS${PAYLOADS[5]}`,
      displayName: `zzz territory ${SOME[2]}`,
    });
    await api(request, 'PUT', '/users', { emailNormal: 'zzz.invited.xss@mws.test', name: `zzz invited ${SOME[0]}` });

    // Users: the actor's name lands in notification titles; the viewer signs in and reads everything.
    const viewer = { username: 'zzz.viewer.xss@mws.test', password: 'viewer-xss-password' };
    const actor = { username: 'zzz.actor.xss@mws.test', password: 'actor-xss-password' };
    await makeAdmin(request, viewer.username, `zzz viewer ${PAYLOADS[0]}`, viewer.password);
    const actorUser = await makeAdmin(request, actor.username, `zzz actor ${SOME[1]}`, actor.password);

    // A work request of its own (in progress, assigned to the translator): a seeded one picked by position may be
    // another spec's to edit or move meanwhile. A line for each payload.
    const placed = await placeTranslatorOrder(request, 'Stored XSS e2e', { minLines: PAYLOADS.length });
    const wr = { _id: placed.workRequest, translation: { _id: placed.translation } };
    // The comment by the actor notifies the requester, the studio's coordinators and the translator: it is
    // written as the demo coordinator instead (never notified of their own act) to keep the coordinator's inbox
    // as the notification spec expects; the author name payload is in the actor's share notification below.
    await api(request, 'POST', '/comments', { workRequest: wr._id, body: ALL }, ACCOUNTS.coordinator);
    // Translation line text: formatting HTML is allowed (<b>, <i>, <u>, <br>), anything else must come out inert.
    const { body: translation, etag } = await api(request, 'GET', `/translations/${wr.translation._id}`);
    const lines = (translation.lines as { text?: string }[]).map((l, i) =>
      i < PAYLOADS.length ? { ...l, text: `<b>ok</b> ${PAYLOADS[i]}` } : l,
    );
    const saved = await request.put(`/api/translations/${translation._id}`, {
      headers: { ...auth(ACCOUNTS.admin), 'If-Match': etag! },
      data: { lines },
    });
    expect(saved.status()).toBe(200);

    // A seeded asset no other spec reads, picked by its slug (which the rename below keeps): by position this took
    // The Last Cartographer's first asset, the "Main Trailer" the order wizard spec orders and finds by name.
    const { items: projects } = await apiList<{ _id: string; name?: string }>(
      request,
      ACCOUNTS.admin,
      '/projects?archived=false',
      'resources=0-99',
    );
    const cartographer = projects.find((p) => p.name === 'The Last Cartographer');
    expect(cartographer, 'the seeded project The Last Cartographer').toBeDefined();
    const { items: assets } = await apiList<{ _id: string; slug?: string }>(
      request,
      ACCOUNTS.admin,
      `/assets/countByProject?project=${cartographer!._id}`,
      'resources=0-99',
    );
    const banner = assets.find((a) => a.slug === 'web-banner-300x250');
    expect(banner, 'the seeded asset web-banner-300x250').toBeDefined();
    const assetId = banner!._id;
    await api(request, 'PUT', `/assets/${assetId}`, { name: `zzz asset ${ALL}`, importName: ALL, thumbnail: JS_URL });

    // A share the shares spec does not use (it takes the coordinator's last single-recipient share): the actor adds
    // the viewer as a recipient, so the viewer is notified with the actor's name in the title.
    const { items: shares } = await apiList<{
      _id: string;
      from?: { emailNormal?: string };
      to?: { _id?: string }[];
      assets?: { _id: string }[];
    }>(request, ACCOUNTS.admin, '/shares', 'resources=0-99');
    const share = shares.find((s) => s.from?.emailNormal !== ACCOUNTS.coordinator.username) ?? shares[0]!;
    const shareAsset = share.assets?.[0]?._id ?? 'asset';
    const { body: viewerUser } = await api(request, 'GET', '/users/me', undefined, viewer);
    await api(
      request,
      'PUT',
      `/shares/${share._id}`,
      {
        notes: ALL,
        projectNames: [`zzz ${ALL}`],
        to: [
          ...(share.to ?? []),
          { _id: viewerUser._id, name: `zzz viewer ${PAYLOADS[1]}`, emailNormal: viewer.username },
        ],
        urls: { playlist: JS_URL, invite: ' JaVaScRiPt:window.__xss=11', [shareAsset]: 'javascript:window.__xss=12' },
      },
      actor,
    );
    expect(actorUser._id).toBeTruthy();
    fx = {
      viewer,
      studioId: studio._id,
      projectId: project._id,
      assetId,
      workRequestId: wr._id,
      translationId: translation._id,
      shareId: share._id,
    };
  });

  test('catalog pages show the payload names as text', async ({ page }) => {
    const seen = watch(page);
    await signIn(page, fx.viewer);
    await expectNothingRan(page, seen, "the landing page (the viewer's own name in the shell)");
    await visit(page, seen, '/catalog/studios', /zzz studio/);
    await visit(page, seen, '/catalog/projects', /zzz project/);
    await visit(page, seen, `/catalog/projects/${fx.projectId}`, /zzz project/);
    await visit(page, seen, `/catalog/assets/${fx.assetId}`, /zzz asset/);
    await visit(page, seen, '/catalog/languages', /zzz language/);
    await visit(page, seen, '/catalog/territories', /ZZZXSS/);
    await visit(page, seen, '/catalog/users', /zzz invited/);
    await visit(page, seen, '/catalog');
    await visit(page, seen, '/settings');
    // The payload is shown literally, not interpreted.
    await page.goto('/catalog/studios');
    await expect(page.getByText(PAYLOADS[0]!, { exact: false }).first()).toBeVisible();
  });

  test('a work request page: comment bodies and names; the translation editor: line text', async ({
    page,
    request,
  }) => {
    const seen = watch(page);
    await signIn(page, fx.viewer);
    await visit(page, seen, '/translations');
    await visit(page, seen, `/work-requests/${fx.workRequestId}`, /window\.__xss=1/);
    await visit(page, seen, `/work-requests/${fx.workRequestId}/translation`);
    await expect(page.getByRole('textbox', { name: 'Translation of line 1', exact: true })).toHaveValue(
      `<b>ok</b> ${PAYLOADS[0]}`,
    );
    // Line text as formatted HTML (SafeText) shows in the conflict view: someone else saves the payloads, then an
    // edit here conflicts and the dialog shows their lines, formatting kept and everything else inert.
    const { body: current } = await api(request, 'GET', `/translations/${fx.translationId}`);
    const theirs = (current.lines as { text?: string }[]).map((l, i) =>
      i < PAYLOADS.length ? { ...l, text: `<b>theirs</b> ${PAYLOADS[i]}` } : l,
    );
    await api(request, 'PUT', `/translations/${fx.translationId}`, { lines: theirs });
    await page.getByRole('textbox', { name: 'Translation of line 1', exact: true }).fill('mine');
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this translation' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.locator('b', { hasText: 'theirs' }).first()).toBeVisible();
    await expectNothingRan(page, seen, 'the conflict view of the translation editor');
  });

  test('shares: notes, names and javascript: links', async ({ page }) => {
    const seen = watch(page);
    await signIn(page, fx.viewer);
    await visit(page, seen, '/shares');
    await visit(page, seen, `/shares/${fx.shareId}`, /window\.__xss=1/);
  });

  test("notifications: the title quoting the actor's name", async ({ page }) => {
    const seen = watch(page);
    await signIn(page, fx.viewer);
    await visit(page, seen, '/notifications?tab=all', /zzz actor/);
    await page
      .getByText(/zzz actor/)
      .first()
      .click();
    await expectNothingRan(page, seen, 'an opened notification');
  });

  test('search boxes reflect the payload from the URL as text', async ({ page }) => {
    const seen = watch(page);
    await signIn(page, fx.viewer);
    for (const payload of [PAYLOADS[0]!, PAYLOADS[2]!, JS_URL]) {
      const q = encodeURIComponent(payload);
      await visit(page, seen, `/work-requests?q=${q}`);
      await expect(page.getByRole('searchbox').first()).toHaveValue(payload);
      await visit(page, seen, `/notifications?q=${q}`);
      await visit(page, seen, `/shares?q=${q}`);
      await visit(page, seen, `/translations?q=${q}`);
    }
    // A payload in a path the router does not know is shown (if at all) as text.
    await page.goto(`/${encodeURIComponent(PAYLOADS[0]!)}`);
    await expectNothingRan(page, seen, 'an unknown path');
  });
});
