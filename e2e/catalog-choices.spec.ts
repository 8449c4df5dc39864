/**
 * Choice lists offer every record, not the first page of 100 (docs/decisions/101-reference-lists-read-once.md): with
 * more than 100 studios and languages, one past the first 100 in the server's order can be chosen in the projects
 * page's studio filter, named in its rows and on the project's page, chosen in the glossary's filters and its term
 * dialog (with that studio's project), and ticked in the territory dialog's languages; axe on the filtered pages and
 * the dialog.
 *
 * Its own records: 110 studios and 110 languages made for the run, so at least one of each sits past position 100
 * whatever other specs add; the one furthest in the server's order is the one chosen (asserted past 100). Their names
 * start with "Zz" so that they sort after the seeded and other specs' records, whose first page they leave alone.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, expectAccessible, fulfillListPage, holdRoute, signIn } from './support';

test.describe.configure({ mode: 'serial' });

const MADE = 110;
const headers = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };
const stamp = Date.now().toString(36).slice(-5);
const numbered = (n: number) => String(n).padStart(3, '0');

interface Made {
  _id: string;
  name: string;
  code?: string;
}
let studio: Made;
let language: Made;
let project: Made;

async function call(request: APIRequestContext, method: string, path: string, data: unknown) {
  const response = await request.fetch(`/api${path}`, { method, headers, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Made;
}

async function makeAll(request: APIRequestContext, make: (n: number) => Promise<unknown>) {
  // Ten at a time: the server's write path, not the spec, is what paces this.
  for (let n = 1; n <= MADE; n += 10)
    await Promise.all(Array.from({ length: Math.min(10, MADE - n + 1) }, (_, i) => make(n + i)));
}

/** Of the records whose name has `mark`, the one furthest in the server's order, and its position there. */
async function furthest(request: APIRequestContext, path: string, mark: string): Promise<Made & { at: number }> {
  const all: Made[] = [];
  for (let first = 0; ; first += 100) {
    const { items, total } = await apiList<Made>(request, ACCOUNTS.admin, path, `resources=${first}-${first + 99}`);
    all.push(...items);
    if (items.length === 0 || all.length >= (total ?? 0)) break;
  }
  const at = all.findLastIndex((r) => r.name.includes(mark));
  return { ...all[at]!, at };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const studioMark = `Zz Choice Studio ${stamp}`;
  const languageMark = `Zz Choice Language ${stamp}`;
  await makeAll(request, (n) => call(request, 'PUT', '/studios', { name: `${studioMark} ${numbered(n)}` }));
  await makeAll(request, (n) =>
    call(request, 'POST', '/languages', { name: `${languageMark} ${numbered(n)}`, code: `x-${stamp}-${numbered(n)}` }),
  );
  const s = await furthest(request, '/studios', studioMark);
  const l = await furthest(request, '/languages', languageMark);
  expect(s.at, 'the chosen studio is past the first page').toBeGreaterThanOrEqual(100);
  expect(l.at, 'the chosen language is past the first page').toBeGreaterThanOrEqual(100);
  studio = s;
  language = l;
  project = await call(request, 'PUT', '/projects', { name: `Zz Choice Project ${stamp}`, studio: studio._id });
});

const dialog = (page: Page) => page.getByRole('dialog');

test('the projects page: the studio filter offers a studio past the first 100, and its rows and page name it', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/catalog/projects');
  const filter = page.getByLabel('Studio', { exact: true });
  await expect(filter.getByRole('option', { name: studio.name, exact: true })).toHaveCount(1);
  await filter.selectOption({ label: studio.name });
  await expect(page).toHaveURL(new RegExp(`studio=${studio._id}`));
  const row = page.getByRole('row', { name: new RegExp(project.name) });
  await expect(row).toContainText(studio.name);
  await expectAccessible(page, 'the projects page filtered by a studio past the first 100');

  // Opened with the filter in its address: the select reads "Loading…" until the studios are here, then the studio's
  // name; never "All studios" over a filtered list.
  const release = await holdRoute(page, '**/api/studios');
  await page.goto(`/catalog/projects?studio=${studio._id}`);
  await expect(filter.locator('option:checked')).toHaveText('Loading…');
  release();
  await expect(filter.locator('option:checked')).toHaveText(studio.name);
  await page.unroute('**/api/studios');

  // The project's page names its studio, and its Edit dialog has it chosen (not "… (not in the list)").
  await page.goto(`/catalog/projects/${project._id}`);
  await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
  await expect(page.getByText(studio.name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit project' }).click();
  const select = dialog(page).getByLabel(/^Studio/);
  await expect(select).toHaveValue(studio._id);
  await expect(select.locator('option:checked')).toHaveText(studio.name);

  // Opened before the studios are here, the dialog's choice reads "Loading…", never the id "(not in the list)".
  const releaseAgain = await holdRoute(page, '**/api/studios');
  await page.goto(`/catalog/projects/${project._id}`);
  await page.getByRole('button', { name: 'Edit project' }).click();
  await expect(select).toHaveValue(studio._id);
  await expect(select.locator('option:checked')).toHaveText('Loading…');
  releaseAgain();
  await expect(select.locator('option:checked')).toHaveText(studio.name);
  await page.unroute('**/api/studios');
});

test('the glossary: its filters and its term dialog choose a studio, its project and a language past the first 100', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/catalog/glossary');
  const filters = page.getByRole('search', { name: 'Filter the glossary' });
  await filters.getByRole('combobox', { name: 'Studio', exact: true }).selectOption({ label: studio.name });
  await filters.getByRole('combobox', { name: 'Project', exact: true }).selectOption({ label: project.name });
  const languageLabel = `${language.name} (${language.code})`;
  await filters.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: languageLabel });
  await expect(page).toHaveURL(new RegExp(`language=${language.code}`));
  await expect(page.getByText('No term matches these filters.')).toBeVisible();

  // A new term takes the filters as its place: the studio, its project and the language are chosen, by name.
  await page.getByRole('button', { name: 'Add term' }).click();
  const form = dialog(page);
  await expect(form.getByLabel(/^Studio/)).toHaveValue(studio._id);
  await expect(form.getByLabel(/^Project/)).toHaveValue(project._id);
  await expect(form.getByLabel(/^Target language/)).toHaveValue(language.code!);
  await expect(form.locator('option:checked')).toHaveText([studio.name, project.name, languageLabel]);
  await expectAccessible(page, 'the glossary term dialog with choices past the first 100', 'dialog');
  await form.getByLabel(/^Source term/).fill(`zz choice ${stamp}`);
  await form.getByLabel(/^Approved translation/).fill(`choix ${stamp}`);
  await form.getByRole('button', { name: 'Add term' }).click();
  await expect(form).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(`zz choice ${stamp}`) });
  await expect(row).toContainText(project.name);
});

