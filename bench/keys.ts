/**
 * The editor's keystrokes alone (docs/BENCHMARKS.md "Editor: the 3,000-line translation"): the keystroke part of
 * bench/browser.ts without its cold loads, for measuring a change to the typing path in a minute instead of the
 * whole browser section. Each round opens the 3,000-line translation on loopback, types the same 200 keystrokes into
 * line 1 as bench/browser.ts, then the same into the bare textarea (bench/baselines/textarea.html): compare a round's
 * figures with its own baseline only, the machine is shared.
 *
 *   node --import tsx bench/keys.ts [rounds] [--dist <vite build dir>] [--profile] [--css '<rules>']
 *
 * Without --dist the app is built into .tmp/bench-dist (bench/bundle.ts); --dist <a build of main> (`git archive`,
 * `npx vite build --outDir`) measures the code before a change with the same client. --profile also records, during
 * the editor's keystrokes, where each keystroke's time goes (waiting to be dispatched, handled to its frame), a CPU
 * profile (self time by function) and a trace of the main thread (layouts and paints per keystroke, objects laid out
 * each), written to .tmp/keys.cpuprofile and .tmp/keys-trace.json for Chromium's DevTools. --css adds a style sheet
 * to the editor before typing: a CSS change tried without a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from '@playwright/test';
import { APP_DIST, buildApp } from './bundle';
import {
  ACCOUNTS,
  coldOpen,
  initScript,
  keyStats,
  LINE_SELECTOR,
  newContext,
  OPEN_LINES,
  signedInSession,
  type KeyStats,
} from './browser';
import { dataDir } from './server';
import { launchChromium, startAppServer } from './lib/browserApp';
import { ROOT } from './lib/processes';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dist: { type: 'string' }, profile: { type: 'boolean' }, css: { type: 'string' } },
});
const rounds = Number(positionals[0] ?? 2);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: {
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    elementCount?: number;
    data?: { type?: string };
  };
}

/** Self time by function (name, file:line) over the profile, and by the stack's outermost frame of our own code. */
function summariseProfile(profile: CpuProfile, keystrokes: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.split('/').pop() || '(native)';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const busy = [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
  const total = busy.reduce((s, [, v]) => s + v, 0);
  return [
    `CPU (profile over the typing): busy ${Math.round(total)} ms, ${(total / keystrokes).toFixed(1)} ms a keystroke; self time:`,
    ...busy.slice(0, 30).map(([k, v]) => `  ${(v / keystrokes).toFixed(2).padStart(6)} ms/key  ${k}`),
  ];
}

/** Renderer main-thread events by name: count and time per keystroke, and elements restyled / objects laid out. */
function summariseTrace(events: TraceEvent[], keystrokes: number): string[] {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const on = main ? events.filter((e) => e.pid === main.pid && e.tid === main.tid) : events;
  const by = new Map<string, { n: number; ms: number; elements: number; objects: number }>();
  for (const e of on) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const name = e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type ?? ''}` : e.name;
    const s = by.get(name) ?? { n: 0, ms: 0, elements: 0, objects: 0 };
    s.n++;
    s.ms += e.dur / 1000;
    s.elements += e.args?.elementCount ?? 0;
    s.objects += e.args?.beginData?.dirtyObjects ?? 0;
    by.set(name, s);
  }
  const wanted =
    /^(UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|Commit|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|ResizeObserver|IntersectionObserver|RunMicrotasks|HitTest|ParseHTML|MajorGC|MinorGC|V8\.GC)/;
  return [
    'Trace (main thread, per keystroke): count, time; elements restyled; objects laid out',
    ...[...by]
      .filter(([k]) => wanted.test(k))
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 25)
      .map(
        ([k, s]) =>
          `  ${(s.n / keystrokes).toFixed(2).padStart(6)} × ${(s.ms / keystrokes).toFixed(2).padStart(6)} ms  ${k}` +
          (s.elements ? `; ${Math.round(s.elements / s.n)} elements each` : '') +
          (s.objects ? `; ${Math.round(s.objects / s.n)} objects each` : ''),
      ),
  ];
}

/** Per keystroke: keydown's wait to dispatch (timeStamp to handler), handler to the next animation frame. */
const DELAYS = `(() => {
  const d = (window.__keyDelays = { input: [], toFrame: [], processing: [] });
  addEventListener('keydown', (e) => {
    const at = performance.now();
    d.input.push(at - e.timeStamp);
    requestAnimationFrame(() => d.toFrame.push(performance.now() - at));
  }, true);
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'keydown') d.processing.push(e.processingEnd - e.processingStart);
  }).observe({ type: 'event', durationThreshold: 16 });
})();`;
const q = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!.toFixed(1) : '–');
  return `${at(0.5)} / ${at(0.95)} ms`;
};

async function typeProfiled(page: Page, focus: string): Promise<{ stats: KeyStats; lines: string[] }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing,__metadata',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.evaluate(DELAYS);
  const stats = await keyStats(page, focus);
  const delays = await page.evaluate<{ input: number[]; toFrame: number[]; processing: number[] }>(
    'window.__keyDelays',
  );
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.end');
  await done;
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, '.tmp/keys.cpuprofile'), JSON.stringify(profile));
  fs.writeFileSync(path.join(ROOT, '.tmp/keys-trace.json'), JSON.stringify({ traceEvents: events }));
  return {
    stats,
    lines: [
      `Where a keystroke's rAF-after-input time goes (p50 / p95): waiting to be dispatched ${q(delays.input)}; keydown handled to its frame ${q(delays.toFrame)}; Event Timing processing (keydown to input handled) ${q(delays.processing)}`,
      ...summariseProfile(profile, stats.keystrokes),
      ...summariseTrace(events, stats.keystrokes),
    ],
  };
}

