/**
 * The lazily loaded modules behind every page: routeTable.ts's data as loaders. The router builds its routes from
 * them (router.tsx), and start-up begins loading the page in view from them before React has even started
 * (preloadPage.ts).
 *
 * This module must stay light: no runtime imports but the table, only `import()` calls (each a separate chunk) and types.
 */
import type { ComponentType } from 'react';
import type { RoutePrefetch } from './routePrefetch';
import { PUBLIC_ROUTES, SHELL_MODULE, SHELL_ROUTES, type PageRoute } from './routeTable';

export interface PageModule {
  /** A react-router path pattern, relative to `/` (segments, `:param`, a trailing `*`). */
  path: string;
  Component: () => Promise<ComponentType>;
  /** A module that starts the page's first request (see routePrefetch.ts). */
  prefetch?: () => Promise<RoutePrefetch>;
}

/**
 * Every module the table may name, by its path from the project root (`/src/…`). Exactly the table's modules
 * (test/build/routeTable.test.ts): a file matched here and named nowhere would still become a chunk of its own.
 */
export const MODULES = import.meta.glob<Record<string, unknown>>([
  '/src/app/AppShell.tsx',
  '/src/app/OrderWizardRoute.tsx',
  '/src/app/OrderQueueRoute.tsx',
  '/src/features/*/pages/*.tsx',
  '!/src/features/orders/pages/*.tsx',
  '/src/features/*/prefetch.ts',
  '/src/features/*/recordPrefetch.ts',
]);

/** A loader of `name` from the table's `module`; an export the module lacks is an error, not an empty page. */
function exported<T>(module: string, name: string): () => Promise<T> {
  const load = MODULES[`/${module}`];
  if (!load) throw new Error(`pageModules: no module ${module} (routeTable.ts names it)`);
  return () =>
    load().then((m) => {
      if (typeof m[name] !== 'function') throw new Error(`pageModules: ${module} has no export ${name}`);
      // The table names a component or a prefetch function (routeTable.ts); only its type is unchecked here.
      return m[name] as T;
    });
}

function pageModule({ path, module, component, prefetch }: PageRoute): PageModule {
  return {
    path,
    Component: exported<ComponentType>(module, component),
    ...(prefetch && { prefetch: exported<RoutePrefetch>(prefetch.module, prefetch.export) }),
  };
}

export const loadShell = exported<ComponentType>(SHELL_MODULE.module, SHELL_MODULE.component);

/** Pages without the signed-in shell. */
export const PUBLIC_PAGES: PageModule[] = PUBLIC_ROUTES.map(pageModule);

/** Pages inside the shell; the index route and the not-found page are not lazy and are not listed. */
export const SHELL_PAGES: PageModule[] = SHELL_ROUTES.map(pageModule);