test('the territory dialog offers a language past the first 100', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/catalog/territories');
  await page.getByRole('button', { name: 'New territory' }).click();
  const languages = dialog(page).getByRole('group', { name: 'Languages', exact: true });
  const box = languages.getByRole('checkbox', { name: `${language.code} · ${language.name}` });
  await box.check();
  await expect(box).toBeChecked();

  // Over a hundred boxes: the filter narrows them to what is typed (accents and case aside); the ticked one stays.
  const filter = languages.getByLabel('Filter languages');
  await filter.fill(language.name.toUpperCase());
  await expect(languages.getByRole('checkbox')).toHaveCount(1);
  await filter.press('Enter'); // narrows, never submits the dialog
  await expect(dialog(page)).toBeVisible();
  await expect(languages.getByRole('status')).toHaveText(/^1 of \d{3,} match$/);
  const other = languages.getByRole('checkbox', { name: /Zz Choice Language .* 001$/ });
  await filter.fill(`${stamp} 001`);
  await other.check();
  await expect(languages.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await filter.fill('no such language at all');
  await expect(languages.getByText('No languages match “no such language at all”.')).toBeVisible();
  await expect(languages.getByRole('checkbox')).toHaveCount(2); // the ticked stay
  await filter.fill('');
  await expect(box).toBeChecked();
  await expectAccessible(page, 'the territory dialog with its language filter');
});

test('the file dialog suggests a transfer user past the first 100, found by what is typed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const mark = `Zz Choice User ${stamp}`;
  await makeAll(request, (n) =>
    call(request, 'PUT', '/users', {
      name: `${mark} ${numbered(n)}`,
      emailNormal: `zz.${stamp}.${numbered(n)}@example.com`,
    }),
  );
  const user = (await furthest(request, '/users', mark)) as Made & { at: number; emailNormal: string };
  expect(user.at, 'the user is past the first page').toBeGreaterThanOrEqual(100);
  // An asset with a file to edit (assets are listed by project: GET /assets/countByProject).
  const { items: projects } = await apiList<Made>(request, ACCOUNTS.admin, '/projects?archived=false');
  let asset: Made | undefined;
  let file: Made | undefined;
  for (const p of projects) {
    const { items: assets } = await apiList<Made>(request, ACCOUNTS.admin, `/assets/countByProject?project=${p._id}`);
    for (const a of assets) {
      [file] = (await apiList<Made>(request, ACCOUNTS.admin, `/files?asset=${a._id}`)).items;
      asset = a;
      if (file) break;
    }
    if (file) break;
  }
  expect(file, 'an asset with a file').toBeTruthy();

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/catalog/assets/${asset!._id}`);
  await page
    .getByRole('region', { name: /Files/ })
    .getByRole('button', { name: `Edit file ${file!.name}` })
    .click();
  const input = dialog(page).getByLabel('Transfer user');
  await input.fill(user.emailNormal.slice(0, -'@example.com'.length));
  const list = await input.getAttribute('list');
  await expect(page.locator(`datalist[id="${list}"] option[value="${user.emailNormal}"]`)).toHaveCount(1);
  await expectAccessible(page, 'the file dialog with user suggestions');
});

test('an asset page shows every file: past the first page, "Show more files" reads the next', async ({
  page,
  request,
}) => {
  const { items: projects } = await apiList<Made>(request, ACCOUNTS.admin, '/projects?archived=false');
  const { items: assets } = await apiList<Made>(
    request,
    ACCOUNTS.admin,
    `/assets/countByProject?project=${projects[0]!._id}`,
  );
  const asset = assets[0]!;
  // An asset with 150 files: the server answers its pages as a deployment with that many would (this one has no
  // operation that adds files; everything else on the page is the real server's).
  const TOTAL = 150;
  await page.route(`**/api/files?asset=${asset._id}`, (route) =>
    fulfillListPage(route, TOTAL, (i) => ({
      _id: `f${String(i).padStart(24, '0')}`,
      name: `Take ${numbered(i + 1)}.mov`,
      asset: asset._id,
    })),
  );
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/catalog/assets/${asset._id}`);
  const files = page.getByRole('region', { name: /Files/ });
  const rows = files.getByRole('row').filter({ hasText: /Take \d{3}\.mov/ });
  await expect(rows).toHaveCount(100);
  await expect(files).toContainText('(150)');
  await files.getByRole('button', { name: 'Show more files (50 more)' }).click();
  await expect(rows).toHaveCount(TOTAL);
  await expect(rows.last()).toContainText('Take 150.mov');
  await expect(files.getByRole('button', { name: /Show more files/ })).toHaveCount(0);
  await expectAccessible(page, 'an asset page with every file shown');
});
