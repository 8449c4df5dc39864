/** Shared helpers for the e2e specs: demo accounts, signing in through the UI, calling the API directly. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const ACCOUNTS = {
  admin: { username: 'admin@mws.test', password: 'admin-demo' },
  coordinator: { username: 'coordinator@mws.test', password: 'coordinator-demo' },
  translator: { username: 'translator@mws.test', password: 'translator-demo' },
  /** Sam Okafor coordinates one studio of the demo (Harbor Lane): the studio scope's other side. */
  harborCoordinator: { username: 'sam.okafor@harborlane.test', password: 'demo-password' },
} as const;
/** A demo account, or another user a spec signs in as. */
export type Account = { readonly username: string; readonly password: string };

export function basic(account: Account): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}

export async function signIn(
  page: Page,
  account: Account,
  options: { remember?: boolean; path?: string } = {},
): Promise<void> {
  await page.goto(options.path ?? '/sign-in');
  await page.getByLabel('Username or e-mail').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (options.remember) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** GET a list from the API as `account`, with the range header; returns items and the total. */
export async function apiList<T = Record<string, unknown>>(
  request: APIRequestContext,
  account: Account,
  path: string,
  range = 'resources=0-99',
): Promise<{ items: T[]; total: number | undefined }> {
  const response = await request.get(`/api${path}`, {
    headers: { Authorization: basic(account), 'X-Requested-With': 'XMLHttpRequest', 'X-Range': range },
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  const total = /\/(\d+)$/.exec(response.headers()['content-range'] ?? '')?.[1];
  return { items: (await response.json()) as T[], total: total ? Number(total) : undefined };
}

/** The grid of the work request list. */
export function grid(page: Page) {
  return page.getByRole('grid', { name: /work requests|automation queue/i });
}

/**
 * Waits until the page shows no loading placeholders. Not 'networkidle': the shell keeps a live notification
 * stream open, so the network is never idle.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.skeleton-block, .skeleton-rows, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * axe-core on the page as it is now (or on `include`, a selector): no serious or critical violations of WCAG 2.1
 * A/AA. The failure lists each rule with up to three of its nodes.
 */
export async function expectAccessible(page: Page, name: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(summary, `accessibility of ${name}`).toEqual([]);
}

/** The translation textarea of line `line` (1-based) in the line editor. */
export function editorLine(page: Page, line: number) {
  return page.getByRole('textbox', { name: `Translation of line ${line}`, exact: true });
}

/** Opens the line editor of a work request's translation and waits for its first line. */
export async function openTranslationEditor(page: Page, workRequestId: string): Promise<void> {
  await page.goto(`/work-requests/${workRequestId}/translation`);
  await expect(page.getByRole('grid', { name: /translation lines/i })).toBeVisible();
  await expect(editorLine(page, 1)).toBeVisible();
}

/**
 * Places an unassigned fr-FR order (through the API, as the coordinator) for the asset of a Northlight work request,
 * with a translation of its own: for specs that change records, so that they change only their own. Answers the
 * record as the API returns it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records read as JSON; specs name the fields they read
export async function placeOrder(request: APIRequestContext, instructions: string): Promise<Record<string, any>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  type Rec = Record<string, any>;
  const studios = (await apiList<Rec>(request, ACCOUNTS.coordinator, '/studios')).items;
  const north = studios.find((s) => s.name === 'Northlight Pictures')!;
  const { items } = await apiList<Rec>(request, ACCOUNTS.coordinator, '/workrequests?language=fr-FR');
  const model = items.find((w) => w.studio === north._id && w.asset?._id)!;
  const response = await request.post('/api/workrequests', {
    headers: { Authorization: basic(ACCOUNTS.coordinator), 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      asset: model.asset._id,
      language: 'fr-FR',
      territory: model.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: Math.floor(Date.now() / 1000) + 9 * 86_400, tz: 'Europe/Paris' },
      instructions: `${instructions} ${Date.now()}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Rec;
}

/**
 * An order of the demo translator's own for a spec that edits a translation: placed as the admin (so no spec looking
 * for the coordinator's requests finds it) on an asset whose dialogue has at least `minLines` lines, assigned to the
 * translator and moved to in progress, its lines written `Ligne 1`, `Ligne 2`… so that the spec starts from known text. Specs
 * that took "the newest in-progress translation" edited whatever another spec had placed last (the list is newest
 * first): session 7's CI failed on a line another spec had filled.
 */
export async function placeTranslatorOrder(
  request: APIRequestContext,
  instructions: string,
  minLines = 5,
): Promise<{ workRequest: string; translation: string }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  type Rec = Record<string, any>;
  const call = async (as: Account, method: string, path: string, data?: unknown, headers: Rec = {}) => {
    const response = await request.fetch(`/api${path}`, {
      method,
      headers: { Authorization: basic(as), 'X-Requested-With': 'XMLHttpRequest', ...headers },
      data,
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return { body: (await response.json()) as Rec, etag: response.headers()['etag'] };
  };
  const studios = (await apiList<Rec>(request, ACCOUNTS.coordinator, '/studios')).items;
  const north = studios.find((s) => s.name === 'Northlight Pictures')!;
  const { items } = await apiList<Rec>(request, ACCOUNTS.coordinator, '/workrequests?language=fr-FR');
  const seen = new Set<string>();
  let model: Rec | undefined;
  for (const w of items) {
    const dialogue = w.asset?.transcription?.dialogue as string | undefined;
    if (w.studio !== north._id || !dialogue || seen.has(dialogue)) continue;
    seen.add(dialogue);
    const lines = ((await call(ACCOUNTS.coordinator, 'GET', `/translations/${dialogue}`)).body.lines ?? []) as Rec[];
    if (lines.length >= minLines) {
      model = w;
      break;
    }
  }
  expect(model, `a Northlight asset with ${minLines} lines of dialogue or more`).toBeDefined();
  const placed = (
    await call(ACCOUNTS.admin, 'POST', '/workrequests', {
      asset: model!.asset._id,
      language: 'fr-FR',
      territory: model!.territory,
      dng: { dialogue: ['subtitles'], narration: [], graphics: [] },
      due: { date: Math.floor(Date.now() / 1000) + 9 * 86_400, tz: 'Europe/Paris' },
      instructions: `${instructions} ${Date.now()}`,
    })
  ).body;
  const workRequest = placed._id as string;
  const translation = placed.translation._id as string;
  const translatorId = (await call(ACCOUNTS.translator, 'GET', '/users/me')).body._id as string;
  await call(ACCOUNTS.admin, 'PUT', `/workrequests/${workRequest}`, { assignee: translatorId });
  await call(ACCOUNTS.admin, 'PUT', `/workrequests/${workRequest}`, { status: 'in-progress', reason: 'e2e' });
  const current = await call(ACCOUNTS.translator, 'GET', `/translations/${translation}`);
  const lines = (current.body.lines as Rec[]).map((l, i) => ({ ...l, text: `Ligne ${i + 1}` }));
  await call(ACCOUNTS.translator, 'PUT', `/translations/${translation}`, { lines }, { 'If-Match': current.etag });
  return { workRequest, translation };
}
