/**
 * Watermarked previews (docs/API.md, "Watermarks"): time to the first byte of each demo clip's view link for a viewer
 * who gets a mark — the first view (the copy is made by ffmpeg while the request waits) and the next one (the cached
 * copy) — beside the same clip unmarked (staff) in the same run. A fresh server on SQLite in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './lib/processes';
import { DEMO_CLIPS } from '../server/seed/demoMedia';

const STAFF = 'coordinator@mws.test:coordinator-demo';
const VIEWER = 'translator@mws.test:translator-demo';

interface Row {
  clip: string;
  seconds: number;
  unmarkedMs: number;
  firstMarkedMs: number;
  cachedMarkedMs: number;
  markedBytes: number;
  originalBytes: number;
}

async function api(base: string, account: string, pathname: string): Promise<unknown> {
  const res = await fetch(base + pathname, {
    headers: { Authorization: `Basic ${Buffer.from(account).toString('base64')}`, 'X-Range': 'resources=0-199' },
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return res.json();
}

/** Milliseconds to the first byte of the body, and the body's length. */
async function ttfb(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url);
  if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let chunk = await reader.read();
  const ms = performance.now() - started;
  let bytes = 0;
  while (!chunk.done) {
    bytes += chunk.value.length;
    chunk = await reader.read();
  }
  return { ms, bytes };
}

async function viewLink(base: string, account: string, project: string, assetName: string): Promise<string> {
  const projects = (await api(base, STAFF, '/api/projects')) as { _id: string; filePrefix: string }[];
  const projectId = projects.find((p) => p.filePrefix === project)!._id;
  const assets = (await api(base, STAFF, `/api/assets/countByProject?project=${projectId}`)) as {
    _id: string;
    name: string;
  }[];
  const asset = assets.find((a) => a.name === assetName)!;
  const previews = (await api(base, account, `/api/previews?asset=${asset._id}`)) as {
    path: string;
    media?: unknown;
  }[];
  return base + previews.find((p) => p.media)!.path;
}

export async function run(): Promise<{ data: { rows: Row[] }; markdown: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-bench-watermark-'));
  const server = await startServer({ dataDir, portBase: 8700 });
  const base = server.url;
  const rows: Row[] = [];
  try {
    for (const clip of DEMO_CLIPS) {
      console.log(`watermark: ${clip.name}…`);
      const unmarked = await ttfb(await viewLink(base, STAFF, clip.project, clip.asset));
      const marked = await viewLink(base, VIEWER, clip.project, clip.asset);
      const first = await ttfb(marked);
      const cached = await ttfb(marked);
      rows.push({
        clip: clip.name,
        seconds: clip.seconds,
        unmarkedMs: unmarked.ms,
        firstMarkedMs: first.ms,
        cachedMarkedMs: cached.ms,
        markedBytes: first.bytes,
        originalBytes: unmarked.bytes,
      });
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const markdown = [
    '## Watermarks',
    '',
    '`npm run bench -- --only watermark` (bench/watermark.ts): time to the first byte of a demo clip’s view link on a',
    'fresh server, unmarked (staff), then for a viewer who gets a mark: first view (ffmpeg makes the copy while the',
    'request waits) and the next (the cached copy).',
    '',
    '| clip | length | unmarked | first marked view | cached marked view | bytes (original → marked) |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.clip} | ${r.seconds} s | ${ms(r.unmarkedMs)} | ${ms(r.firstMarkedMs)} | ${ms(r.cachedMarkedMs)} | ${kb(r.originalBytes)} → ${kb(r.markedBytes)} |`,
    ),
    '',
  ].join('\n');
  return { data: { rows }, markdown };
}
