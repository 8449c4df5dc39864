import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Manifest } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/app/pageModules';
import { PUBLIC_ROUTES, SHELL_MODULE, SHELL_ROUTES } from '../../src/app/routeTable';
import { chunkClosure, routeModules, routePreloadLists, type ChunkInfo } from '../../scripts/vite/routePreloads';
import { routePreloadFiles, routePreloadLinks } from '../../server/http/routePreloads';

const ROUTES = [...PUBLIC_ROUTES, ...SHELL_ROUTES];

describe('the route table', () => {
  it('names exactly the modules pageModules.ts can load (a module loadable and named nowhere would be a chunk of its own)', () => {
    const named = new Set([
      SHELL_MODULE.module,
      ...ROUTES.flatMap((r) => [r.module, ...(r.prefetch ? [r.prefetch.module] : [])]),
    ]);
    expect(Object.keys(MODULES).sort()).toEqual([...named].map((m) => `/${m}`).sort());
  });

  it('names files that are there', () => {
    for (const route of ROUTES) expect(fs.existsSync(route.module), route.path).toBe(true);
  });
});

describe('routeModules', () => {
  it('every page in matching order, the prefetch module first, the shell for the pages inside it only', () => {
    const pages = routeModules();
    expect(pages.map((p) => p.path)).toEqual(ROUTES.map((r) => r.path));
    expect(pages.find((p) => p.path === 'work-requests')!.modules).toEqual([
      'src/features/work-requests/prefetch.ts',
      SHELL_MODULE.module,
      'src/features/work-requests/pages/WorkRequestListPage.tsx',
    ]);
    expect(pages.find((p) => p.path === 'sign-in')!.modules).toEqual(['src/features/auth/pages/SignInPage.tsx']);
  });
});

describe('routePreloadLists', () => {
  // A manifest as Vite writes it: chunks standing for a module under its path, the others (groups) under `_<file>`.
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js', name: 'react' },
    '_shell.js': { file: 'assets/shell.js', name: 'shell', imports: ['_react.js', 'index.html'] },
    '_list.js': { file: 'assets/list.js', name: 'list', imports: ['_shell.js'], css: ['assets/list.css'] },
    'src/features/auth/pages/SignInPage.tsx': {
      file: 'assets/SignIn.js',
      src: 'src/features/auth/pages/SignInPage.tsx',
      isDynamicEntry: true,
    },
  };
  const groups = [
    { name: 'shell', roots: [SHELL_MODULE.module] },
    {
      name: 'list',
      roots: ['src/features/work-requests/pages/WorkRequestListPage.tsx', 'src/features/work-requests/prefetch.ts'],
    },
  ];

  /** The manifest with a chunk of its own for every other module of the table. */
  const complete = (m: Manifest): Manifest => {
    const all = { ...m };
    for (const route of ROUTES)
      for (const module of [route.module, route.prefetch?.module])
        if (module && !all[module] && !groups.some((g) => g.roots.includes(module)))
          all[module] = { file: `assets/${path.basename(module)}.js`, src: module };
    return all;
  };

  it("a page's chunks, by its module's own key or its group's, without what index.html names", () => {
    const lists = routePreloadLists(complete(manifest), groups);
    expect(lists.find((r) => r.path === 'sign-in')!.files).toEqual(['assets/SignIn.js']);
    expect(lists.find((r) => r.path === 'work-requests')!.files).toEqual([
      'assets/list.js',
      'assets/list.css',
      'assets/shell.js',
    ]);
    expect(lists.find((r) => r.path === 'dashboard')!.files).toEqual([
      'assets/shell.js',
      'assets/DashboardPage.tsx.js',
    ]);
  });

  it('a lazy module with no chunk of its own and in no group is an error, not a page without preloads', () => {
    expect(() => routePreloadLists(manifest, groups)).toThrow(
      /no chunk of src\/features\/auth\/pages\/InvitePage.tsx in the manifest: a lazy module in a group must be a root of it/,
    );
  });

  it('a group split in two chunks is an error, not a guess', () => {
    const split = complete({ ...manifest, '_list2.js': { file: 'assets/list2.js', name: 'list' } });
    expect(() => routePreloadLists(split, groups)).toThrow(/group list has 2 chunks/);
  });
});

describe('chunkClosure', () => {
  const chunks = new Map<string, ChunkInfo>(
    [
      { fileName: 'entry.js', imports: ['react.js'], css: ['entry.css'] },
      { fileName: 'react.js', imports: [], css: [] },
      { fileName: 'page.js', imports: ['react.js', 'lists.js'], css: ['page.css'] },
      { fileName: 'lists.js', imports: ['page.js'], css: [] },
    ].map((c) => [c.fileName, c]),
  );

  it('a chunk with its CSS and static imports, transitively, cycles once, without what the HTML has', () => {
    const html = new Set(chunkClosure(chunks, ['entry.js']));
    expect([...html]).toEqual(['entry.js', 'entry.css', 'react.js']);
    expect(chunkClosure(chunks, ['page.js'], html)).toEqual(['page.js', 'page.css', 'lists.js']);
  });
});

describe('routePreloadFiles / routePreloadLinks (server)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-preloads-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      routes: [
        { path: 'sign-in', files: ['assets/SignIn-a1.js'] },
        { path: 'work-requests', files: ['assets/List-b2.js', 'assets/List-c3.css'] },
        { path: 'work-requests/:id', files: ['assets/Record-d4.js', '../secret.js', 'assets/x"><script>.js'] },
        { path: 'shares/:id/*', files: ['assets/Share-e5.js'] },
      ],
    }),
  );

  it("names the files of the URL's page, whatever its query", () => {
    expect(routePreloadFiles(dist, '/work-requests?sort=due&status=in-progress')).toEqual([
      'assets/List-b2.js',
      'assets/List-c3.css',
    ]);
    expect(routePreloadFiles(dist, '/shares/abc/assets/def')).toEqual(['assets/Share-e5.js']);
  });

  it('scripts as modulepreload, styles as stylesheets', () => {
    expect(routePreloadLinks(dist, '/work-requests')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/List-b2.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/List-c3.css">',
    );
  });

  it('only built asset names go into the page', () => {
    expect(routePreloadFiles(dist, '/work-requests/42')).toEqual(['assets/Record-d4.js']);
  });

  it('nothing for an unknown URL or a build without the lists', () => {
    expect(routePreloadLinks(dist, '/no/such/page')).toBe('');
    expect(routePreloadLinks(path.join(dist, 'missing'), '/work-requests')).toBe('');
  });
});
