/** Routes. Every page is a lazy module, so the first load carries only the shell and the page in view. */
import { createBrowserRouter, Outlet } from 'react-router';
import { HomeRedirect } from './HomeRedirect';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';

function BootFallback() {
  return <div className="boot" role="status" aria-label="Loading MWS Console" />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/sign-in',
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      lazy: () => import('../features/auth/pages/SignInPage').then((m) => ({ Component: m.SignInPage })),
    },
    {
      path: '/invite/:code',
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      lazy: () => import('../features/shares/pages/SharesPage').then((m) => ({ Component: m.InvitePage })),
    },
    {
      path: '/',
      element: <RequireSession><Outlet /></RequireSession>,
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      children: [
        {
          // The shell (navigation, live notifications) is a lazy module too, so /sign-in does not load it; it loads in
          // parallel with the page's own module.
          lazy: () => import('./AppShell').then((m) => ({ Component: m.AppShell })),
          children: [
            {
              // A pathless layer, so a failing page keeps the navigation around it.
              ErrorBoundary: RouteError,
              children: [
                { index: true, Component: HomeRedirect },
                {
                  path: 'work-requests',
                  lazy: () => import('../features/work-requests/pages/WorkRequestListPage').then((m) => ({ Component: m.WorkRequestListPage })),
                },
                {
                  path: 'work-requests/:id',
                  lazy: () => import('../features/work-requests/pages/WorkRequestPage').then((m) => ({ Component: m.WorkRequestPage })),
                },
                {
                  path: 'work-requests/:id/translation',
                  lazy: () => import('../features/translation-editor/pages/TranslationEditorPage').then((m) => ({ Component: m.DialogueTranslationPage })),
                },
                {
                  path: 'work-requests/:id/graphics-translation',
                  lazy: () => import('../features/translation-editor/pages/TranslationEditorPage').then((m) => ({ Component: m.GraphicsTranslationPage })),
                },
                {
                  path: 'translations',
                  lazy: () => import('../features/translations/pages/TranslationsPage').then((m) => ({ Component: m.TranslationsPage })),
                },
                {
                  path: 'translations/:id',
                  lazy: () => import('../features/translations/pages/TranslationsPage').then((m) => ({ Component: m.TranslationEditorPage })),
                },
                {
                  path: 'shares',
                  lazy: () => import('../features/shares/pages/SharesPage').then((m) => ({ Component: m.SharesPage })),
                },
                {
                  // `/shares/:id` and the share's per-asset URLs `/shares/:id/assets/:assetId` (one route, so opening an asset keeps unsaved edits).
                  path: 'shares/:id/*',
                  lazy: () => import('../features/shares/pages/SharePage').then((m) => ({ Component: m.SharePage })),
                },
                {
                  path: 'notifications',
                  lazy: () => import('../features/notifications/pages/NotificationsPage').then((m) => ({ Component: m.NotificationsPage })),
                },
                {
                  path: 'catalog',
                  lazy: () => import('../features/catalog/pages/CatalogPage').then((m) => ({ Component: m.CatalogPage })),
                },
                { path: 'catalog/studios', lazy: () => import('../features/catalog/pages/StudiosPage').then((m) => ({ Component: m.StudiosPage })) },
                { path: 'catalog/projects', lazy: () => import('../features/catalog/pages/ProjectsPage').then((m) => ({ Component: m.ProjectsPage })) },
                { path: 'catalog/projects/:id', lazy: () => import('../features/catalog/pages/ProjectPage').then((m) => ({ Component: m.ProjectPage })) },
                { path: 'catalog/assets/:id', lazy: () => import('../features/catalog/pages/AssetPage').then((m) => ({ Component: m.AssetPage })) },
                { path: 'catalog/languages', lazy: () => import('../features/catalog/pages/LanguagesPage').then((m) => ({ Component: m.LanguagesPage })) },
                { path: 'catalog/territories', lazy: () => import('../features/catalog/pages/TerritoriesPage').then((m) => ({ Component: m.TerritoriesPage })) },
                { path: 'catalog/users', lazy: () => import('../features/catalog/pages/UsersPage').then((m) => ({ Component: m.UsersPage })) },
                {
                  path: 'settings',
                  lazy: () => import('../features/settings/pages/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
                },
                { path: '*', Component: NotFoundPage },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
