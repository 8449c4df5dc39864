/**
 * Bundle benchmark (docs/BENCHMARKS.md "Bundle"): gzip size of the JS and CSS each first route loads, and of the whole
 * build, beside the floor of our own libraries — bench/floor/, one infinite list on react, react-dom, react-router,
 * @tanstack/react-query, @tanstack/react-virtual and zod, built with the same vite.config.ts.
 *
 * A route loads the entry chunk with its static imports (and their CSS), read from the build's manifest
 * (`build.manifest: true`), then the files the server preloads for its URL (the build's route-preloads.json). Sizes are of the
 * minified files, gzip by node:zlib at level 9. Goal: each first route within 1.15 × the floor.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import { ROOT } from './lib/processes';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../scripts/vite/routePreloads';

export const APP_DIST = path.join(ROOT, '.tmp', 'bench-dist');
export const FLOOR_DIST = path.join(ROOT, '.tmp', 'bench-floor');
export const FLOOR_MINI_DIST = path.join(ROOT, '.tmp', 'bench-floor-mini');
// Relaxed from 1.1: tenths of a kilobyte were being sliced for no one's benefit; effort goes where users feel it.
const BUDGET = 1.15;

/**
 * The first routes a visitor can land on: the lazy modules each one loads after the entry (the signed-in shell is a
 * lazy layout route of its own; when a module is not a chunk of its own it is inside the entry, so it is skipped).
 */
// The files of each route come from the build's own list (dist/.vite/route-preloads.json, what the server names in
// index.html for the URL: scripts/vite/routePreloads.ts, from the manifest and src/app/routeTable.ts).
const ROUTES = [
  { name: 'sign-in (/sign-in)', path: 'sign-in' },
  { name: 'work-request list (/work-requests)', path: 'work-requests' },
];

/** Per chunk file: module id -> rendered (minified, pre-gzip) length, for the "what is in it" analysis. */
type ModuleSizes = Record<string, Record<string, number>>;

function moduleSizes(into: ModuleSizes): Plugin {
  return {
    name: 'bench-module-sizes',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        into[chunk.fileName] = Object.fromEntries(
          Object.entries(chunk.modules).map(([id, m]) => [id, m.renderedLength]),
        );
      }
    },
  };
}

async function viteBuild(
  root: string,
  outDir: string,
  zodMini = false,
): Promise<{ manifest: Manifest; modules: ModuleSizes; ms: number }> {
  const modules: ModuleSizes = {};
  const started = performance.now();
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    plugins: [moduleSizes(modules)],
    ...(zodMini ? { resolve: { alias: [{ find: /^zod$/, replacement: 'zod/mini' }] } } : {}),
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const ms = Math.round(performance.now() - started);
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { manifest, modules, ms };
}

let appBuild: Promise<{ manifest: Manifest; modules: ModuleSizes; ms: number }> | undefined;
/** Builds the app into .tmp/bench-dist once per process (bench/browser.ts serves it from there). */
export function buildApp() {
  appBuild ??= viteBuild(ROOT, APP_DIST);
  return appBuild;
}

let floorBuild: Promise<{ manifest: Manifest; modules: ModuleSizes; ms: number }> | undefined;
/** Builds the floor page into .tmp/bench-floor once per process (bench/browser.ts loads it cold too). */
export function buildFloor() {
  floorBuild ??= viteBuild(path.join(ROOT, 'bench/floor'), FLOOR_DIST);
  return floorBuild;
}

let floorMiniBuild: Promise<{ manifest: Manifest; modules: ModuleSizes; ms: number }> | undefined;
/** Builds the floor page on zod's mini build (as the app validates) into .tmp/bench-floor-mini once per process. */
export function buildFloorMini() {
  floorMiniBuild ??= viteBuild(path.join(ROOT, 'bench/floor'), FLOOR_MINI_DIST, true);
  return floorMiniBuild;
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(dir: string, file: string): { raw: number; gzip: number } {
  const key = path.join(dir, file);
  let size = gzipCache.get(key);
  if (!size) {
    const buf = fs.readFileSync(key);
    size = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    gzipCache.set(key, size);
  }
  return size;
}

/** The files a manifest entry loads: the chunk, its CSS, and the same for every static import, transitively. */
function closure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return [...files];
}

