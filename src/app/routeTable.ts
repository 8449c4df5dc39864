/**
 * Which module serves which page, as data: the app turns it into lazy loaders (pageModules.ts), and the build reads
 * it as is to list the files each page's first load needs (scripts/vite/routePreloads.ts) and to name the chunk
 * groups of the first routes (vite.config.ts). No imports, no code: the build imports it outside the app.
 *
 * Modules are paths from the project root, with their extension.
 */
export interface PageRoute {
  /** A react-router path pattern, relative to `/` (segments, `:param`, a trailing `*`). */
  path: string;
  /** The page's module and the export that is its component. */
  module: string;
  component: string;
  /** A module that starts the page's first request (routePrefetch.ts), and its export that does. */
  prefetch?: { module: string; export: string };
}

/** The signed-in shell, a lazy layout around every page of SHELL_ROUTES. */
export const SHELL_MODULE = { module: 'src/app/AppShell.tsx', component: 'AppShell' } as const;

const workRequestList = { module: 'src/features/work-requests/prefetch.ts', export: 'prefetchWorkRequestList' };
const workRequest = { module: 'src/features/work-requests/recordPrefetch.ts', export: 'prefetchWorkRequest' };
const editor = { module: 'src/features/translation-editor/prefetch.ts', export: 'prefetchEditor' };
const EDITOR_PAGE = 'src/features/translation-editor/pages/TranslationEditorPage.tsx';
const TRANSLATIONS_PAGE = 'src/features/translations/pages/TranslationsPage.tsx';

/** Pages without the signed-in shell, matched first (in this order). */
export const PUBLIC_ROUTES: readonly PageRoute[] = [
  { path: 'sign-in', module: 'src/features/auth/pages/SignInPage.tsx', component: 'SignInPage' },
  { path: 'invite/:code', module: 'src/features/auth/pages/InvitePage.tsx', component: 'InvitePage' },
];

/** Pages inside the shell, in matching order; the index route and the not-found page are not lazy and not listed. */
export const SHELL_ROUTES: readonly PageRoute[] = [
  { path: 'dashboard', module: 'src/features/dashboard/pages/DashboardPage.tsx', component: 'DashboardPage' },
  // The reports (their chart library, uPlot, loads with this page only).
  { path: 'reports', module: 'src/features/reports/pages/ReportsPage.tsx', component: 'ReportsPage' },
  {
    path: 'work-requests',
    module: 'src/features/work-requests/pages/WorkRequestListPage.tsx',
    component: 'WorkRequestListPage',
    prefetch: workRequestList,
  },
  { path: 'work-requests/new', module: 'src/app/OrderWizardRoute.tsx', component: 'OrderWizardRoute' },
  // The order queue: several assets × languages placed at once (docs/API.md, "Order queue").
  { path: 'work-requests/queue', module: 'src/app/OrderQueueRoute.tsx', component: 'OrderQueueRoute' },
  {
    path: 'work-requests/:id',
    module: 'src/features/work-requests/pages/WorkRequestPage.tsx',
    component: 'WorkRequestPage',
    prefetch: workRequest,
  },
  // An order's deliveries, where a `delivery` notification leads (docs/API.md "Deliveries").
  {
    path: 'work-requests/:id/deliveries',
    module: 'src/features/work-requests/pages/DeliveriesPage.tsx',
    component: 'DeliveriesPage',
  },
  {
    path: 'work-requests/:id/translation',
    module: EDITOR_PAGE,
    component: 'DialogueTranslationPage',
    prefetch: editor,
  },
  {
    path: 'work-requests/:id/graphics-translation',
    module: EDITOR_PAGE,
    component: 'GraphicsTranslationPage',
    prefetch: editor,
  },
  { path: 'translations', module: TRANSLATIONS_PAGE, component: 'TranslationsPage' },
  { path: 'translations/:id', module: TRANSLATIONS_PAGE, component: 'TranslationEditorPage' },
  { path: 'shares', module: 'src/features/shares/pages/SharesPage.tsx', component: 'SharesPage' },
  // `/shares/:id` and the share's per-asset URLs `/shares/:id/assets/:assetId` (one route, so opening an asset keeps
  // unsaved edits).
  // Sending a share: the queued assets, recipients, questions.
  { path: 'shares/new', module: 'src/features/shares/pages/NewSharePage.tsx', component: 'NewSharePage' },
  // A share's playlist (`urls.playlist`): what its recipients open to watch and give feedback.
  { path: 'shares/:id/playlist', module: 'src/features/shares/pages/PlaylistPage.tsx', component: 'PlaylistPage' },
  { path: 'shares/:id/*', module: 'src/features/shares/pages/SharePage.tsx', component: 'SharePage' },
  {
    path: 'notifications',
    module: 'src/features/notifications/pages/NotificationsPage.tsx',
    component: 'NotificationsPage',
  },
  { path: 'catalog', module: 'src/features/catalog/pages/CatalogPage.tsx', component: 'CatalogPage' },
  { path: 'catalog/studios', module: 'src/features/catalog/pages/StudiosPage.tsx', component: 'StudiosPage' },
  { path: 'catalog/projects', module: 'src/features/catalog/pages/ProjectsPage.tsx', component: 'ProjectsPage' },
  { path: 'catalog/projects/:id', module: 'src/features/catalog/pages/ProjectPage.tsx', component: 'ProjectPage' },
  { path: 'catalog/assets', module: 'src/features/catalog/pages/AssetSearchPage.tsx', component: 'AssetSearchPage' },
  { path: 'catalog/assets/:id', module: 'src/features/catalog/pages/AssetPage.tsx', component: 'AssetPage' },
  { path: 'catalog/languages', module: 'src/features/catalog/pages/LanguagesPage.tsx', component: 'LanguagesPage' },
  {
    path: 'catalog/territories',
    module: 'src/features/catalog/pages/TerritoriesPage.tsx',
    component: 'TerritoriesPage',
  },
  { path: 'catalog/glossary', module: 'src/features/catalog/pages/GlossaryPage.tsx', component: 'GlossaryPage' },
  { path: 'catalog/users', module: 'src/features/catalog/pages/UsersPage.tsx', component: 'UsersPage' },
  { path: 'ingests', module: 'src/features/ingests/pages/IngestsPage.tsx', component: 'IngestsPage' },
  { path: 'settings', module: 'src/features/settings/pages/SettingsPage.tsx', component: 'SettingsPage' },
  { path: 'admin/outbox', module: 'src/features/admin/pages/OutboxPage.tsx', component: 'OutboxPage' },
];
