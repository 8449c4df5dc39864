/**
 * The preload links of the page a URL names: the files its first load needs beyond index.html's own, as the build
 * listed them (scripts/vite/routePreloads.ts, `dist/.vite/route-preloads.json`), as `<link rel="modulepreload">` for
 * scripts and `<link rel="stylesheet">` for styles (Vite's own loader then finds each stylesheet already in the page
 * and does not add it again). A URL no page matches, or a build without the lists, gets none: the app then loads the
 * page as before. Pages are matched in the build's order by the app's own matcher (src/api/schema/routePattern.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { matchPattern } from '../../src/api/schema/routePattern';

const LISTS = path.join('.vite', 'route-preloads.json');
/** Built file names only (hashed names under assets/): anything else is not written into the page. */
const SAFE_FILE = /^assets\/[\w.-]+\.(js|css)$/;

interface Lists {
  routes: { path: string; files: string[] }[];
}

function readLists(distDir: string): Lists | undefined {
  try {
    const lists = JSON.parse(fs.readFileSync(path.join(distDir, LISTS), 'utf8')) as Partial<Lists>;
    return Array.isArray(lists.routes) ? (lists as Lists) : undefined;
  } catch {
    return undefined; // not built with the lists: no preload links
  }
}

/** The files to preload for `url` (a request URL: path and query), relative to the build's directory. */
export function routePreloadFiles(distDir: string, url: string): string[] {
  const pathname = url.split('?')[0] ?? '/';
  const route = readLists(distDir)?.routes.find((r) => typeof r.path === 'string' && matchPattern(r.path, pathname));
  return (route?.files ?? []).filter((file) => typeof file === 'string' && SAFE_FILE.test(file));
}

/** The `<link>` elements for `url`'s page, for index.html's head (read per request, as index.html is). */
export function routePreloadLinks(distDir: string, url: string): string {
  return routePreloadFiles(distDir, url)
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}
