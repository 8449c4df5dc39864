import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { earlyEntry } from './scripts/vite/earlyEntry.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { routePreloads } from './scripts/vite/routePreloads.ts';

// react-router 7's package exports point every condition at its development build (dev warnings on,
// remix-run/react-router#12532, #14753). Builds take the production build it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The list pages' shared machinery, in one chunk ('lists'): the virtualized table, its dates, thumbnails and
// skeletons, the URL filters. Left to the automatic splitting, each of these modules was a chunk of its own (a
// different set of pages imports each), and a cold work-request list asked for 28 files over HTTP/1.1's six
// connections. Only these modules, and only our own: their dependencies (React, react-query, react-virtual) stay
// where they were, so sign-in does not load the chunk, and no library lands in a chunk that the entry chunk it
// depends on would then import back (a cycle that breaks class inheritance across chunks, e.g. react-query's
// observers, when a page imports them statically; the benchmark's floor page did). A page that needs only part of
// it (a record page's dates) loads all of it. docs/BENCHMARKS.md, "Bundle" lists the files each first route loads.
const LIST_MODULES = [
  '/src/components/VirtualTable',
  '/src/components/InfiniteRecordTable',
  '/src/components/useInfiniteVirtualizer',
  '/src/components/ZonedDateTime',
  '/src/components/AssetThumb',
  '/src/api/media',
  '/src/components/Skeleton',
  '/src/components/Unavailable',
  '/src/components/StatusBadge',
  '/src/lib/dates',
  '/src/lib/format',
  '/src/lib/pages',
  '/src/lib/people',
  '/src/lib/statuses',
  '/src/lib/useFilterParams',
];

// The dev server proxies /api to the reference server (npm run serve) so `npm run dev` works with hot reload.
export default defineConfig(({ command }) => ({
  // earlyEntry: the first page's request, started before the app's entry; routePreloads: the files each first route
  // needs, for the server's preload links; precompress: brotli and gzip beside each file, once all are written
  // (scripts/vite/).
  plugins: [react(), earlyEntry(), routePreloads(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the build targets preloads modules natively; the polyfill would only cost bytes on the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'lists',
              // Whole module names: `/src/lib/format` must not take `/src/lib/formattedText` along (it did: 3.2 kB).
              test: (id: string) => LIST_MODULES.some((m) => id.endsWith(`${m}.ts`) || id.endsWith(`${m}.tsx`)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: process.env.MWS_DEV_API ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
}));
