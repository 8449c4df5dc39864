/**
 * A session through every page, as a user goes (links and the back button, never a reload): the app asks the server for
 * nothing it already holds while fresh (docs/decisions/101-reference-lists-read-once.md), never asks an address with an
 * empty id (an asset's page asked `GET /api/projects/`, the list of projects, while its asset was loading), and gets no
 * error answer.
 *
 * "Already holds while fresh": the same GET (path, query and X-Range) answered less than 30 s before (the app's
 * staleness, app/queryClient.ts; nothing in this walk writes), a file's content aside. The account is one nothing notifies: a notification
 * refreshes the counts, and other specs' orders notify the demo admin.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { goInApp, settled, signIn, unnotifiedAdmin } from './support';

const FRESH_MS = 30_000;

interface Asked {
  key: string;
  path: string;
  askedAt: number;
  /** When the answer arrived, or undefined while none did. */
  answeredAt?: number;
  status?: number;
  where: string;
}

/** The first link on the page to `prefix…` (not to `prefix` itself, nor to `exclude`). */
async function firstLink(page: Page, prefix: string, exclude?: RegExp): Promise<string> {
  const links = page.locator(`a[href^="${prefix}"]`);
  await expect(links.first()).toBeVisible({ timeout: 15_000 });
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => h.length > prefix.length && !exclude?.test(h));
  expect(href, `a link to ${prefix}…`).toBeTruthy();
  return href!;
}

test('a session through every page asks nothing twice while fresh, no empty id, and gets no error', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await unnotifiedAdmin(request);
  const asked: Asked[] = [];
  const byRequest = new Map<Request, Asked>();
  let where = 'sign-in';
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() !== 'GET' || !url.pathname.startsWith('/api/') || url.pathname === '/api/notifications/stream')
      return;
    const entry = {
      key: `${url.pathname}${url.search} ${r.headers()['x-range'] ?? ''}`,
      path: url.pathname,
      askedAt: Date.now(),
      where,
    };
    asked.push(entry);
    byRequest.set(r, entry);
  });
  page.on('response', (r) => {
    const entry = byRequest.get(r.request());
    if (entry) Object.assign(entry, { answeredAt: Date.now(), status: r.status() });
  });
  await signIn(page, account);

  const visit = async (to: string) => {
    where = to;
    await goInApp(page, to);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    await settled(page);
    await page.waitForTimeout(300); // the reads a page starts after its first render (filters' choices, names)
  };

  await visit('/dashboard');
  await visit('/work-requests');
  const workRequest = await firstLink(page, '/work-requests/', /\/new$/);
  await visit(workRequest);
  await visit('/translations');
  await visit('/shares');
  await visit(await firstLink(page, '/shares/'));
  await visit('/notifications');
  await visit('/catalog');
  await visit('/catalog/studios');
  await visit('/catalog/projects');
  await visit(await firstLink(page, '/catalog/projects/'));
  await visit(await firstLink(page, '/catalog/assets/'));
  await visit('/catalog/languages');
  await visit('/catalog/territories');
  await visit('/catalog/glossary');
  await visit('/catalog/users');
  await visit('/settings');
  // Back to pages seen: what they hold is fresh, or asked again only once stale.
  await visit('/work-requests');
  await visit(workRequest);
  await visit('/work-requests/new');
  await visit('/catalog');

  const empty = asked.filter((a) => a.path.endsWith('/') || a.path.includes('//'));
  expect(
    empty.map((a) => `${a.key} (on ${a.where})`),
    'requests with an empty id',
  ).toEqual([]);
  const failed = asked.filter((a) => a.status !== undefined && a.status >= 400);
  expect(
    failed.map((a) => `${a.key} → ${a.status} (on ${a.where})`),
    'error answers',
  ).toEqual([]);
  // A file's content (a thumbnail's <img>) is the browser's to cache (`private, max-age` until its link expires), not
  // the app's: an <img> drawn again is served from that cache, though the browser still reports it as a request.
  const twice = asked.flatMap((a, i) => {
    if (a.path.endsWith('/content')) return [];
    const before = asked.slice(0, i).findLast((b) => b.key === a.key);
    return before?.answeredAt !== undefined && a.askedAt - before.answeredAt < FRESH_MS
      ? [`${a.key}: on ${before.where}, again on ${a.where}`]
      : [];
  });
  expect(twice, 'GETs asked again while fresh').toEqual([]);
  expect(asked.length, 'the walk asked the server').toBeGreaterThan(20);
});
