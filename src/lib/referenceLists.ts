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
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ListOptions, ListPage } from '../api/client';
import { everyPage, goodItems, readOn } from '../api/everyPage';
import type { Project } from '../api/schema/project';

const PAGE = 100;

/** Which projects a paged list of them shows (the catalog's projects page; none: every project, archived too). */
export interface ProjectFilters {
  studio?: string | undefined;
  archived?: boolean | undefined;
}

export const referenceListKeys = {
  studios: () => ['catalog', 'studios', 'every'] as const,
  projects: () => ['catalog', 'projects', 'every'] as const,
  languages: () => ['catalog', 'languages', 'every'] as const,
  territories: () => ['catalog', 'territories', 'every'] as const,
  groups: () => ['catalog', 'groups', 'every'] as const,
  /** The paged lists (infinite queries) the catalog's pages show. */
  studioPages: () => ['catalog', 'studios', 'list'] as const,
  projectPages: (filters: ProjectFilters) => ['catalog', 'projects', 'list', filters] as const,
  languagePages: () => ['catalog', 'languages', 'list'] as const,
  territoryPages: () => ['catalog', 'territories', 'list'] as const,
};

/** A list operation's page reader, from its API module loaded on first use. */
type PageReader<T> = (options: Omit<ListOptions, 'query'>) => Promise<ListPage<T>>;

/**
 * Reference data changes rarely, and the app's own writes refresh it: fresh for ten minutes, then asked again by the
 * next page that shows it.
 */
const REFERENCE_STALE_MS = 10 * 60_000;

/**
 * A paged list as the catalog shows it (every record, a malformed one as its error row, and the total), page by page
 * as one scrolls: the app's staleness (30 s), as every list the catalog edits.
 */
function pagedListOptions<K extends QueryKey, T>(queryKey: K, reader: () => Promise<PageReader<T>>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }) => (await reader())({ offset: pageParam, size: PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<T>) => last.nextOffset,
  });
}

/**
 * The whole list. Kept while the session lasts (sign-out clears the cache): a page left for a few minutes must not make
 * the next one ask again. Each list is at most 2,000 small records.
 *
 * Where the catalog also shows the list page by page (`pagesKey`), the two share their pages (issue #16 item 2: the same
 * data is not asked twice): the whole list starts from the paged list's pages when they are under ten minutes old (or
 * joins its request in flight), reads on from its last page, and leaves every page it read in the paged list, as
 * old as its first; so a catalog page opened next shows them without asking while they are fresh by its own rule.
 */
function wholeListOptions<K extends readonly string[], T>(
  queryKey: K,
  reader: () => Promise<PageReader<T>>,
  pagesKey?: QueryKey,
) {
  const pages = pagesKey && pagedListOptions(pagesKey, reader);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }) => {
      const read = await reader();
      const load = (offset: number) => read({ offset, size: PAGE, signal });
      if (!pages) return everyPage(load);
      const held: InfiniteData<ListPage<T>, number> = await client.fetchInfiniteQuery({
        ...pages,
        staleTime: REFERENCE_STALE_MS,
        retry: false, // this query's own retry asks again
      });
      const all = await readOn(load, { pages: held.pages, pageParams: held.pageParams });
      if (all.pages.length > held.pages.length) {
        const updatedAt = client.getQueryState(pages.queryKey)?.dataUpdatedAt;
        client.setQueryData<InfiniteData<ListPage<T>, number>>(pages.queryKey, all, { updatedAt });
      }
      return goodItems(all.pages);
    },
    staleTime: REFERENCE_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

const studiosReader = async () => (await import('../api/studios')).listStudios;
const languagesReader = async () => (await import('../api/languages')).listLanguages;
const territoriesReader = async () => (await import('../api/territories')).listTerritories;
const projectsReader =
  (filters: ProjectFilters): (() => Promise<PageReader<Project>>) =>
  async () => {
    const { listProjects } = await import('../api/projects');
    return (options) => listProjects({ studio: filters.studio, archived: filters.archived }, options);
  };

export const studioPagesOptions = () => pagedListOptions(referenceListKeys.studioPages(), studiosReader);
export const projectPagesOptions = (filters: ProjectFilters) =>
  pagedListOptions(referenceListKeys.projectPages(filters), projectsReader(filters));
export const languagePagesOptions = () => pagedListOptions(referenceListKeys.languagePages(), languagesReader);
export const territoryPagesOptions = () => pagedListOptions(referenceListKeys.territoryPages(), territoriesReader);

export const allStudiosOptions = () =>
  wholeListOptions(referenceListKeys.studios(), studiosReader, referenceListKeys.studioPages());

/** Every project the caller may read, archived ones too (a feature that offers open ones only selects them). */
export const allProjectsOptions = () =>
  wholeListOptions(referenceListKeys.projects(), projectsReader({}), referenceListKeys.projectPages({}));

export const allLanguagesOptions = () =>
  wholeListOptions(referenceListKeys.languages(), languagesReader, referenceListKeys.languagePages());

export const allTerritoriesOptions = () =>
  wholeListOptions(referenceListKeys.territories(), territoriesReader, referenceListKeys.territoryPages());

/** Every group (extension GET /groups): a studio's groups, a user's groups, the names of a workflow's groups. */
export const allGroupsOptions = () =>
  wholeListOptions(referenceListKeys.groups(), async () => (await import('../api/users')).listGroups);
