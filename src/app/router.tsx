/**
 * Routes. Every page is a lazy module (listed in pageModules.ts), so the first load carries only the shell and the
 * page in view; a page with a prefetch module also gets a loader that starts its first request (routePrefetch.ts).
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { HomeRedirect } from './HomeRedirect';
import { NotFoundPage } from './NotFoundPage';
import { loadShell, PUBLIC_PAGES, SHELL_PAGES, type PageModule } from './pageModules';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';
import { prefetchLoader } from './routePrefetch';

function BootFallback() {
  return <div className="boot" role="status" aria-label="Loading MWS Console" />;
}

function pageRoute({ path, Component, prefetch }: PageModule): RouteObject {
  return {
    path,
    lazy: prefetch ? { Component, loader: () => prefetch().then(prefetchLoader) } : { Component },
  };
}

export function createRouter() {
  return createBrowserRouter([
    ...PUBLIC_PAGES.map((page) => ({
      ...pageRoute(page),
      path: `/${page.path}`,
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
    })),
    {
      path: '/',
      element: (
        <RequireSession>
          <Outlet />
        </RequireSession>
      ),
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      children: [
        {
          // The shell (navigation, live notifications) is a lazy module too, so /sign-in does not load it; it loads in
          // parallel with the page's own module.
          lazy: { Component: loadShell },
          children: [
            {
              // A pathless layer, so a failing page keeps the navigation around it.
              ErrorBoundary: RouteError,
              children: [
                { index: true, Component: HomeRedirect },
                ...SHELL_PAGES.map(pageRoute),
                { path: '*', Component: NotFoundPage },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
