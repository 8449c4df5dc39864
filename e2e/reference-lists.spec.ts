/**
 * The reference lists are read once a session (docs/decisions/101-reference-lists-read-once.md, lib/referenceLists.ts):
 * a coordinator who opens the work-request list (its filters load the languages, territories and projects after the
 * first rows), then the order wizard's language step, the translations list and the glossary asks GET /api/languages
 * (its first page) once in all, and the territories and projects likewise. The pages are reached in the app (links, or
 * the history as the back button does), never by a reload, which would start a new session.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { ACCOUNTS, goInApp, grid, settled, signIn } from './support';

/** The API GETs of `path` (no query) asked for the first page of 100, from now on. */
function firstPagesOf(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === path && r.headers()['x-range'] === 'resources=0-99') seen.push(r);
  });
  return seen;
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

  // The glossary.
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

/** A catalog list (its grid named `name`) shows its rows. */
async function catalogListShown(page: Page, name: RegExp): Promise<void> {
  await expect(page.getByRole('grid', { name }).getByRole('row').nth(2)).toBeVisible();
  await settled(page);
}

/** The catalog's overview counts every studio, language and territory. */
async function overviewCounted(page: Page): Promise<void> {
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.filter({ hasText: /\d+ studios?\b/ })).toHaveCount(1);
  await expect(cards.filter({ hasText: /\d+ languages?\b/ })).toHaveCount(1);
  await expect(cards.filter({ hasText: /\d+ territor(y|ies)\b/ })).toHaveCount(1);
}

test('the catalog shares its pages with the whole lists, whichever a session reads first', async ({ page }) => {
  test.setTimeout(90_000);
  const studios = firstPagesOf(page, '/api/studios');
  const languages = firstPagesOf(page, '/api/languages');
  const territories = firstPagesOf(page, '/api/territories');
  await signIn(page, ACCOUNTS.coordinator);

  // The catalog first: its overview reads the first pages (with their totals), then the glossary's choices and the
  // work-request list's filters read the whole lists: from those pages.
  await goInApp(page, '/catalog');
  await overviewCounted(page);
  await goInApp(page, '/catalog/glossary');
  const glossaryFilters = page.getByRole('search', { name: 'Filter the glossary' });
  await expect(glossaryFilters.getByRole('combobox', { name: 'Studio' }).getByRole('option')).not.toHaveCount(1);
  await expect(
    glossaryFilters.getByRole('combobox', { name: 'Language', exact: true }).getByRole('option', { name: /fr-FR/ }),
  ).toHaveCount(1);
  await goInApp(page, '/work-requests');
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => territories.length + languages.length, { timeout: 15_000 }).toBe(2);
  await goInApp(page, '/catalog/territories');
  await catalogListShown(page, /territories/i);
  expect([studios.length, languages.length, territories.length], 'studios, languages, territories').toEqual([1, 1, 1]);

  // A new session (a reload), the whole lists first: the work-request list's filters, the glossary's choices; then
  // the overview and the catalog's lists show the pages those read.
  await page.goto('/work-requests');
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => territories.length + languages.length, { timeout: 15_000 }).toBe(4);
  await goInApp(page, '/catalog/glossary');
  await expect(glossaryFilters.getByRole('combobox', { name: 'Studio' }).getByRole('option')).not.toHaveCount(1);
  await goInApp(page, '/catalog');
  await overviewCounted(page);
  await goInApp(page, '/catalog/languages');
  await catalogListShown(page, /languages/i);
  expect([studios.length, languages.length, territories.length], 'studios, languages, territories').toEqual([2, 2, 2]);
});
