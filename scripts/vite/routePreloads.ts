/**
 * Build step: for every page of src/app/pageModules.ts, the files its first load needs beyond what index.html already
 * names (the entry's): the page's lazy chunks (the signed-in shell's, the page's, its prefetch module's), their static
 * imports and their CSS, written to `dist/.vite/route-preloads.json`. The server puts them into index.html as
 * `<link rel="modulepreload">` and stylesheet links for the route the URL names (server/http/routePreloads.ts), so
 * the browser asks for the whole first route at once instead of discovering it chunk by chunk.
 *
 * The pages are read from pageModules.ts's source (its `PUBLIC_PAGES` / `SHELL_PAGES` tables: each entry's `path`
 * and the `import()`s its loaders make, following a loader named by a top-level constant), so the table stays the
 * one place that says which module serves which path. routePreloads.test.ts checks the reading against the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** Where the build writes the lists, relative to the output directory. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** One page: its path pattern (react-router's, relative to `/`) and the files to preload, relative to the output directory. */
export interface RoutePreload {
  path: string;
  files: string[];
}

export interface PageImports {
  path: string;
  /** The module specifiers its loaders import, as written in pageModules.ts. */
  specifiers: string[];
}

/** The pages of pageModules.ts in matching order (public pages first, as preloadPage.ts's pageFor). */
export function pageImports(source: string): PageImports[] {
  const file = ts.createSourceFile('pageModules.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = new Map<string, ts.Expression>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
    }
  }
  const importsOf = (node: ts.Node, seen = new Set<string>()): string[] => {
    const found: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = n.arguments;
        if (arg && ts.isStringLiteral(arg)) found.push(arg.text);
      } else if (ts.isIdentifier(n) && constants.has(n.text) && !seen.has(n.text)) {
        seen.add(n.text);
        found.push(...importsOf(constants.get(n.text)!, seen));
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };
  const shell = constants.get('loadShell');
  const pages: PageImports[] = [];
  for (const [table, inShell] of [
    ['PUBLIC_PAGES', false],
    ['SHELL_PAGES', true],
  ] as const) {
    const list = constants.get(table);
    if (!list || !ts.isArrayLiteralExpression(list)) throw new Error(`pageModules.ts has no array ${table}`);
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`${table} holds something else than a page`);
      const property = (name: string) =>
        element.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        )?.initializer;
      const pattern = property('path');
      if (!pattern || !ts.isStringLiteral(pattern)) throw new Error(`a page of ${table} has no literal path`);
      // The prefetch module first (as preloadPage.ts asks for it first): the page's first request leaves soonest.
      const prefetch = property('prefetch');
      const component = property('Component');
      const specifiers = [
        ...(prefetch ? importsOf(prefetch) : []),
        ...(inShell && shell ? importsOf(shell) : []),
        ...(component ? importsOf(component) : []),
      ];
      pages.push({ path: pattern.text, specifiers: [...new Set(specifiers)] });
    }
  }
  return pages;
}

/** A chunk as far as the lists need it (Rollup's output chunk and Vite's metadata). */
export interface ChunkInfo {
  fileName: string;
  imports: string[];
  css: string[];
}

/** The chunk's file, its CSS and the same for its static imports, transitively (without `except`). */
export function chunkClosure(chunks: Map<string, ChunkInfo>, start: string[], except = new Set<string>()): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    for (const file of [chunk.fileName, ...chunk.css]) if (!except.has(file) && !files.includes(file)) files.push(file);
    chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  return files;
}

export function routePreloads(pageModules = 'src/app/pageModules.ts'): Plugin {
  let root = process.cwd();
  return {
    name: 'mws-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After Vite's own steps (it drops the chunks that only carried CSS, and rewrites the imports of them).
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const source = path.resolve(root, pageModules);
        if (!fs.existsSync(source)) return; // another root (the bench's floor page) has no pages
        const chunks = new Map<string, ChunkInfo>();
        const byModule = new Map<string, string>();
        const entries: string[] = [];
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, {
            fileName: output.fileName,
            imports: output.imports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
          });
          if (output.isEntry) entries.push(output.fileName);
          // A page's module may sit inside a chunk of several (scripts/vite/closureChunks.ts) with no facade of its own.
          for (const id of output.moduleIds) if (!byModule.has(id)) byModule.set(id, output.fileName);
        }
        for (const output of Object.values(bundle))
          if (output.type === 'chunk' && output.facadeModuleId) byModule.set(output.facadeModuleId, output.fileName);
        // What index.html already names: every entry chunk with its static imports and CSS.
        const inHtml = new Set(chunkClosure(chunks, entries));
        const routes: RoutePreload[] = [];
        for (const page of pageImports(fs.readFileSync(source, 'utf8'))) {
          const starts: string[] = [];
          for (const specifier of page.specifiers) {
            const resolved = await this.resolve(specifier, source);
            const chunk = resolved ? byModule.get(resolved.id) : undefined;
            if (chunk) starts.push(chunk); // else it is inside the entry: nothing to preload
          }
          routes.push({ path: page.path, files: chunkClosure(chunks, starts, inHtml) });
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify({ routes }, null, 1)}\n`,
        });
      },
    },
  };
}
