/**
 * Start-up's first act: begin loading the modules of the page in view (and its first request's module), so they
 * download while the entry chunk's libraries are still being evaluated. Without it the router asks for them
 * only after React has started, a few hundred milliseconds later (docs/BENCHMARKS.md, "Cold load").
 *
 * The router later calls the same loaders: a module import already under way is not fetched twice. Matching:
 * src/api/schema/routePattern.ts. The server names the same modules in the HTML (server/http/routePreloads.ts), so the browser has
 * them under way even before this runs.
 */
import type { QueryClient } from '@tanstack/react-query';
import { loadShell, PUBLIC_PAGES, SHELL_PAGES, type PageModule } from './pageModules';
import type { RoutePrefetch } from './routePrefetch';
import { getSessionState, hasStoredSession } from '../lib/session/sessionStore';
import { matchPattern, type Params } from '../api/schema/routePattern';

/** The page module for `pathname`, its params, and whether it sits in the signed-in shell. */
export function pageFor(pathname: string): { page: PageModule; params: Params; inShell: boolean } | undefined {
  for (const [pages, inShell] of [
    [PUBLIC_PAGES, false],
    [SHELL_PAGES, true],
  ] as const) {
    for (const page of pages) {
      const params = matchPattern(page.path, pathname);
      if (params) return { page, params, inShell };
    }
  }
  return undefined;
}

let pending: { prefetch: Promise<RoutePrefetch | undefined>; url: URL; params: Params } | undefined;

export function preloadPage(url: URL): void {
  const match = pageFor(url.pathname);
  // Signed out, a shell page only redirects to sign-in: loading its code would be wasted.
  if (!match || (match.inShell && !hasStoredSession())) return;
  const swallow = () => undefined; // a failed preload is retried, and reported, by the router's own import
  // The prefetch module first: its chunks are asked for first, so the page's first request leaves soonest.
  if (match.page.prefetch) pending = { prefetch: match.page.prefetch().catch(swallow), url, params: match.params };
  if (match.inShell) void loadShell().catch(swallow);
  void match.page.Component().catch(swallow);
}

/**
 * Once start-up has configured the API client: run the preloaded page's prefetch as soon as its module is here,
 * without waiting for React and the router (whose loader then finds the request already under way).
 */
export function startPreloadedPrefetch(client: QueryClient): void {
  const p = pending;
  pending = undefined;
  if (!p) return;
  void p.prefetch.then((prefetch) => {
    if (prefetch && getSessionState().status === 'signed-in') void prefetch(client, p.url, p.params);
  });
}
