/**
 * People read names, never codes (docs/API.md "Names"): every page, as each role, shows no record id, no URL template
 * (`:code`, `:share`, `{id}`), no permission flag code and no status code in a notification title; the language and
 * territory filters take names and prefixes. Reads only: the records are the demo's, picked through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCESS_FLAGS } from '../src/api/schema/permission';
import { WORK_REQUEST_STATUSES } from '../src/api/schema/workRequestRow';
import {
  ACCOUNTS,
  apiList,
  expectAccessible,
  expectListCountAsApi,
  grid,
  settled,
  signIn,
  type Account,
} from './support';

const PRIYA = { username: 'priya.raman@northlight.test', password: 'demo-password' } as const;
const ROLES: [string, Account][] = [
  ['admin', ACCOUNTS.admin],
  ['coordinator', ACCOUNTS.coordinator],
  ['translator', ACCOUNTS.translator],
  ['requester', PRIYA],
];

const HEX_ID = /\b[0-9a-f]{24}\b/;
const TEMPLATE = /:code\b|:share\b|:workRequest\b|\{\w+\}/;
// The flags that are not also plain words (`download`, `notes` are): `manageWorkRequsts`, `shareVotingView`, …
const FLAG_CODE = new RegExp(`\\b(${ACCESS_FLAGS.filter((f) => /[A-Z]/.test(f)).join('|')})\\b`);
const STATUS_CODE_IN_TITLE = new RegExp(`\\bto (${WORK_REQUEST_STATUSES.filter((s) => s.includes('-')).join('|')})\\b`);

/** The pages to read as `account`: the lists, and a record of each kind it can see. */
async function pagesOf(request: Parameters<typeof apiList>[0], account: Account): Promise<string[]> {
  const first = async (path: string) =>
    (await apiList<{ _id: string }>(request, account, path, 'resources=0-0')).items[0];
  const wr = (
    await apiList<{ _id: string; asset?: { _id: string; project?: string } }>(
      request,
      account,
      '/workrequests',
      'resources=0-0',
    )
  ).items[0];
  const share = await first('/shares');
  const project = await first('/projects');
  const translation = await first('/translations');
  return [
    '/work-requests',
    '/work-requests?view=automation',
    '/translations',
    '/shares',
    '/notifications',
    '/catalog',
    '/catalog/studios',
    '/catalog/projects',
    '/catalog/languages',
    '/catalog/territories',
    '/settings',
    ...(wr ? [`/work-requests/${wr._id}`] : []),
    ...(wr?.asset ? [`/catalog/assets/${wr.asset._id}`] : []),
    ...(share ? [`/shares/${share._id}`] : []),
    ...(project ? [`/catalog/projects/${project._id}`] : []),
    ...(translation ? [`/translations/${translation._id}`] : []),
  ];
}

async function visibleText(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settled(page);
  return page.locator('body').innerText();
}

for (const [role, account] of ROLES) {
  test(`as the ${role}, no page shows an id, a URL template, a flag code or a status code`, async ({
    page,
    request,
  }) => {
    test.slow();
    await signIn(page, account);
    for (const path of await pagesOf(request, account)) {
      const text = await visibleText(page, path);
      const near = (re: RegExp) => {
        const m = re.exec(text);
        return m ? text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 20) : undefined;
      };
      expect(near(HEX_ID), `an id on ${path}`).toBeUndefined();
      // A studio's preview watermark is a template people write ("{user.name} {date}"): shown as written.
      if (path !== '/catalog/studios') expect(near(TEMPLATE), `a URL template on ${path}`).toBeUndefined();
      expect(near(FLAG_CODE), `a flag code on ${path}`).toBeUndefined();
      expect(near(STATUS_CODE_IN_TITLE), `a status code on ${path}`).toBeUndefined();
    }
  });
}

test('the language filter takes a name, the territory filter the start of one; the URL keeps what was typed', async ({
  page,
  request,
}) => {
  await signIn(page, ACCOUNTS.coordinator);
  await page.goto('/work-requests');
  await expect(grid(page)).toBeVisible();

  const language = page.getByRole('combobox', { name: 'Language' });
  await language.fill('French');
  await expect(page.getByRole('option', { name: /French \(France\)/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /French \(Canada\)/ })).toBeVisible();
  await language.press('Enter');
  await expect(page).toHaveURL(/language=French/);
  // The rows are fr-FR and fr-CA, as many as the API has for the two codes (other specs place fr-FR orders meanwhile).
  await expectListCountAsApi(page, request, ACCOUNTS.coordinator, 'language=fr-FR,fr-CA');
  const codes = await grid(page).locator('code').allInnerTexts();
  expect(codes.length).toBeGreaterThan(0);
  for (const code of codes) expect(code).toMatch(/^(fr-FR|fr-CA|[A-Z]+)$/);

  const territory = page.getByRole('combobox', { name: 'Territory' });
  await territory.fill('Fran');
  const france = page.getByRole('option', { name: /^France/ });
  await expect(france).toBeVisible();
  await expectAccessible(page, 'the territory filter, open', '.filters');
  await territory.press('ArrowDown');
  await expect(territory).toHaveAttribute('aria-activedescendant', /.+/);
  await territory.press('Enter');
  await expect(page).toHaveURL(/territory=FR(&|$)/);
  await expect(territory).toHaveValue('FR');
  await expectListCountAsApi(page, request, ACCOUNTS.coordinator, 'language=fr-FR,fr-CA&territory=FR');

  // Reloaded from the URL, the list asks for the same.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('French');
});
