/**
 * Opening a translation: from the translations list a row goes straight to its editor (the row knows its work request
 * and kind), and a link to `/translations/:id` reads the translation to find it; either way the work request, which the
 * editor reads as it opens, is asked once (docs/decisions/101-reference-lists-read-once.md: the redirect read it too,
 * to learn the kind).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { ACCOUNTS, apiList, goInApp, settled, signIn } from './support';

/** The API GETs from now on, as "path?query". */
function apiGets(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/api/')) seen.push(url.pathname + url.search);
  });
  return seen;
}

const EDITOR = /\/work-requests\/([^/]+)\/(graphics-)?translation$/;

test('a translation opens in its editor from the list, and from a link, asking its work request once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.translator, { path: '/sign-in' });
  await goInApp(page, '/translations');
  const rows = page.getByRole('grid', { name: 'Translations' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible({ timeout: 15_000 });
  await settled(page);

  // From the list: a click on the row's asset opens the editor, without reading the translation's lines first.
  const fromList = apiGets(page);
  const first = rows.nth(1);
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(EDITOR);
  const [, workRequest] = EDITOR.exec(new URL(page.url()).pathname)!;
  await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
  expect(fromList.filter((g) => g === `/api/workrequests/${workRequest}`)).toHaveLength(1);
  // One translation record read: the transcription (the original text); the one opened rides in its work request.
  expect(fromList.filter((g) => /^\/api\/translations\/[^/?]+$/.test(g))).toHaveLength(1);

  // From a link to the translation: the translation is read, then the editor; the work request once.
  const { items } = await apiList<{ _id: string; workRequest?: string; kind?: string }>(
    request,
    ACCOUNTS.translator,
    '/translations',
  );
  const other = items.find((t) => t.workRequest && t.workRequest !== workRequest && t.kind === 'dialogue');
  expect(other, 'another dialogue translation of the translator').toBeTruthy();
  const fromLink = apiGets(page);
  await goInApp(page, `/translations/${other!._id}`);
  await expect(page).toHaveURL(`/work-requests/${other!.workRequest}/translation`);
  await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
  expect(fromLink.filter((g) => g === `/api/translations/${other!._id}`)).toHaveLength(1);
  expect(fromLink.filter((g) => g === `/api/workrequests/${other!.workRequest}`)).toHaveLength(1);
});