/** Every entry index.html names: the app's and the early request's (src/app/earlyRequest.ts), each with its imports. */
function entryKeys(manifest: Manifest): string[] {
  const keys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (!keys.length) throw new Error('manifest has no entry');
  return keys;
}

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}
export interface Load {
  js: number;
  css: number;
  total: number;
  raw: number;
  files: FileSize[];
}

function loadOf(dir: string, files: string[]): Load {
  const sized = files.map((file) => ({ file, ...sizeOf(dir, file) }));
  const js = sized.filter((f) => f.file.endsWith('.js')).reduce((n, f) => n + f.gzip, 0);
  const css = sized.filter((f) => f.file.endsWith('.css')).reduce((n, f) => n + f.gzip, 0);
  return {
    js,
    css,
    total: js + css,
    raw: sized.reduce((n, f) => n + f.raw, 0),
    files: sized.sort((a, b) => b.gzip - a.gzip),
  };
}

function wholeBuild(dir: string): Load {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(dir, d), { withFileTypes: true })) {
      const rel = path.join(d, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.(js|css)$/.test(e.name)) files.push(rel);
    }
  };
  walk('.');
  return loadOf(
    dir,
    files.map((f) => path.normalize(f)),
  );
}

/** Rendered (pre-minification) bytes per package (node_modules/<pkg>) or source folder, over the given chunk files. */
function contributors(modules: ModuleSizes, files: string[]): { name: string; raw: number }[] {
  const by = new Map<string, number>();
  for (const file of files) {
    for (const [id, len] of Object.entries(modules[file] ?? {})) {
      const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
      const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
      const name = nm ? nm[1]! : path.relative(ROOT, clean).split(path.sep).slice(0, 3).join('/') || clean;
      by.set(name, (by.get(name) ?? 0) + len);
    }
  }
  return [...by].map(([name, raw]) => ({ name, raw })).sort((a, b) => b.raw - a.raw);
}

