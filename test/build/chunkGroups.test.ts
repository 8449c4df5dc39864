/**
 * The first-load chunk groups of vite.config.ts on a real build (docs/decisions/157-build-on-rolldown-chunk-groups.md):
 * Rolldown places the modules, so this checks what the groups are for.
 *
 * List pages are the pages that reach the infinite record table (statically, from the route table's modules). What the
 * work-request list, the page most sessions open first, shares with another list page must be in `lists` (or a group
 * every page loads before it): left to the automatic splitting, a shared module is a file of its own, one more
 * request for every cold list (docs/decisions/128-first-load-chunk-groups.md); in a page's group, the other list
 * pages load that page too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, SHELL_ROUTES } from '../../src/app/routeTable';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TABLE = 'src/components/InfiniteRecordTable.tsx';
const FIRST_LIST = 'work-requests';
/** The groups every list page loads (vite.config.ts), and the entry's chunk: where the list pages' shared modules belong. */
const SHARED_BY_LISTS = ['index', 'early', 'data', 'shell', 'lists'];
/**
 * Shared by the work-request list and other list pages but, as before the groups were Rolldown's, in the list's own
 * group, so every list page loads that group for them. Moving them to `lists` would add them to the editor's and
 * the settings' first loads (docs/decisions/157-build-on-rolldown-chunk-groups.md, "Left"). No module joins them.
 */
const IN_THE_LIST_GROUP = new Set([
  'src/api/missingExtensions.ts',
  'src/api/schema/counts.ts',
  'src/lib/foldText.ts',
  'src/lib/orders.ts',
  'src/lib/useDebounced.ts',
  'src/lib/useSearchText.ts',
  'src/lib/useSparseList.ts',
]);
/** The groups in their order (vite.config.ts): a group's chunk may import only the entry's, `early` or an earlier group's. */
const GROUP_ORDER = ['early', 'data', 'sign-in', 'shell', 'lists', 'work-request-list', 'records', 'editor'];

interface Built {
  /** Module (path from the project root) → the name of the chunk holding it. */
  chunkOf: Map<string, string>;
  /** Chunk name → the names of the chunks it imports statically. */
  importsOf: Map<string, string[]>;
  /** Module → the modules it imports statically. */
  graph: Map<string, string[]>;
}

function capture(into: Built): Plugin {
  const rel = (id: string) => (path.isAbsolute(id) ? path.relative(ROOT, id) : id);
  return {
    name: 'test-capture-chunks',
    buildEnd() {
      for (const id of this.getModuleIds())
        into.graph.set(rel(id), (this.getModuleInfo(id)?.importedIds ?? []).map(rel));
    },
    generateBundle(_options, bundle) {
      // The early script's entry has its group's name too: entries are named apart.
      const nameOf = (o: (typeof bundle)[string]) =>
        o.type === 'chunk' && o.isEntry && o.name !== 'index' ? `${o.name} (entry)` : (o.name ?? o.fileName);
      const names = new Map(Object.values(bundle).map((o) => [o.fileName, nameOf(o)]));
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) into.chunkOf.set(rel(id), nameOf(output));
        into.importsOf.set(nameOf(output), [
          ...(into.importsOf.get(nameOf(output)) ?? []),
          ...output.imports.map((f) => names.get(f)!),
        ]);
      }
    },
  };
}

const built: Built = { chunkOf: new Map(), importsOf: new Map(), graph: new Map() };
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-chunk-groups-'));

beforeAll(async () => {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    plugins: [capture(built)],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** Every module a page's modules reach by static imports. */
function reached(modules: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    built.graph.get(id)?.forEach(visit);
  };
  modules.forEach(visit);
  return seen;
}

const pageModules = (route: (typeof SHELL_ROUTES)[number]) => [
  route.module,
  ...(route.prefetch ? [route.prefetch.module] : []),
];

describe('first-load chunk groups', () => {
  it('what the work-request list shares with another list page is in their shared group', () => {
    const pages = [...PUBLIC_ROUTES, ...SHELL_ROUTES].map((r) => ({ path: r.path, reaches: reached(pageModules(r)) }));
    const lists = pages.filter((p) => p.reaches.has(TABLE));
    const first = lists.find((p) => p.path === FIRST_LIST)!;
    expect(lists.length, 'list pages besides the work-request list').toBeGreaterThan(5);
    const misplaced: string[] = [];
    for (const other of lists.filter((p) => p !== first))
      for (const module of other.reaches) {
        const chunk = built.chunkOf.get(module);
        // CSS and modules that render no code (types only) are in no chunk.
        if (first.reaches.has(module) && chunk !== undefined && !SHARED_BY_LISTS.includes(chunk))
          if (!(IN_THE_LIST_GROUP.has(module) && chunk === 'work-request-list'))
            misplaced.push(`${module} (with ${other.path}) in ${chunk}`);
      }
    expect([...new Set(misplaced)]).toEqual([]);
  });

  it("no two chunks import each other: a group's chunk imports only the entry's, the early script's or an earlier group's", () => {
    for (const [i, group] of GROUP_ORDER.entries()) {
      const allowed = ['index', ...GROUP_ORDER.slice(0, i)];
      expect(built.importsOf.get(group), group).toBeDefined();
      expect(
        built.importsOf.get(group)!.filter((c) => !allowed.includes(c)),
        group,
      ).toEqual([]);
    }
  });
});
