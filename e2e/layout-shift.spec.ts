/**
 * Pages do not jump while they load (docs/decisions/130-layout-breakpoints-no-shift.md): the layout shifts of a cold
 * load (the browser's own measure, `layout-shift` entries, summed as Cumulative Layout Shift; 0.1 is the web's "good"
 * limit) stay near zero. The coordinator's dashboard scored 0.22 (its tiles grew ~500 px when their orders came,
 * pushing the calendar down), the inbox on a phone 0.018 (its skeleton was shorter than the list) and the catalog on a
 * phone 0.04 (each card grew a line when its count came). Left: the unread count appearing in the navigation (~0.0002:
 * the links after it move over by its width).
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, type Account, settled, signIn } from './support';

/** The page's layout shifts from navigation until it has settled and a second more, summed. */
async function layoutShiftOf(page: Page, path: string): Promise<{ total: number; sources: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; source: string }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const source = entry.sources.map((s) => (s.node as Element | null)?.className || s.node?.nodeName).join(', ');
        w.__shifts.push({ value: entry.value, source });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await settled(page);
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; source: string }[] }).__shifts,
  );
  return {
    total: shifts.reduce((sum, s) => sum + s.value, 0),
    sources: shifts.map((s) => `${s.value.toFixed(4)} ${s.source}`),
  };
}

/** Signed in as `account`, each of `paths` loads cold with a layout shift under `limit`. */
async function expectStill(page: Page, account: Account, paths: string[], limit: number): Promise<void> {
  await signIn(page, account);
  for (const path of paths) {
    const { total, sources } = await layoutShiftOf(page, path);
    expect(total, `${path}\n${sources.join('\n')}`).toBeLessThan(limit);
  }
}

test('the dashboard does not move as its tiles and calendar load', async ({ page }) => {
  await expectStill(page, ACCOUNTS.coordinator, ['/dashboard'], 0.02);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the inbox does not move as its notifications load', async ({ page }) => {
    await expectStill(page, ACCOUNTS.admin, ['/notifications'], 0.005);
  });

  test('the catalog does not move as its counts load', async ({ page }) => {
    await expectStill(page, ACCOUNTS.admin, ['/catalog'], 0.005);
  });

  test('the dashboard does not move either', async ({ page }) => {
    await expectStill(page, ACCOUNTS.coordinator, ['/dashboard'], 0.02);
  });
});

test('the work-request list and the catalog projects do not move as their rows and filters load', async ({ page }) => {
  await expectStill(page, ACCOUNTS.admin, ['/work-requests', '/catalog/projects'], 0.005);
});
