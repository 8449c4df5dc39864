/**
 * The pages' Content-Security-Policy (docs/API.md, "Limits and headers") is enforced and the app never trips it:
 * every page is visited while violations are collected (the `securitypolicyviolation` event and the console's
 * report), and an inline script added on purpose shows the collection works.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, apiList, basic, settled, signIn } from './support';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations!.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return seen;
}

async function violationsOn(page: Page, console: string[]): Promise<string[]> {
  return [...console, ...(await page.evaluate<string[]>(() => window.cspViolations ?? []))];
}

test('no page of the app violates its Content-Security-Policy', async ({ page, request }) => {
  test.setTimeout(180_000);
  const consoleReports = await watchViolations(page);
  const admin = { Authorization: basic(ACCOUNTS.admin), 'X-Requested-With': 'XMLHttpRequest' };

  // The runtime configuration is read from the page's JSON block: no round trip for /config.json.
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/config.json') configRequests.push(r.url());
  });
  const signInPage = await page.goto('/sign-in');
  const csp = signInPage!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(configRequests).toEqual([]);

  const invited = await request.put('/api/users', {
    headers: admin,
    data: { emailNormal: `csp.${Date.now()}@example.com` },
  });
  await page.goto(`/invite/${((await invited.json()) as { inviteCode: string }).inviteCode}`);
  await expect(page.getByLabel('Your name')).toBeVisible();

  await signIn(page, ACCOUNTS.admin);
  const first = async (path: string) =>
    (await apiList<{ _id: string }>(request, ACCOUNTS.admin, path, 'resources=0-0')).items[0]!._id;
  const workRequest = await first('/workrequests?status=in-progress');
  const pages = [
    '/work-requests',
    '/work-requests?view=automation',
    `/work-requests/${workRequest}`,
    `/work-requests/${workRequest}/translation`,
    '/translations',
    `/translations/${await first('/translations')}`,
    '/shares',
    `/shares/${await first('/shares')}`,
    '/notifications',
    '/settings',
    '/catalog',
    '/catalog/studios',
    '/catalog/projects',
    `/catalog/projects/${await first('/projects')}`,
    `/catalog/assets/${await first('/assets/countByProject')}`,
    '/catalog/languages',
    '/catalog/territories',
    '/catalog/users',
    '/no-such-page',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settled(page);
    expect(await violationsOn(page, consoleReports), path).toEqual([]);
  }

  // The watch works: an inline script, which the policy forbids, is reported and does not run.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.inlineRan = "yes"';
    document.body.append(script);
  });
  await expect.poll(async () => (await violationsOn(page, consoleReports)).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.body.dataset.inlineRan)).toBeUndefined();
});
