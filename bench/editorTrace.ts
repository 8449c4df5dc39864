/**
 * Where the 3,000-line editor's open time goes (docs/BENCHMARKS.md "Editor: the 3,000-line translation"): opens it
 * cold on loopback RUNS times with a CPU profile of the page's main thread, and prints per run the time to the first
 * line textareas, the request waterfall (start → end, ms since navigation) and the main thread's self time grouped by
 * activity: JS of each chunk, zod validation, JSON parse, React, garbage collection, the rest (style, layout, paint).
 *
 *   node --import tsx bench/editorTrace.ts <dist dir> [runs]
 *
 * Serves <dist dir> (a `vite build` output) on the bench's 100,000-work-request data set (bench/server.ts dataDir).
 */
import type { CDPSession } from '@playwright/test';
import { coldOpen, initScript, signedInSession, ACCOUNTS } from './browser';
import { dataDir } from './server';
import { launchChromium, startAppServer } from './lib/browserApp';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The activity a sample's stack belongs to: the innermost frame that says, else the chunk of its own code. */
function activityOf(stack: ProfileNode[]): string {
  for (let i = stack.length - 1; i >= 0; i--) {
    const { functionName, url } = stack[i]!.callFrame;
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)' || functionName === '(idle)') return functionName;
    if (/zod|schemas?[-.]/i.test(url)) return 'zod / schema chunk';
    if (functionName === 'parse' && url === '') return 'JSON.parse';
  }
  const own = stack[stack.length - 1]!.callFrame;
  const file = own.url.split('/').pop() || '(native)';
  return file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js');
}

async function profileRun(cdp: CDPSession): Promise<Map<string, number>> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.unshift(byId.get(at)!);
    const key = activityOf(stack);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

async function main(): Promise<void> {
  const dist = process.argv[2];
  if (!dist) throw new Error('usage: node --import tsx bench/editorTrace.ts <dist dir> [runs]');
  const runs = Number(process.argv[3] ?? 3);
  const { dir, ids } = await dataDir(100_000);
  const server = await startAppServer(dir, dist, 47300);
  const browser = await launchChromium();
  try {
    const translator = await signedInSession(server.url, ACCOUNTS.translator);
    const url = `${server.url}/work-requests/${encodeURIComponent(ids.workRequest3000)}/translation`;
    const script = initScript(translator, 'textarea[aria-label^="Translation of line"]', 10);
    for (let r = 0; r <= runs; r++) {
      let cdp: CDPSession | undefined;
      const opened = await coldOpen(browser, url, script, undefined, undefined, async (page) => {
        cdp = await page.context().newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      });
      const totals = await profileRun(cdp!);
      const waterfall = await opened.page.evaluate<{ name: string; start: number; end: number }[]>(
        `performance.getEntriesByType('resource').map((e) => ({ name: e.name.replace(location.origin, '').slice(0, 70), start: Math.round(e.startTime), end: Math.round(e.responseEnd) }))`,
      );
      await opened.context.close();
      if (r === 0) continue; // warm-up (server caches, the browser's disk)
      console.log(`\nrun ${r}: first ${10} lines visible at ${Math.round(opened.ready.frameAt)} ms`);
      for (const w of waterfall)
        console.log(`  ${String(w.start).padStart(5)} → ${String(w.end).padStart(5)}  ${w.name}`);
      const busy = [...totals].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]);
      const sum = busy.reduce((s, [, v]) => s + v, 0);
      console.log(`  main thread busy ${Math.round(sum)} ms (profile to the ready frame and a little after):`);
      for (const [k, v] of busy.slice(0, 14)) console.log(`    ${String(Math.round(v)).padStart(5)} ms  ${k}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
