/**
 * The catalog's lists reach any row (docs/decisions/100-sparse-lists-any-row.md): a glossary of 250 terms, pages of
 * 100, laid out whole from the first answer; Go to row and End fetch only the pages shown (one request each, never one
 * twice) and show the terms the server has at those positions for the page's filter; and the one-tab-stop grid's keys:
 * arrows, Enter (the row's Edit dialog), ArrowRight onto the row's buttons, ArrowLeft / Escape back, focus back on the
 * row when a dialog closes, Tab out.
 *
 * Its own records: a studio made for the run (admins create studios) and its 250 terms, the list filtered to that
 * studio, so what other specs add meanwhile is not in it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, basic, expectAccessible, signIn } from './support';

test.describe.configure({ mode: 'serial' });

const TERMS = 250;
const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
/** Term `n` (1-based), zero-padded so that the server's source-term order is the numbers' order. */
const source = (n: number) => `jump ${String(n).padStart(3, '0')}`;
let studio: string;

async function call(request: APIRequestContext, method: string, path: string, data: unknown) {
  const response = await request.fetch(`/api${path}`, { method, headers, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { _id: string };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  studio = (await call(request, 'PUT', '/studios', { name: `Jump Studio ${Date.now()}` }))._id;
  // Ten at a time: the server's write path, not the spec, is what paces this.
  for (let n = 1; n <= TERMS; n += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, TERMS - n + 1) }, (_, i) =>
        call(request, 'POST', '/glossary', {
          studio,
          language: 'fr-FR',
          source: source(n + i),
          translation: `saut ${n + i}`,
        }),
      ),
    );
  }
});

/** The app's requests of GET /api/glossary: query and range. */
function recordRequests(page: Page) {
  const requests: { search: string; range: string }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/glossary') requests.push({ search: url.search, range: r.headers()['x-range'] ?? '' });
  });
  return requests;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Glossary terms' });
/** The data row at 0-based `index` (aria-rowindex counts the header row as 1). */
const rowAt = (page: Page, index: number) => grid(page).locator(`[role="row"][aria-rowindex="${index + 2}"]`);

async function openGlossary(page: Page) {
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/catalog/glossary?studio=${studio}`);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(TERMS + 1), { timeout: 15_000 });
  await expect(rowAt(page, 0)).toContainText(source(1));
}

test('Go to row and End fetch only the pages shown, once each, with the right terms', async ({ page }) => {
  const requests = recordRequests(page);
  await openGlossary(page);
  await expect(page.getByText(`${TERMS} terms`)).toBeVisible();
  expect(requests.map((r) => r.range)).toEqual(['resources=0-99']);

  // Go to row 180: its page, and nothing between.
  await page.getByLabel('Go to row').fill('180');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(rowAt(page, 179)).toContainText(source(180), { timeout: 15_000 });
  await expect(rowAt(page, 179)).toContainText('saut 180');
  await expect(grid(page)).toBeFocused();
  expect(requests.map((r) => r.range)).toEqual(['resources=0-99', 'resources=100-199']);

  // End: the last row, with the last page.
  await page.keyboard.press('End');
  await expect(rowAt(page, TERMS - 1)).toContainText(source(TERMS), { timeout: 15_000 });
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', (await rowAt(page, TERMS - 1).getAttribute('id'))!);
  expect(requests.map((r) => r.range)).toEqual(['resources=0-99', 'resources=100-199', 'resources=200-299']);

  // Home: page 0 is held, nothing is asked again.
  await page.keyboard.press('Home');
  await expect(rowAt(page, 0)).toContainText(source(1));
  await page.waitForTimeout(400); // a request would start within the 120 ms settle time; give it room to show up
  expect(requests).toHaveLength(3);
  // Every request was the filtered list's.
  for (const r of requests) expect(new URLSearchParams(r.search).get('studio')).toBe(studio);
  await expectAccessible(page, 'the glossary with a jumped page');
});

test('the keyboard: Enter edits the row, ArrowRight reaches its buttons, Escape returns, Tab leaves', async ({
  page,
}) => {
  await openGlossary(page);
  const table = grid(page);
  await table.focus();
  await page.keyboard.press('ArrowDown');
  const second = rowAt(page, 1);
  await expect(table).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);

  // Enter runs the row's primary action: its Edit dialog; closing it puts the focus back on the grid, same row.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Edit the term “${source(2)}”` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(table).toBeFocused();
  await expect(table).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);

  // ArrowRight goes onto the row's buttons in order and stops at the last; ArrowLeft comes back to the row.
  const edit = second.getByRole('button', { name: `Edit ${source(2)}` });
  const remove = second.getByRole('button', { name: `Delete ${source(2)}` });
  await page.keyboard.press('ArrowRight');
  await expect(edit).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(remove).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(remove).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(edit).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(table).toBeFocused();
  // Escape from a button returns to the row too; the row keys from a button move the row.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(table).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(table).toBeFocused();
  await expect(table).toHaveAttribute('aria-activedescendant', (await rowAt(page, 2).getAttribute('id'))!);

  // A button pressed from the keyboard opens its dialog; closing it returns to that button.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const third = rowAt(page, 2).getByRole('button', { name: `Delete ${source(3)}` });
  await expect(third).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(third).toBeFocused();

  // Scrolling away with the wheel while a button has the focus (its row may leave the DOM) puts it back on the grid.
  await page.keyboard.press('ArrowLeft');
  const thirdEdit = rowAt(page, 2).getByRole('button', { name: `Edit ${source(3)}` });
  await expect(thirdEdit).toBeFocused();
  await table.hover();
  await page.mouse.wheel(0, 4000);
  await expect(table).toBeFocused();
  await page.mouse.wheel(0, -4000);
  await page.keyboard.press('ArrowRight');
  await expect(thirdEdit).toBeFocused();

  // The buttons are not tab stops: Tab from one leaves the grid, as from the row.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Go to row')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(table).toBeFocused();
  await expectAccessible(page, 'the glossary grid with its row buttons');
});
