/**
 * The work-request list's filter bar first shows with stand-ins — the project select before the project names come, the
 * assignee and place fields before their pickers' code — and then works in full (docs/decisions/129-list-rendering.md).
 * None of its controls may move when the rest arrives: the project select widened from 55 to 180 px when the names
 * came, and the assignee field and the quick buttons moved when the picker's stylesheet came, shifting every field
 * after them (docs/decisions/130-layout-breakpoints-no-shift.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, grid, holdRoute, signIn } from './support';

/** Each shown filter control, its text (a select: the chosen option) and its box, in order. */
function controls(page: Page) {
  return page
    .locator('.filters :is(label, input, select, summary, button, .filter-field__label)')
    .evaluateAll((elements) =>
      elements
        // Shown, and not the picker's own toggle (inside its field, which the stand-in draws without it).
        .filter((el) => el.checkVisibility() && !el.matches('.assignee-picker__toggle'))
        .map((el) => {
          const r = el.getBoundingClientRect();
          const text =
            el instanceof HTMLSelectElement
              ? el.selectedOptions[0]?.text
              : el.textContent?.trim() || (el as HTMLInputElement).placeholder;
          return `${el.localName} ${text ?? ''} @ ${[r.x, r.y, r.width, r.height].map(Math.round).join(',')}`;
        }),
    );
}

test('no filter control moves when the project names and the pickers arrive', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const releaseCode = await holdRoute(page, /\/assets\/(AssigneePicker|PlaceFilter)-[^/]+\.js$/);
  const releaseLists = await holdRoute(page, /\/api\/(projects|languages|territories)(\?|$)/);
  await page.goto('/work-requests?status=submitted&q=trailer');
  await expect(grid(page).getByRole('row').nth(2)).toBeVisible();
  const project = page.getByRole('combobox', { name: 'Project' });
  await expect(project.locator('option')).toHaveCount(1); // the names are not here yet
  await expect(page.locator('.assignee-picker__toggle')).toHaveCount(0); // nor the picker
  const before = await controls(page);
  expect(before.length).toBeGreaterThan(10);

  releaseCode();
  releaseLists();
  await expect(project.locator('option')).not.toHaveCount(1);
  await expect(page.locator('.assignee-picker__toggle')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeEnabled();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('trailer');
  expect(await controls(page)).toEqual(before);
});