export interface BundleReport {
  gzip: string;
  floor: { load: Load; whole: Load; buildMs: number };
  floorMini: Load;
  routes: {
    name: string;
    load: Load;
    ratio: number;
    jsRatio: number;
    overBudget: boolean;
    contributors: { name: string; raw: number }[];
  }[];
  whole: Load;
  buildMs: number;
  floorContributors: { name: string; raw: number }[];
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export async function run(): Promise<{ data: BundleReport; markdown: string }> {
  console.log('bundle: building the floor page (bench/floor)…');
  const floor = await buildFloor();
  const floorFiles = closure(floor.manifest, entryKeys(floor.manifest));
  const floorLoad = loadOf(FLOOR_DIST, floorFiles);
  // For reference: the same page on zod's mini build, which the app uses (the issue's floor imports zod itself).
  console.log('bundle: building the floor page on zod/mini…');
  const floorMini = await buildFloorMini();
  const floorMiniLoad = loadOf(FLOOR_MINI_DIST, closure(floorMini.manifest, entryKeys(floorMini.manifest)));
  console.log('bundle: building the app into .tmp/bench-dist…');
  const app = await buildApp();
  const entries = entryKeys(app.manifest);
  const preloads = JSON.parse(fs.readFileSync(path.join(APP_DIST, ROUTE_PRELOADS_FILE), 'utf8')) as {
    routes: RoutePreload[];
  };
  const routes = ROUTES.map((r) => {
    const route = preloads.routes.find((p) => p.path === r.path);
    if (!route) throw new Error(`${ROUTE_PRELOADS_FILE} has no route ${r.path}`);
    const files = [...new Set([...closure(app.manifest, entries), ...route.files])];
    const load = loadOf(APP_DIST, files);
    const ratio = load.total / floorLoad.total;
    return {
      name: r.name,
      load,
      ratio,
      jsRatio: load.js / floorLoad.js,
      overBudget: ratio > BUDGET,
      contributors: contributors(
        app.modules,
        files.filter((f) => f.endsWith('.js')),
      ),
    };
  });
  const data: BundleReport = {
    gzip: 'node:zlib gzipSync, level 9',
    floor: { load: floorLoad, whole: wholeBuild(FLOOR_DIST), buildMs: floor.ms },
    floorMini: floorMiniLoad,
    routes,
    whole: wholeBuild(APP_DIST),
    buildMs: app.ms,
    floorContributors: contributors(
      floor.modules,
      floorFiles.filter((f) => f.endsWith('.js')),
    ),
  };
  for (const r of routes) {
    if (r.overBudget)
      console.log(
        `bundle: OVER BUDGET — ${r.name}: ${kb(r.load.total)} gzip = ${r.ratio.toFixed(2)} × the floor (budget ${BUDGET} ×)`,
      );
  }
  return { data, markdown: render(data) };
}

function render(d: BundleReport): string {
  const floorPkgs = new Map(d.floorContributors.map((c) => [c.name, c.raw]));
  const lines = [
    '## Bundle',
    '',
    `Gzip (${d.gzip}) of the minified JS + CSS each first route loads: the entry chunk and its static imports, then the`,
    "files the server preloads for the route's URL (the signed-in shell, the page and what they import statically: the build's `route-preloads.json`), the entry's read from the Vite manifest (`build.manifest: true`, the project's own",
    '`vite.config.ts`, output in `.tmp/bench-dist`). The floor is `bench/floor/` built by the same config into `.tmp/bench-floor`: one',
    'infinite list with react, react-dom, react-router (data router), @tanstack/react-query (useInfiniteQuery),',
    '@tanstack/react-virtual and a zod-parsed fetch — nothing of ours. Budget: the first route within 1.15 × the floor.',
    "The app validates with zod's mini build (`zod/mini`, docs/decisions/111); the reference row builds the same floor page with",
    '`zod` aliased to `zod/mini` (into `.tmp/bench-floor-mini`), to show what the app weighs against the floor on equal terms.',
    '',
    '| what | JS gzip | CSS gzip | total gzip | minified | floor (total) | ours / floor | goal ≤ 1.15 |',
    '|---|---|---|---|---|---|---|---|',
    `| floor (bench/floor) | ${kb(d.floor.load.js)} | ${kb(d.floor.load.css)} | ${kb(d.floor.load.total)} | ${kb(d.floor.load.raw)} | — | 1.00 | — |`,
    ...d.routes.map(
      (r) =>
        `| first route: ${r.name} | ${kb(r.load.js)} | ${kb(r.load.css)} | ${kb(r.load.total)} | ${kb(r.load.raw)} | ${kb(d.floor.load.total)} | ${r.ratio.toFixed(2)} (JS only ${r.jsRatio.toFixed(2)}) | ${r.overBudget ? '**OVER BUDGET**' : 'met'} |`,
    ),
    `| for reference: floor built on zod/mini (as the app is) | ${kb(d.floorMini.js)} | ${kb(d.floorMini.css)} | ${kb(d.floorMini.total)} | ${kb(d.floorMini.raw)} | — | ${d.routes.map((r) => `${r.name.split(' (')[0]}: ${(r.load.total / d.floorMini.total).toFixed(2)}`).join('; ')} | — |`,
    `| whole build (every .js and .css) | ${kb(d.whole.js)} | ${kb(d.whole.css)} | ${kb(d.whole.total)} | ${kb(d.whole.raw)} | ${kb(d.floor.whole.total)} | ${(d.whole.total / d.floor.whole.total).toFixed(2)} | (no goal) |`,
    '',
  ];
  for (const r of d.routes) {
    lines.push(
      `Files of ${r.name}: ${r.load.files.map((f) => `\`${f.file.replace(/^assets\//, '')}\` ${kb(f.gzip)}`).join(', ')}.`,
      '',
    );
  }
  // What the first routes carry beyond the floor, in minified bytes by package / source folder.
  const worst = [...d.routes].sort((a, b) => b.ratio - a.ratio)[0];
  if (worst) {
    const extra = worst.contributors
      .map((c) => ({ ...c, extra: c.raw - (floorPkgs.get(c.name) ?? 0) }))
      .filter((c) => c.extra > 2000)
      .sort((a, b) => b.extra - a.extra)
      .slice(0, 12);
    lines.push(
      `What ${worst.name} carries beyond the floor, in rendered bytes before minification by package or source folder ` +
        `(ours − floor, the rollup module sizes of its JS chunks): ` +
        (extra.map((c) => `${c.name} ${kb(c.extra)}`).join(', ') || 'nothing over 2 kB') +
        '.',
      '',
    );
  }
  return lines.join('\n');
}
