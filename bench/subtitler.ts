/**
 * The Subtitler's part of the browser benchmark (docs/decisions/124-subtitler-panes.md): the editor opened on the
 * translation with the longest media the translator can reach in the data set (a demo clip, or the long feature when
 * the data set has its media), timed to the frame that shows its waveform ready, and the page's JS heap afterwards with
 * the number of waveform segments in the DOM (they are kept only near the view). Run by bench/browser.ts.
 */
import type { Browser } from '@playwright/test';
import { coldOpen, initScript } from './browser';

const RUNS = 3;
const WAVEFORM_READY = '[data-testid="waveform"][data-ready]';

interface Session {
  authorization: string;
}

export interface SubtitlerReport {
  /** Undefined when no translation of the translator has media in this data set. */
  target?: { workRequest: string; asset: string; lines: number; mediaSeconds: number; mime: string };
  openMs: number[];
  openMedian: number;
  heapBeforeGc: number;
  heapAfterGc: number;
  segmentsInDom: number;
  peaks: number;
}

async function getJson<T>(base: string, path: string, session: Session, range?: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    headers: {
      Authorization: session.authorization,
      'X-Requested-With': 'XMLHttpRequest',
      ...(range ? { 'X-Range': range } : {}),
    },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The translator's translation whose asset has the longest media (ties: more lines). */
async function findTarget(base: string, session: Session): Promise<SubtitlerReport['target']> {
  const translations = await getJson<{ _id: string; workRequest?: string; kind?: string; asset?: string }[]>(
    base,
    '/translations?status=incomplete',
    session,
    'resources=0-199',
  );
  let best: SubtitlerReport['target'];
  const seenAssets = new Map<string, { duration: number; mime: string } | undefined>();
  for (const t of translations) {
    if (!t.workRequest || t.kind === 'graphics' || !t.asset) continue;
    if (!seenAssets.has(t.asset)) {
      const previews = await getJson<{ media?: { duration?: number; mime?: string } }[]>(
        base,
        `/previews?asset=${encodeURIComponent(t.asset)}`,
        session,
      );
      const longest = previews
        .map((p) => p.media)
        .filter((m) => m?.duration && m.mime)
        .sort((a, b) => b!.duration! - a!.duration!)[0];
      seenAssets.set(t.asset, longest ? { duration: longest.duration!, mime: longest.mime! } : undefined);
    }
    const media = seenAssets.get(t.asset);
    if (!media || (best && best.mediaSeconds > media.duration)) continue;
    const wr = await getJson<{ translation?: { _id?: string; lines?: unknown[] } }>(
      base,
      `/workrequests/${t.workRequest}`,
      session,
    );
    const lines = wr.translation?._id === t._id ? (wr.translation.lines?.length ?? 0) : 0;
    if (lines === 0 || (best && best.mediaSeconds === media.duration && best.lines >= lines)) continue;
    best = { workRequest: t.workRequest, asset: t.asset, lines, mediaSeconds: media.duration, mime: media.mime };
  }
  return best;
}

export async function measureSubtitler(browser: Browser, base: string, translator: Session): Promise<SubtitlerReport> {
  const target = await findTarget(base, translator);
  const empty = { openMs: [], openMedian: NaN, heapBeforeGc: NaN, heapAfterGc: NaN, segmentsInDom: 0, peaks: 0 };
  if (!target) return empty;
  const url = `${base}/work-requests/${encodeURIComponent(target.workRequest)}/translation`;
  const script = initScript(translator, WAVEFORM_READY, 1);
  await (await coldOpen(browser, url, script)).context.close(); // warm-up
  const openMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await coldOpen(browser, url, script);
    openMs.push(run.ready.frameAt);
    if (i < RUNS - 1) {
      await run.context.close();
      continue;
    }
    await run.page.waitForTimeout(1000);
    const cdp = await run.context.newCDPSession(run.page);
    const before = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.send('HeapProfiler.collectGarbage');
    const after = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const segmentsInDom = await run.page.locator('[data-testid="waveform"] [part~="region"]').count();
    const peaks = await run.page.evaluate(async () => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/peaks'));
      if (!entry) return 0;
      const body = (await (await fetch(entry.name)).json()) as { peaks?: unknown[] };
      return body.peaks?.length ?? 0;
    });
    await run.context.close();
    const sorted = [...openMs].sort((a, b) => a - b);
    return {
      target,
      openMs,
      openMedian: sorted[Math.floor(sorted.length / 2)]!,
      heapBeforeGc: before.usedSize,
      heapAfterGc: after.usedSize,
      segmentsInDom,
      peaks,
    };
  }
  return empty;
}

export function renderSubtitler(s: SubtitlerReport): string[] {
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
  if (!s.target)
    return ['### Subtitler', '', 'Not measured: no translation of the translator has media in this data set.', ''];
  const t = s.target;
  return [
    '### Subtitler: the editor with its media',
    '',
    `The translator's translation with the longest media in the data set: ${t.lines.toLocaleString('en')} lines, ${Math.round(t.mediaSeconds)} s of \`${t.mime}\``,
    `(work request \`${t.workRequest}\`). Time to open: navigation until the frame after the waveform is ready (peaks read, wavesurfer.js and its`,
    `Regions plugin loaded, segments drawn), ${RUNS} runs, fresh context each, after a warm-up. Heap: the last run, 1 s after ready.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| time to open with the waveform ready (median; runs) | ${Math.round(s.openMedian)} ms (${s.openMs.map((x) => Math.round(x)).join(', ')}) |`,
    `| JS heap after a forced GC (before it) | ${mb(s.heapAfterGc)} (${mb(s.heapBeforeGc)}) |`,
    `| waveform segments in the DOM / lines | ${s.segmentsInDom} / ${t.lines.toLocaleString('en')} |`,
    `| peak values drawn | ${s.peaks.toLocaleString('en')} |`,
    '',
  ];
}
