/**
 * Who sees what: grants (docs/API.md): people who are not studio staff see, in the app, only what a grant gives
 * them. A press partner lands on what is shared with them and reads only the shared assets; the client Priya's
 * catalog holds only her granted assets; an asset page offers only what its `$permissions` allow.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { type Account, ACCOUNTS, apiList, basic, expectAccessible, settled, signIn } from './support';

const KENJI: Account = { username: 'kenji.mori@tokyo-distribution.test', password: 'demo-password' };
const PRIYA: Account = { username: 'priya.raman@northlight.test', password: 'demo-password' };

interface Rec {
  _id: string;
  name?: string;
  project?: string;
  $permissions?: { access?: string[] };
  [k: string]: unknown;
}

/** The project the account sees the most assets of, with those assets and the admin's count of the project. */
async function grantedProject(request: APIRequestContext, account: Account) {
  const { items: mine, total } = await apiList<Rec>(request, account, '/assets/countByProject');
  expect(total, 'assets granted').toBeGreaterThan(0);
  const counts = new Map<string, number>();
  for (const a of mine) counts.set(a.project!, (counts.get(a.project!) ?? 0) + 1);
  const [project] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const assets = mine.filter((a) => a.project === project);
  const { items: all } = await apiList<Rec>(request, ACCOUNTS.admin, `/assets/countByProject?project=${project}`);
  return { project, assets, all };
}

async function expectProjectShowsOnly(page: Page, project: string, assets: Rec[], all: Rec[]) {
  await page.goto(`/catalog/projects/${project}`);
  await settled(page);
  const region = page.getByRole('region', { name: /^Assets/ });
  await expect(region.getByRole('heading', { name: /^Assets/ })).toContainText(`(${assets.length})`);
  const grid = page.getByRole('grid', { name: 'Assets of this project' });
  for (const a of assets) await expect(grid.getByRole('link', { name: a.name!, exact: true })).toHaveCount(1);
  const shown = new Set(assets.map((a) => a.name));
  for (const a of all.filter((x) => !shown.has(x.name)))
    await expect(grid.getByRole('link', { name: a.name!, exact: true })).toHaveCount(0);
}

test('a press partner lands on their shares and reads only the shared assets', async ({ page, request }) => {
  const { project, assets, all } = await grantedProject(request, KENJI);
  expect(assets.length).toBeLessThan(all.length);
  await signIn(page, KENJI);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/shares');
  await expectProjectShowsOnly(page, project, assets, all);

  // An asset of the same project that is not shared: not found, like an unknown one.
  const other = all.find((a) => !assets.some((x) => x._id === a._id))!;
  await page.goto(`/catalog/assets/${other._id}`);
  await expect(page.getByText('Could not load this asset')).toBeVisible();
});

test('the client Priya: the catalog counts and lists only her granted assets', async ({ page, request }) => {
  const { project, assets, all } = await grantedProject(request, PRIYA);
  const { total: projects = 0 } = await apiList(request, PRIYA, '/projects?archived=false', 'resources=0-0');
  const { total: allProjects = 0 } = await apiList(
    request,
    ACCOUNTS.admin,
    '/projects?archived=false',
    'resources=0-0',
  );
  expect(projects).toBeLessThan(allProjects);
  await signIn(page, PRIYA);
  await page.goto('/catalog');
  await settled(page);
  await expect(page.getByText(`${projects} active project${projects === 1 ? '' : 's'}`)).toBeVisible();
  if (assets.length < all.length) await expectProjectShowsOnly(page, project, assets, all);
  else await expectProjectShowsOnly(page, project, assets, assets);
});

test('an asset page offers only what the viewer may do, and says what is not shared', async ({ page, request }) => {
  // An asset shared to Kenji without download: the files are said not to be shared, and no order is offered.
  const { items } = await apiList<Rec>(request, KENJI, '/assets/countByProject');
  const viewOnly = items.find((a) => !a.$permissions?.access?.includes('download'))!;
  const res = await request.get(`/api/files?asset=${viewOnly._id}`, {
    headers: { Authorization: basic(KENJI), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(await res.json()).toEqual([]);
  await signIn(page, KENJI, { path: `/catalog/assets/${viewOnly._id}` });
  await settled(page);
  await expect(page.getByText('The files of this asset are not shared with you for download.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Place an order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit asset' })).toHaveCount(0);
  if (!viewOnly.$permissions?.access?.includes('previews'))
    await expect(page.getByText('The previews of this asset are not shared with you.')).toBeVisible();
  await expectAccessible(page, 'an asset page of a press partner');
});

test('a project page offers "Place an order" from the grants, not the role', async ({ page, request }) => {
  // Kenji (a client: press) may watch this project's shared assets but order on none of them: no order offered.
  const { project } = await grantedProject(request, KENJI);
  const seen = await request.get(`/api/projects/${project}`, {
    headers: { Authorization: basic(KENJI), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(((await seen.json()) as Rec).$permissions?.access).not.toContain('request');
  await signIn(page, KENJI, { path: `/catalog/projects/${project}` });
  await settled(page);
  await expect(page.getByRole('heading', { name: /^Assets/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Place an order' })).toHaveCount(0);
});

test('a project with assets the viewer may order on offers an order of those only', async ({ page, request }) => {
  // Priya may order on the assets of her own orders: their project offers it, and the wizard lists only those.
  const { project: hers, assets } = await grantedProject(request, PRIYA);
  const orderable = assets.filter((a) => a.$permissions?.access?.includes('request'));
  expect(orderable.length).toBeGreaterThan(0);
  await signIn(page, PRIYA, { path: `/catalog/projects/${hers}` });
  await settled(page);
  await page.getByRole('link', { name: 'Place an order' }).click();
  await expect(page.getByRole('heading', { name: /^Place an order/ })).toBeVisible();
  const options = page.getByRole('radiogroup', { name: /^Asset/ }).getByRole('radio');
  await expect(options).toHaveCount(orderable.length);
});
