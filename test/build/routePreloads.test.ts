import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, SHELL_PAGES, loadShell } from '../../src/app/pageModules';
import { chunkClosure, pageImports, type ChunkInfo } from '../../scripts/vite/routePreloads';
import { routePreloadFiles, routePreloadLinks } from '../../server/http/routePreloads';

/** The specifier of an `import()` in a function's source (vitest rewrites it as `__vite_ssr_dynamic_import__(…)`). */
const IMPORTED = /import_*\(\s*["']([^"']+)["']/;
/** A module as an absolute path without extension, from pageModules.ts's specifier or vitest's rewritten one. */
const modulePath = (specifier: string) =>
  specifier.startsWith('/src/')
    ? path.resolve(`.${specifier}`).replace(/\.tsx?$/, '')
    : path.resolve('src/app', specifier);

describe('the build reads the pages of pageModules.ts', () => {
  const pages = pageImports(fs.readFileSync(path.resolve('src/app/pageModules.ts'), 'utf8'));

  it('every page, in the matching order, with the module its Component imports', () => {
    const table = [...PUBLIC_PAGES, ...SHELL_PAGES];
    expect(pages.map((p) => p.path)).toEqual(table.map((p) => p.path));
    table.forEach((page, i) => {
      const imported = IMPORTED.exec(page.Component.toString())?.[1];
      expect(imported, page.path).toBeDefined();
      expect(pages[i]!.specifiers.map(modulePath)).toContain(modulePath(imported!));
    });
  });

  it('the prefetch module first, and the shell for the pages inside it only', () => {
    const shell = modulePath(IMPORTED.exec(loadShell.toString())![1]!);
    const list = pages.find((p) => p.path === 'work-requests')!;
    expect(list.specifiers[0]).toBe('../features/work-requests/prefetch');
    expect(list.specifiers.map(modulePath)).toContain(shell);
    expect(pages.find((p) => p.path === 'sign-in')!.specifiers.map(modulePath)).not.toContain(shell);
  });

  it('a table it cannot read fails the build', () => {
    expect(() => pageImports('export const PUBLIC_PAGES = [];')).toThrow(/SHELL_PAGES/);
    expect(() => pageImports('export const PUBLIC_PAGES = [{ path: name }]; export const SHELL_PAGES = [];')).toThrow(
      /literal path/,
    );
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
