/**
 * Route preload and prefetch (src/app/preloadPage.ts, routePrefetch.ts): a page opened cold asks for its first
 * data once, whoever asks first (start-up, the router's loader, or the page itself), and still shows it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, basic, grid, placeTranslatorOrder, settled, signIn } from './support';

function countRequests(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname + new URL(r.url()).search;
    if (pattern.test(path)) seen.push(`${r.method()} ${path} ${r.headers()['x-range'] ?? ''}`);
  });
  return seen;
}

test('a cold load of the list and of a work request asks for each first record once', async ({ page }) => {
  await signIn(page, ACCOUNTS.coordinator, { path: '/work-requests' });
  // Sign-in lands on the list: let its own first page arrive before counting the cold load below.
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
  await settled(page);

  const lists = countRequests(page, /^\/api\/workrequests(\?|$)/);
  await page.goto('/work-requests?sort=due&status=in-progress');
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
  await settled(page);
  expect(lists).toEqual(['GET /api/workrequests?status=in-progress&sort=due resources=0-49']);

  const href = await grid(page).getByRole('link').first().getAttribute('href');
  const id = href!.split('/').pop()!;
  const details = countRequests(page, new RegExp(`^/api/workrequests/${id}$`));
  await page.goto(`/work-requests/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  expect(details).toHaveLength(1);

  // Opening another page within the app (no reload) still asks once.
  await page.goto('/work-requests');
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
  const before = details.length;
  await grid(page).getByRole('link', { name: /./ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  expect(details.length - before).toBeLessThanOrEqual(1);
});

test("signed out, a deep link goes to sign-in without loading the page's data, then back to the page", async ({
  page,
}) => {
  const api = countRequests(page, /^\/api\/workrequests/);
  await page.goto('/work-requests');
  await expect(page.getByLabel('Username or e-mail')).toBeVisible();
  expect(api).toEqual([]);
  await page.getByLabel('Username or e-mail').fill(ACCOUNTS.coordinator.username);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.coordinator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
});

test('the unread badge loads after the page; when its code cannot be loaded the shell and the page still work', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Notifications\s*, \d+\+? unread$/ })).toBeVisible();

  await page.route(/\/assets\/LiveUnreadBadge-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/work-requests');
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Shares' }).click();
  await expect(page.getByRole('heading', { name: 'Shares', level: 1 })).toBeVisible();
});

test('a stored session whose password changed meanwhile: the cold load goes to sign-in once, then back to the page', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  // As if the password had been changed elsewhere: the stored credentials no longer work.
  await page.evaluate(() => {
    const raw = sessionStorage.getItem('mws.session')!;
    const session = JSON.parse(raw) as { authorization: string };
    sessionStorage.setItem(
      'mws.session',
      JSON.stringify({ ...session, authorization: `Basic ${btoa('coordinator@mws.test:not-the-password')}` }),
    );
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await page.goto('/work-requests?sort=due');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(
    page.getByText(
      'Your session has ended: the server no longer accepts your sign-in (was your password changed?). Sign in again to continue where you were.',
    ),
  ).toBeVisible();
  await page.getByLabel('Username or e-mail').fill(ACCOUNTS.coordinator.username);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.coordinator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/work-requests\?sort=due$/);
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('the editor opened cold asks once for its work request and once for the transcription of the originals', async ({
  page,
  request,
}) => {
  // An order of its own, assigned to the translator: the newest incomplete translation is whichever order another
  // spec placed last, which that spec may be submitting or cancelling while this one loads it.
  const { workRequest: wrId } = await placeTranslatorOrder(request, 'Prefetch e2e');
  const wr = (await (
    await request.get(`/api/workrequests/${wrId}`, {
      headers: { Authorization: basic(ACCOUNTS.translator), 'X-Requested-With': 'XMLHttpRequest' },
    })
  ).json()) as { asset?: { transcription?: { dialogue?: string } } };
  const transcription = wr.asset?.transcription?.dialogue;
  expect(transcription).toBeTruthy();

  await signIn(page, ACCOUNTS.translator);
  const reads = countRequests(page, new RegExp(`^/api/(workrequests/${wrId}|translations/${transcription})$`));
  await page.goto(`/work-requests/${wrId}/translation`);
  await expect(page.getByRole('textbox', { name: 'Translation of line 1', exact: true })).toBeVisible();
  await settled(page);
  await expect
    .poll(() => reads.slice().sort())
    .toEqual([`GET /api/translations/${transcription} `, `GET /api/workrequests/${wrId} `].sort());
});

test('after the first render the shell refreshes the signed-in user (GET /users/{id}): a name changed elsewhere shows', async ({
  page,
  request,
}) => {
  // A user of its own (invited and registered through the API), so renaming it cannot disturb other specs.
  const admin = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
  const email = `renamed.${Date.now()}@example.com`;
  const invited = (await (
    await request.put('/api/users', { headers: admin, data: { emailNormal: email, name: 'Rita Before' } })
  ).json()) as { _id: string; inviteCode: string };
  const password = 'rita-password';
  expect(
    (
      await request.post(`/api/invitations/${invited.inviteCode}`, { data: { name: 'Rita Before', password } })
    ).status(),
  ).toBe(200);

  await signIn(page, { username: email, password });
  await expect(page.getByRole('banner').getByText('Rita Before', { exact: true })).toBeVisible();
  expect(
    (await request.put(`/api/users/${invited._id}`, { headers: admin, data: { name: 'Rita After' } })).status(),
  ).toBe(200);
  await page.reload(); // the stored copy still says "Rita Before"; only the server knows the new name
  await expect(page.getByRole('banner').getByText('Rita After', { exact: true })).toBeVisible();
});
