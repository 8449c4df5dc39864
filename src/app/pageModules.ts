/**
 * The lazily loaded modules behind every page, in one table: the router builds its routes from it (router.tsx),
 * and start-up begins loading the page in view from it before React has even started (preloadPage.ts).
 *
 * This module must stay light: no runtime imports, only `import()` calls (each a separate chunk) and types.
 */
import type { ComponentType } from 'react';
import type { RoutePrefetch } from './routePrefetch';

export interface PageModule {
  /** A react-router path pattern, relative to `/` (segments, `:param`, a trailing `*`). */
  path: string;
  Component: () => Promise<ComponentType>;
  /** A module that starts the page's first request (see routePrefetch.ts). */
  prefetch?: () => Promise<RoutePrefetch>;
}

export const loadShell = () => import('./AppShell').then((m) => m.AppShell);

const workRequestList = () => import('../features/work-requests/prefetch').then((m) => m.prefetchWorkRequestList);
const workRequest = () => import('../features/work-requests/recordPrefetch').then((m) => m.prefetchWorkRequest);
const editor = () => import('../features/translation-editor/prefetch').then((m) => m.prefetchEditor);

/** Pages without the signed-in shell. */
export const PUBLIC_PAGES: PageModule[] = [
  { path: 'sign-in', Component: () => import('../features/auth/pages/SignInPage').then((m) => m.SignInPage) },
  { path: 'invite/:code', Component: () => import('../features/auth/pages/InvitePage').then((m) => m.InvitePage) },
];

/** Pages inside the shell; the index route and the not-found page are not lazy and are not listed. */
export const SHELL_PAGES: PageModule[] = [
  {
    path: 'dashboard',
    Component: () => import('../features/dashboard/pages/DashboardPage').then((m) => m.DashboardPage),
  },
  {
    path: 'work-requests',
    Component: () => import('../features/work-requests/pages/WorkRequestListPage').then((m) => m.WorkRequestListPage),
    prefetch: workRequestList,
  },
  {
    path: 'work-requests/new',
    Component: () => import('./OrderWizardRoute').then((m) => m.OrderWizardRoute),
  },
  {
    path: 'work-requests/:id',
    Component: () => import('../features/work-requests/pages/WorkRequestPage').then((m) => m.WorkRequestPage),
    prefetch: workRequest,
  },
  {
    path: 'work-requests/:id/translation',
    Component: () =>
      import('../features/translation-editor/pages/TranslationEditorPage').then((m) => m.DialogueTranslationPage),
    prefetch: editor,
  },
  {
    path: 'work-requests/:id/graphics-translation',
    Component: () =>
      import('../features/translation-editor/pages/TranslationEditorPage').then((m) => m.GraphicsTranslationPage),
    prefetch: editor,
  },
  {
    path: 'translations',
    Component: () => import('../features/translations/pages/TranslationsPage').then((m) => m.TranslationsPage),
  },
  {
    path: 'translations/:id',
    Component: () => import('../features/translations/pages/TranslationsPage').then((m) => m.TranslationEditorPage),
  },
  { path: 'shares', Component: () => import('../features/shares/pages/SharesPage').then((m) => m.SharesPage) },
  // `/shares/:id` and the share's per-asset URLs `/shares/:id/assets/:assetId` (one route, so opening an asset keeps unsaved edits).
  { path: 'shares/:id/*', Component: () => import('../features/shares/pages/SharePage').then((m) => m.SharePage) },
  {
    path: 'notifications',
    Component: () => import('../features/notifications/pages/NotificationsPage').then((m) => m.NotificationsPage),
  },
  { path: 'catalog', Component: () => import('../features/catalog/pages/CatalogPage').then((m) => m.CatalogPage) },
  {
    path: 'catalog/studios',
    Component: () => import('../features/catalog/pages/StudiosPage').then((m) => m.StudiosPage),
  },
  {
    path: 'catalog/projects',
    Component: () => import('../features/catalog/pages/ProjectsPage').then((m) => m.ProjectsPage),
  },
  {
    path: 'catalog/projects/:id',
    Component: () => import('../features/catalog/pages/ProjectPage').then((m) => m.ProjectPage),
  },
  {
    path: 'catalog/assets/:id',
    Component: () => import('../features/catalog/pages/AssetPage').then((m) => m.AssetPage),
  },
  {
    path: 'catalog/languages',
    Component: () => import('../features/catalog/pages/LanguagesPage').then((m) => m.LanguagesPage),
  },
  {
    path: 'catalog/territories',
    Component: () => import('../features/catalog/pages/TerritoriesPage').then((m) => m.TerritoriesPage),
  },
  {
    path: 'catalog/glossary',
    Component: () => import('../features/catalog/pages/GlossaryPage').then((m) => m.GlossaryPage),
  },
  { path: 'catalog/users', Component: () => import('../features/catalog/pages/UsersPage').then((m) => m.UsersPage) },
  { path: 'settings', Component: () => import('../features/settings/pages/SettingsPage').then((m) => m.SettingsPage) },
];
