/**
 * Any row of 100,000 (docs/decisions/100-sparse-lists-any-row.md): `npm run bench -- --only jump`. Headless Chromium on
 * the work-request list of the 100,000-work-request data set (the app built by bench/bundle.ts, the server as in
 * bench/browser.ts):
 *
 * - "Go to row" 50,000 and Ctrl+End (row 100,000): time from the action to the row painted, list requests made,
 *   rows in the DOM, JS heap after a forced GC;
 * - a fast drag of the scrollbar from the top to 3/4 down in 1 s (the scroll position set every frame): requests
 *   made during the drag and after it, and the time from its stop to the rows there painted;
 * - beside them, today's way to a far row with the same build: the total hidden (the bench removes the answers'
 *   Content-Range, so the list falls back to loading page after page) and the grid scrolled to its end every frame
 *   until row 10,000 is in the DOM — bench/browser.ts's "infinite scroll to row 10,000", measured in the same run.
 */
import type { Page } from '@playwright/test';
import { APP_DIST, buildApp } from './bundle';
import { ACCOUNTS, initScript, ROW_SELECTOR, signedInSession } from './browser';
import { dataDir } from './server';
import { hideListTotal, launchChromium, LIST_PATH, startAppServer } from './lib/browserApp';

const VIEWPORT = { width: 1280, height: 1000 };
const SCROLL_TO = 10_000;

interface Jump {
  /** From the action to the frame after the target row is a data row in the DOM. */
  ms: number;
  requests: string[];
  rowsInDom: number;
  heapAfterGc: number;
}

export interface JumpReport {
  total: number;
  goTo50000: Jump;
  end: Jump;
  drag: { requestsDuring: number; requestsAfter: string[]; msFromStop: number; rowsInDom: number };
  infiniteTo10000: Jump;
}

/** Resolves, in the page, in the frame after `selector` matches; answers ms since `t0` (performance.now()). */
const waitForRow = (selector: string, t0Expr: string) => `new Promise((resolve, reject) => {
  const started = performance.now();
  const tick = () => {
    if (document.querySelector(${JSON.stringify(selector)})) return requestAnimationFrame(() => resolve(performance.now() - ${t0Expr}));
    if (performance.now() - started > 300000) return reject(new Error('not reached in 300 s: ' + ${JSON.stringify(selector)}));
    requestAnimationFrame(tick);
  };
  tick();
})`;

const rowSelector = (index: number) => `[role="grid"] [role="row"][aria-rowindex="${index + 2}"][aria-selected]`;

