import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { earlyEntry } from './scripts/vite/earlyEntry.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { routePreloads } from './scripts/vite/routePreloads.ts';
import { PUBLIC_ROUTES, SHELL_MODULE, SHELL_ROUTES } from './src/app/routeTable.ts';

// react-router 7's package exports point every condition at its development build (dev warnings on,
// remix-run/react-router#12532, #14753). Builds take the production build it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// First loads in a few files: Rolldown's chunk groups (`output.codeSplitting.groups`), in order. A group takes the
// modules its roots name and everything they import statically (`includeDependenciesRecursively`, Rolldown's default)
// that a group before it has not taken (higher `priority` first, then the order below), so a group's chunk imports
// only the entry's, the early script's or an earlier group's: no two chunks import each other (a cycle broke
// react-query's classes at start). A root only needs naming when no other root of its group imports it.
// The groups: the signed-in shell; the list pages' shared machinery (the virtualized table, its dates, thumbnails and
// skeletons, the URL filters: catalog pages use it too); the work-request list, the page most sessions open first;
// the records' shared API modules; the translation editor. Left to the automatic splitting, each shared module was a
// chunk of its own (a different set of pages imports each), and a cold work-request list asked for 27 files over
// HTTP/1.1's six connections (docs/decisions/128-first-load-chunk-groups.md, 157-build-on-rolldown-chunk-groups.md).
// docs/BENCHMARKS.md, "Bundle" lists the files each first route loads; test/build/chunkGroups.test.ts checks the
// groups on a build.
/** The modules of a page of the route table: its own and its prefetch module. */
function pageRoots(path: string): string[] {
  const route = [...PUBLIC_ROUTES, ...SHELL_ROUTES].find((r) => r.path === path);
  if (!route) throw new Error(`vite.config.ts: no page ${path} in src/app/routeTable.ts`);
  return [route.module, ...(route.prefetch ? [route.prefetch.module] : [])];
}

const FIRST_LOAD_CHUNKS = [
  // What the sign-in page shares with the signed-in pages (react-query's hooks, the user and session modules, the link
  // check): a group of its own before `sign-in`, so /sign-in loads none of the shell and a signed-in page none of the
  // sign-in page's code and styles (in `sign-in`, they made every cold list and record page load that page:
  // docs/decisions/128-first-load-chunk-groups.md). The session and user-record key modules (~0.5 kB) the shell's
  // refresher reads after first content; a group of their own would be one more file for /sign-in and 15 other first
  // routes.
  {
    name: 'data',
    roots: [
      // react-query's hooks, named by their package: the app imports them through its index, which the entry
      // imports too, and Rolldown follows no import from a module an earlier group has taken.
      /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
      'src/api/schema/user.ts',
      'src/lib/userRecordKeys.ts',
      'src/api/session.ts',
      // Record pages' links (a work request, a share, a project) check their addresses with it.
      'src/lib/safeUrl.ts',
      // A field's hint and message: the sign-in form's, and the order forms' (an order's instructions).
      'src/components/FieldError.tsx',
    ],
  },
  { name: 'sign-in', roots: pageRoots('sign-in') },
  // The work and inbox records' keys (~0.3 kB) are read by the list pages, the editor and the inbox alike: with the
  // shell, so none of them loads another's group for them.
  { name: 'shell', roots: [SHELL_MODULE.module, 'src/lib/workRecordKeys.ts'] },
  {
    name: 'lists',
    roots: [
      'src/components/InfiniteRecordTable.tsx',
      'src/components/ZonedDateTime.tsx',
      'src/components/AssetThumb.tsx',
      'src/components/Skeleton.tsx',
      'src/components/Unavailable.tsx',
      'src/components/StatusBadge.tsx',
      'src/lib/people.ts',
      'src/lib/useFilterParams.ts',
      // The reference lists' keys and options every one of those pages shares (how they are read loads with the first
      // read: lib/referencePages.ts, in `records`).
      'src/lib/referenceLists.ts',
      // Names of the records those lists show by reference (a studio, a group), read with them.
      'src/lib/useRecordNames.ts',
      // Whether the screen is a phone's: the work-request list's cards ask, and so do the record pages' folds.
      'src/lib/useNarrowScreen.ts',
      'src/components/phoneCards.ts',
      'src/components/RecordCard.tsx',
      // A selectable row's box: the work-request list's and a project's assets (picked for the share queue).
      'src/components/RowSelectBox.tsx',
      // The search box of the work-request list, the inbox and the catalog's lists.
      'src/components/SearchField.tsx',
    ],
  },
  { name: 'work-request-list', roots: pageRoots('work-requests') },
  // The records' API modules and the dialog many pages share (a work request, the translations, the editor, the
  // catalog): left to the automatic splitting they were ten files of 0.2–1 kB each.
  {
    name: 'records',
    roots: [
      'src/api/languages.ts',
      'src/api/glossary.ts',
      'src/api/previews.ts',
      'src/components/Modal.tsx',
      'src/lib/timecode.ts',
      // How a whole list is read (every page; the catalog's paged lists share theirs), loaded with the first whole
      // list a page reads: catalog pages, the editor, orders, settings, the work-request list's filters after its
      // rows, which load the API modules of this group then anyway. In the work-request list's group, the editor
      // loaded that group for it (e2e/first-load.spec.ts); in `lists`, every cold list carried it.
      'src/lib/referencePages.ts',
      // The one cache entry per work request and translation, read by the work request's page and the editor.
      'src/lib/workRecords.ts',
      // A work request's comments (its page's thread, the editor's review notes) and the editor's address, which
      // the work request's page links to: left to the editor's group, that page loaded the editor with them.
      'src/api/comments.ts',
      'src/lib/editorPath.ts',
    ],
  },
  // The translator's editor, the page a translator works in all day: its own modules in one file.
  { name: 'editor', roots: pageRoots('work-requests/:id/translation') },
];

