/**
 * Start-up's first act: begin loading the modules of the page in view (and its first request's module), so they
 * download while the entry chunk's libraries are still being evaluated. Without it the router asks for them
 * only after React has started, a few hundred milliseconds later (docs/BENCHMARKS.md, "Cold load").
 *
 * The router later calls the same loaders: a module import already under way is not fetched twice. Matching is a
 * small subset of react-router's (static segments, `:param`, a trailing `*`); preloadPage.test.ts checks it
 * against react-router's own matcher for every page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { loadShell, PUBLIC_PAGES, SHELL_PAGES, type PageModule } from './pageModules';
import type { RoutePrefetch } from './routePrefetch';
import { getSessionState, hasStoredSession } from '../lib/session/sessionStore';

type Params = Record<string, string | undefined>;

/** The params of `pathname` under `pattern`, or undefined when it does not match. */
export function matchPattern(pattern: string, pathname: string): Params | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    if (i >= have.length) return undefined;
    const value = safeDecode(have[i]!);
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return want.length === have.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

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