async function measure(page: Page, requests: string[], act: () => Promise<number>): Promise<Jump> {
  const from = requests.length;
  const ms = await act();
  const made = requests.slice(from);
  const rowsInDom = await page.evaluate<number>(
    `document.querySelectorAll('[role="grid"] [role="rowgroup"] + [role="rowgroup"] [role="row"]').length`,
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return { ms, requests: made, rowsInDom, heapAfterGc: heap.usedSize };
}

export async function run(o: { workRequests: number }): Promise<{ data: JumpReport; markdown: string }> {
  console.log(`jump: preparing ${o.workRequests} work requests…`);
  const { dir } = await dataDir(o.workRequests);
  console.log('jump: building the app (.tmp/bench-dist)…');
  await buildApp();
  const server = await startAppServer(dir, APP_DIST, 19100);
  const browser = await launchChromium();
  try {
    const base = server.url;
    const session = await signedInSession(base, ACCOUNTS.admin);
    const open = async (hideTotal: boolean) => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      await context.addInitScript({ content: initScript(session, ROW_SELECTOR, 10) });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => {
        if (LIST_PATH.test(r.url())) requests.push(r.headers()['x-range'] ?? '');
      });
      if (hideTotal) {
        await hideListTotal(page);
      }
      await page.goto(`${base}/work-requests`, { waitUntil: 'commit' });
      await page.evaluate('window.__benchReady');
      return { page, context, requests };
    };

    // ---- Go to row 50,000, then Ctrl+End ----
    console.log('jump: go to row 50,000 and the end…');
    const a = await open(false);
    const totalText = await a.page.locator('.page__count').textContent();
    const total = Number((totalText ?? '').replace(/\D/g, ''));
    await a.page.getByLabel('Go to row').fill('50000');
    const goTo50000 = await measure(a.page, a.requests, () =>
      a.page.evaluate<number>(`(() => {
        const t0 = performance.now();
        [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Go').click();
        return ${waitForRow(rowSelector(49_999), 't0')};
      })()`),
    );
    await a.page.waitForTimeout(500);
    await a.page.evaluate(
      `addEventListener('keydown', (e) => { window.__keyAt = e.timeStamp; }, { capture: true, once: true })`,
    );
    const waiting = a.page.evaluate<number>(waitForRow(rowSelector(total - 1), 'window.__keyAt'));
    const end = await measure(a.page, a.requests, async () => {
      await a.page.keyboard.press('Control+End');
      return waiting;
    });
    await a.context.close();

    // ---- A fast drag from the top to 3/4 down ----
    console.log('jump: dragging the scrollbar…');
    const d = await open(false);
    const before = d.requests.length;
    const stopRow = await d.page.evaluate<number>(`(async () => {
      const el = document.querySelector('[role="grid"]');
      const to = el.scrollHeight * 0.75;
      const t0 = performance.now();
      while (performance.now() - t0 < 1000) {
        el.scrollTop = (to * (performance.now() - t0)) / 1000;
        await new Promise((r) => requestAnimationFrame(() => r()));
      }
      el.scrollTop = to;
      window.__dragStoppedAt = performance.now();
      const rowHeight = el.querySelector('[role="rowgroup"] + [role="rowgroup"] [role="row"]').getBoundingClientRect().height;
      return Math.floor(to / rowHeight) + 2;
    })()`);
    // Pages are asked for only once the view held still (120 ms): what was asked by now was asked during the drag.
    const during = d.requests.length - before;
    const msFromStop = await d.page.evaluate<number>(waitForRow(rowSelector(stopRow), 'window.__dragStoppedAt'));
    const drag = {
      requestsDuring: during,
      requestsAfter: d.requests.slice(before + during),
      msFromStop,
      rowsInDom: await d.page.evaluate<number>(
        `document.querySelectorAll('[role="grid"] [role="rowgroup"] + [role="rowgroup"] [role="row"]').length`,
      ),
    };
    await d.context.close();

    // ---- Today's way: total hidden, scrolled to the end every frame until row 10,000 ----
    console.log(`jump: infinite scroll to row ${SCROLL_TO} with the total hidden…`);
    const s = await open(true);
    const infiniteTo10000 = await measure(s.page, s.requests, () =>
      s.page.evaluate<number>(`(async () => {
        const el = document.querySelector('[role="grid"]');
        const t0 = performance.now();
        while (!document.querySelector(${JSON.stringify(rowSelector(SCROLL_TO - 1))})) {
          el.scrollTop = el.scrollHeight;
          await new Promise((r) => requestAnimationFrame(() => r()));
          if (performance.now() - t0 > 300000) throw new Error('row ${SCROLL_TO} not reached in 300 s');
        }
        return performance.now() - t0;
      })()`),
    );
    await s.context.close();

    const data: JumpReport = { total, goTo50000, end, drag, infiniteTo10000 };
    return { data, markdown: render(data) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
const repeats = (xs: string[]) => xs.length - new Set(xs).size;
/** The ranges asked, or the first and last of many. */
const ranges = (xs: string[]) =>
  xs.length === 0 ? 'none' : xs.length <= 4 ? xs.join(', ') : `${xs[0]} … ${xs[xs.length - 1]}`;

function render(d: JumpReport): string {
  const row = (name: string, j: Jump) =>
    `| ${name} | ${ms(j.ms)} | ${j.requests.length} (${ranges(j.requests)}; ${repeats(j.requests)} repeated) | ${j.rowsInDom} | ${mb(j.heapAfterGc)} |`;
  return [
    `### Any row of ${d.total.toLocaleString('en')} (jump)`,
    '',
    'The work-request list knows its total from the first answer: "Go to row" and Ctrl+End fetch only the pages then in view',
    '(bench/jump.ts). The last line is the way there before (the same build with Content-Range removed from the answers, so',
    'the list loads page after page, scrolled to its end every frame) — the "infinite scroll to row 10,000" of the browser section.',
    'Goal: rows from the middle on screen within 0.5 s on loopback with one or two requests.',
    '',
    '| action | time to the row painted | list requests | rows in the DOM | JS heap after GC |',
    '|---|---|---|---|---|',
    row('Go to row 50,000', d.goTo50000),
    row(`Ctrl+End (row ${d.total.toLocaleString('en')})`, d.end),
    row(`before: infinite scroll to row ${SCROLL_TO.toLocaleString('en')} (total hidden)`, d.infiniteTo10000),
    '',
    `A fast drag of the scrollbar to 3/4 down in 1 s: ${d.drag.requestsDuring} list requests during it, ${d.drag.requestsAfter.length} after it stopped (${ranges(d.drag.requestsAfter)}); rows there painted ${ms(d.drag.msFromStop)} after the stop; ${d.drag.rowsInDom} rows in the DOM.`,
    '',
  ].join('\n');
}
