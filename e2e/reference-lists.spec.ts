/**
 * The reference lists are read once a session (issue #16 item 2, lib/referenceLists.ts): a coordinator who opens the
 * work-request list (its filters load the languages, territories and projects after the first rows), then the order
 * wizard's language step, the translations list and the glossary asks GET /api/languages (its first page) once in
 * all, and the territories and projects likewise. The pages are reached in the app (links, or the history as the back
 * button does), never by a reload, which would start a new session.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { ACCOUNTS, grid, settled, signIn } from './support';

/** The API GETs of `path` (no query) asked for the first page of 100, from now on. */
function firstPagesOf(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === path && r.headers()['x-range'] === 'resources=0-99') seen.push(r);
  });
  return seen;
}

/** Goes to `to` in the app, as a link or the back button would (no reload: the app and its cache stay). */
async function goInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

test('the languages, territories and projects are asked once for the list, the wizard, translations and glossary', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const languages = firstPagesOf(page, '/api/languages');
  const territories = firstPagesOf(page, '/api/territories');
  const allProjects = firstPagesOf(page, '/api/projects');
  await signIn(page, ACCOUNTS.coordinator);

  // The work-request list: its filters read the lists once its first rows are in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work requests' }).click();
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  const filters = page.getByRole('search', { name: 'Filter work requests' });
  await expect(filters.getByRole('combobox', { name: 'Project' }).getByRole('option')).not.toHaveCount(1);
  await expect.poll(() => languages.length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => territories.length).toBe(1);
  await settled(page);

  // The order wizard from the list: its projects, then the language step's languages and territories.
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/work-requests\/new$/);
  await page.getByRole('button', { name: /^Next/ }).click();
  await page.getByLabel('Find a project by name or code').fill('last carto');
  await page.getByRole('radio', { name: 'The Last Cartographer' }).check();
  await page.getByRole('radio', { name: 'Main Trailer · trailer', exact: true }).check();
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Language & territory', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /French \(France\)/ })).toBeVisible();

  // The translations list: its language filter offers the languages.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Translations' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave and discard' }).click(); // the order not placed
  await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' }).getByRole('option', { name: /fr-FR/ })).toHaveCount(1);

  // The glossary (not through the catalog's overview, whose totals read the catalog lists' own first pages).
  await goInApp(page, '/catalog/glossary');
  const glossaryFilters = page.getByRole('search', { name: 'Filter the glossary' });
  await expect(
    glossaryFilters.getByRole('combobox', { name: 'Language', exact: true }).getByRole('option', { name: /fr-FR/ }),
  ).toHaveCount(1);
  await settled(page);

  expect(
    languages.map((r) => r.url()),
    'GET /api/languages, first page',
  ).toHaveLength(1);
  expect(
    territories.map((r) => r.url()),
    'GET /api/territories, first page',
  ).toHaveLength(1);
  // Every project (the list's filter, the glossary's without a studio), and the wizard's open ones taken from it.
  expect(allProjects.map((r) => new URL(r.url()).search)).toEqual(['']);
});
