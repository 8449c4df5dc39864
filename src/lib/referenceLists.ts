/**
 * The reference lists (studios, projects, languages, territories, groups), each read whole once and shared by every feature
 * that offers or looks them up (issue #16 item 2: the same data is not asked twice): the work-request list's filters,
 * the order wizard, the translations list, the editor's fonts, the catalog's choices, the settings' muted projects,
 * the names of studios. One query each: one key, one staleTime, the app's retry rule (app/queryClient.ts: a 4xx, such
 * as a deployment without the list extension, is not asked again), every page (api/everyPage.ts, at most 2,000).
 * A feature derives its own shape with `select` or useMemo, never with a second query of the same list.
 *
 * Each key sits under its catalog resource's key (`['catalog', 'languages']`, as lib/useRecordNames.ts does), so the
 * catalog's writes, which invalidate that resource's key, refresh the shared list too.
 *
 * The API modules load inside the query functions, not with this module: the work-request list's first load carries
 * none of them unless its address filters by language or territory (work-requests/filterChoices.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ListOptions, ListPage } from '../api/client';
import { everyPage } from '../api/everyPage';

const PAGE = 100;

export const referenceListKeys = {
  studios: () => ['catalog', 'studios', 'every'] as const,
  projects: () => ['catalog', 'projects', 'every'] as const,
  languages: () => ['catalog', 'languages', 'every'] as const,
  territories: () => ['catalog', 'territories', 'every'] as const,
  groups: () => ['catalog', 'groups', 'every'] as const,
};

/** A list operation's page reader, from its API module loaded on first use. */
type PageReader<T> = (options: Omit<ListOptions, 'query'>) => Promise<ListPage<T>>;

/**
 * Reference data changes rarely, and the app's own writes refresh it: fresh for ten minutes, then asked again by the
 * next page that shows it. Kept while the session lasts (sign-out clears the cache): a page left for a few minutes
 * must not make the next one ask again. Each list is at most 2,000 small records.
 */
function wholeListOptions<K extends readonly string[], T>(queryKey: K, reader: () => Promise<PageReader<T>>) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const read = await reader();
      return everyPage((offset) => read({ offset, size: PAGE, signal }));
    },
    staleTime: 10 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export const allStudiosOptions = () =>
  wholeListOptions(referenceListKeys.studios(), async () => (await import('../api/studios')).listStudios);

/** Every project the caller may read, archived ones too (a feature that offers open ones only selects them). */
export const allProjectsOptions = () =>
  wholeListOptions(referenceListKeys.projects(), async () => {
    const { listProjects } = await import('../api/projects');
    return (options) => listProjects({}, options);
  });

export const allLanguagesOptions = () =>
  wholeListOptions(referenceListKeys.languages(), async () => (await import('../api/languages')).listLanguages);

export const allTerritoriesOptions = () =>
  wholeListOptions(referenceListKeys.territories(), async () => (await import('../api/territories')).listTerritories);

/** Every group (extension GET /groups): a studio's groups, a user's groups, the names of a workflow's groups. */
export const allGroupsOptions = () =>
  wholeListOptions(referenceListKeys.groups(), async () => (await import('../api/users')).listGroups);