const EARLY_MODULE = 'src/app/earlyRequest.ts';

/** A module's id as Rolldown names it: its real path (a package reached through a linked node_modules has its target's). */
function moduleId(file: string): string {
  const absolute = fileURLToPath(new URL(file, import.meta.url));
  if (!fs.existsSync(absolute)) throw new Error(`vite.config.ts: no module ${file} (a chunk group names it)`);
  return fs.realpathSync(absolute);
}

/** Rolldown's `test` for a group's roots; a root that is not there stops the build (a module renamed or moved). */
const isOneOf = (roots: (string | RegExp)[]) => {
  const ids = new Set(roots.filter((r) => typeof r === 'string').map(moduleId));
  const patterns = roots.filter((r) => r instanceof RegExp);
  return (id: string) => ids.has(id) || patterns.some((p) => p.test(id));
};

function firstLoadGroups(groups: { name: string; roots: (string | RegExp)[] }[]) {
  return [
    // The early script with all it imports (which the app shares): one file to fetch before it runs, never waiting
    // for the entry (scripts/vite/earlyEntry.ts).
    { name: 'early', test: isOneOf([EARLY_MODULE]), priority: 20 },
    // What the entry itself loads stays in the entry's chunk: `$initial` is exact (what the entry uses), and the
    // priority takes those modules out of the groups below. Without it an entry module in a group would make the
    // entry import that group, which imports the entry back.
    { name: 'main', tags: ['$initial' as const], priority: 10 },
    ...groups.map((g) => ({ name: g.name, test: isOneOf(g.roots) })),
  ];
}

// The dev server proxies /api to the reference server (npm run serve) so `npm run dev` works with hot reload.
export default defineConfig(({ command }) => ({
  // earlyEntry: the first page's request, started before the app's entry; routePreloads: the files each first route
  // needs, for the server's preload links; precompress: brotli and gzip beside each file, once all are written
  // (scripts/vite/).
  plugins: [react(), earlyEntry(EARLY_MODULE), routePreloads(FIRST_LOAD_CHUNKS), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the build targets preloads modules natively; the polyfill would only cost bytes on the entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // Read by routePreloads (the files each first route needs) and the bench; under .vite, which the server never serves.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: firstLoadGroups(FIRST_LOAD_CHUNKS) } } },
  },
  server: {
    proxy: {
      '/api': { target: process.env.MWS_DEV_API ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
}));
