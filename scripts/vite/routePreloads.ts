/**
 * Build step: for every page of the route table (src/app/routeTable.ts), the files its first load needs beyond what
 * index.html already names (the entries'): the page's lazy chunks (its prefetch module's, the signed-in shell's, the
 * page's), their static imports and their CSS, read from Vite's manifest (`build.manifest`) and written to
 * `dist/.vite/route-preloads.json`. The server puts them into index.html as `<link rel="modulepreload">` and
 * stylesheet links for the route the URL names (server/http/routePreloads.ts), so the browser asks for the whole first
 * route at once instead of discovering it chunk by chunk.
 *
 * Why a plugin at all: Vite writes the manifest, but no list by route. The manifest names a chunk by the module it
 * stands for; a module inside a chunk group (vite.config.ts) has no key of its own, so the group that names it as a
 * root gives its chunk (the manifest's `name`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { PUBLIC_ROUTES, SHELL_MODULE, SHELL_ROUTES } from '../../src/app/routeTable.ts';

/** Where the build writes the lists, relative to the output directory. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** One page: its path pattern (react-router's, relative to `/`) and the files to preload, relative to the output directory. */
export interface RoutePreload {
  path: string;
  files: string[];
}

/** A chunk group as far as the lists need it: its name and the modules (paths from the project root) it names. */
export interface NamedGroup {
  name: string;
  roots: readonly (string | RegExp)[];
}

/**
 * The pages in matching order (public pages first, as preloadPage.ts's pageFor), each with the modules its first load
 * imports: the prefetch module first (as preloadPage.ts asks for it first: the page's first request leaves soonest),
 * the shell for the pages inside it, the page.
 */
export function routeModules(): { path: string; modules: string[] }[] {
  return [
    ...PUBLIC_ROUTES.map((r) => ({ route: r, inShell: false })),
    ...SHELL_ROUTES.map((r) => ({ route: r, inShell: true })),
  ].map(({ route, inShell }) => ({
    path: route.path,
    modules: [
      ...new Set([
        ...(route.prefetch ? [route.prefetch.module] : []),
        ...(inShell ? [SHELL_MODULE.module] : []),
        route.module,
      ]),
    ],
  }));
}

/** A chunk as far as the lists need it: its file, what it imports statically (keys of the same map) and its CSS. */
export interface ChunkInfo {
  fileName: string;
  imports: string[];
  css: string[];
}

/** The chunks' files, their CSS and the same for their static imports, transitively (without `except`). */
export function chunkClosure(chunks: Map<string, ChunkInfo>, start: string[], except = new Set<string>()): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunks.get(key);
    if (!chunk) return;
    for (const file of [chunk.fileName, ...chunk.css]) if (!except.has(file) && !files.includes(file)) files.push(file);
    chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  return files;
}

/** The manifest's key of the chunk that holds `module`: its own, or its group's. */
function chunkKeyOf(manifest: Manifest, module: string, groups: readonly NamedGroup[]): string {
  if (manifest[module]) return module;
  const group = groups.find((g) => g.roots.includes(module))?.name;
  const keys = Object.keys(manifest).filter((k) => k.startsWith('_') && manifest[k]!.name === group);
  if (group && keys.length === 1) return keys[0]!;
  throw new Error(
    `routePreloads: no chunk of ${module} in the manifest` +
      (group ? ` (its group ${group} has ${keys.length} chunks)` : ': a lazy module in a group must be a root of it'),
  );
}

/** The lists of every page of the route table, from a build's manifest. */
export function routePreloadLists(manifest: Manifest, groups: readonly NamedGroup[]): RoutePreload[] {
  const chunks = new Map<string, ChunkInfo>(
    Object.entries(manifest).map(([key, c]) => [key, { fileName: c.file, imports: c.imports ?? [], css: c.css ?? [] }]),
  );
  // What index.html already names: every entry chunk with its static imports and CSS.
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inHtml = new Set(chunkClosure(chunks, entries));
  return routeModules().map((route) => ({
    path: route.path,
    files: chunkClosure(
      chunks,
      route.modules.map((m) => chunkKeyOf(manifest, m, groups)),
      inHtml,
    ),
  }));
}

export function routePreloads(groups: readonly NamedGroup[]): Plugin {
  let root = process.cwd();
  return {
    name: 'mws-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      if (!config.build.manifest)
        throw new Error('routePreloads: the lists are read from the manifest (build.manifest)');
    },
    // Once the files, the manifest among them, are written (precompress, at closeBundle, then encodes the lists too).
    writeBundle(options) {
      // Another root (the bench's floor page) has no pages.
      if (!fs.existsSync(path.resolve(root, SHELL_MODULE.module)) || !options.dir) return;
      const manifest = JSON.parse(
        fs.readFileSync(path.join(options.dir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const routes = routePreloadLists(manifest, groups);
      fs.writeFileSync(path.join(options.dir, ROUTE_PRELOADS_FILE), `${JSON.stringify({ routes }, null, 1)}\n`);
    },
  };
}