const row = (name: string, k: KeyStats) =>
  `${name.padEnd(9)} rAF p50 ${k.rafP50.toFixed(1).padStart(5)}  p95 ${k.rafP95.toFixed(1).padStart(5)}  max ${k.rafMax.toFixed(1).padStart(5)} ms; Event Timing ≥ 16 ms: ${k.etOver16}, p95 ${k.etP95.toFixed(0)}, max ${k.etMax.toFixed(0)} ms (${k.keystrokes} keys)`;

async function main(): Promise<void> {
  const dist = values.dist ? path.resolve(values.dist) : APP_DIST;
  if (!values.dist) {
    console.log('keys: building the app (.tmp/bench-dist)…');
    await buildApp();
  }
  fs.mkdirSync(path.join(dist, 'bench'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'bench/baselines/textarea.html'), path.join(dist, 'bench/textarea.html'));
  const { dir, ids } = await dataDir(100_000);
  const server = await startAppServer(dir, dist, 47400);
  const browser = await launchChromium();
  try {
    const translator = await signedInSession(server.url, ACCOUNTS.translator);
    const url = `${server.url}/work-requests/${encodeURIComponent(ids.workRequest3000)}/translation`;
    const script = initScript(translator, LINE_SELECTOR, OPEN_LINES);
    await (await coldOpen(browser, url, script)).context.close(); // warm-up (server caches, the browser's disk)
    for (let r = 1; r <= rounds; r++) {
      const opened = await coldOpen(browser, url, script);
      // --css: a style sheet added before typing, to try a change without a build.
      if (values.css)
        await opened.page.evaluate(
          `(() => { const s = new CSSStyleSheet(); s.replaceSync(${JSON.stringify(values.css)}); document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; })()`,
        );
      await opened.page.waitForTimeout(1000); // the originals and the QC pass land before typing, as bench/browser.ts
      const focus = `[data-testid="line-grid"] ${LINE_SELECTOR}`;
      const typed = values.profile
        ? await typeProfiled(opened.page, focus)
        : { stats: await keyStats(opened.page, focus), lines: [] };
      await opened.page.waitForTimeout(2500); // the autosave of the restored text goes out
      await opened.context.close();
      const t = await newContext(browser, '');
      const tp = await t.newPage();
      await tp.goto(`${server.url}/bench/textarea.html`);
      if (values.profile) await tp.evaluate(DELAYS);
      const baseline = await keyStats(tp, 'textarea');
      if (values.profile) {
        const d = await tp.evaluate<{ input: number[]; toFrame: number[] }>('window.__keyDelays');
        typed.lines.unshift(
          `textarea: waiting to be dispatched ${q(d.input)}; keydown handled to its frame ${q(d.toFrame)}`,
        );
      }
      await t.close();
      console.log(
        `\nround ${r} (${new Date().toISOString().slice(11, 16)} UTC, load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
      );
      console.log(row('editor', typed.stats));
      console.log(row('textarea', baseline));
      console.log(
        `ratio    p50 ${(typed.stats.rafP50 / baseline.rafP50).toFixed(2)}  p95 ${(typed.stats.rafP95 / baseline.rafP95).toFixed(2)}`,
      );
      for (const l of typed.lines) console.log(l);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
