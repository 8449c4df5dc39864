/**
 * How the reference lists are read (lib/referenceLists.ts holds their keys and options), and the catalog's paged lists
 * of the same resources, which share their pages with them (docs/decisions/101-reference-lists-read-once.md).
 * Loaded with the first whole list a page reads, not with the work-request list's first route (vite.config.ts,
 * `records`); the API modules load inside the readers.
 */
import { infiniteQueryOptions, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListOptions, ListPage } from '../api/client';
import { everyPage, goodItems, readOn } from '../api/everyPage';
import type { Project } from '../api/schema/project';
import { REFERENCE_STALE_MS, referenceListKeys, type ProjectFilters, type ReferenceList } from './referenceLists';

const PAGE = 100;

/** A list operation's page reader, from its API module loaded on first use. */
type PageReader<T> = (options: Omit<ListOptions, 'query'>) => Promise<ListPage<T>>;

const studiosReader = async () => (await import('../api/studios')).listStudios;
const languagesReader = async () => (await import('../api/languages')).listLanguages;
const territoriesReader = async () => (await import('../api/territories')).listTerritories;
const groupsReader = async () => (await import('../api/users')).listGroups;
const projectsReader =
  (filters: ProjectFilters): (() => Promise<PageReader<Project>>) =>
  async () => {
    const { listProjects } = await import('../api/projects');
    return (options) => listProjects({ studio: filters.studio, archived: filters.archived, q: filters.q }, options);
  };

/**
 * A paged list as the catalog shows it (every record, a malformed one as its error row, and the total), page by page
 * as one scrolls: the app's staleness (30 s), as every list the catalog edits.
 */
function pagedListOptions<K extends QueryKey, T>(queryKey: K, reader: () => Promise<PageReader<T>>) {
  return offsetPagesOptions(queryKey, pagesOf(reader));
}

/** A page of PAGE records at an offset, by a list operation's reader. */
const pagesOf =
  <T>(reader: () => Promise<PageReader<T>>) =>
  async (offset: number, signal: AbortSignal) =>
    (await reader())({ offset, size: PAGE, signal });

/** An infinite list query asked by offset, `read` reading one page. */
function offsetPagesOptions<K extends QueryKey, T>(
  queryKey: K,
  read: (offset: number, signal: AbortSignal) => Promise<ListPage<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<T>) => last.nextOffset,
  });
}

export const studioPagesOptions = () => pagedListOptions(referenceListKeys.studioPages(), studiosReader);
export const projectPagesOptions = (filters: ProjectFilters) =>
  pagedListOptions(referenceListKeys.projectPages(filters), projectsReader(filters));
export const languagePagesOptions = () => pagedListOptions(referenceListKeys.languagePages(), languagesReader);
export const territoryPagesOptions = () => pagedListOptions(referenceListKeys.territoryPages(), territoriesReader);

/**
 * A whole list's records (good ones, at most 2,000). Where the catalog also shows the list page by page, the whole list
 * starts from the paged list's pages when they are under ten minutes old (or joins its request in flight), reads on
 * from its last page, and leaves every page it read in the paged list, as old as its first; so a catalog page opened
 * next shows them without asking while they are fresh by its own rule.
 */
export async function readWholeList(
  list: ReferenceList,
  { client, signal }: { client: QueryClient; signal: AbortSignal },
): Promise<unknown[]> {
  switch (list) {
    case 'studios':
      return readSharing(client, signal, studiosReader, referenceListKeys.studioPages());
    case 'projects':
      return readSharing(client, signal, projectsReader({}), referenceListKeys.projectPages({}));
    case 'languages':
      return readSharing(client, signal, languagesReader, referenceListKeys.languagePages());
    case 'territories':
      return readSharing(client, signal, territoriesReader, referenceListKeys.territoryPages());
    case 'groups': {
      const read = await groupsReader();
      return everyPage((offset) => read({ offset, size: PAGE, signal }));
    }
  }
}

async function readSharing<T>(
  client: QueryClient,
  signal: AbortSignal,
  reader: () => Promise<PageReader<T>>,
  queryKey: QueryKey,
): Promise<T[]> {
  return readEverySharedPage(client, signal, { queryKey, read: pagesOf(reader), staleTime: REFERENCE_STALE_MS });
}

/**
 * Every page of a list the app also shows page by page as an infinite query (`queryKey`, whose pages `read` reads
 * with the same page size), good records only, at most `cap`: from that query's pages when they are under
 * `staleTime` old (or its request in flight), reading on from its last page, and leaving every page read in it, as
 * old as its first; so the paged view opened next shows them without asking, and a whole list read after the paged
 * view asks only for the pages it did not read.
 */
export async function readEverySharedPage<T>(
  client: QueryClient,
  signal: AbortSignal,
  {
    queryKey,
    read,
    staleTime,
    cap,
  }: {
    queryKey: QueryKey;
    read: (offset: number, signal: AbortSignal) => Promise<ListPage<T>>;
    staleTime: number;
    cap?: number;
  },
): Promise<T[]> {
  const pages = offsetPagesOptions(queryKey, read);
  const held: InfiniteData<ListPage<T>, number> = await client.fetchInfiniteQuery({
    ...pages,
    staleTime,
    retry: false, // the whole list's own retry asks again
  });
  const all = await readOn((offset) => read(offset, signal), { pages: held.pages, pageParams: held.pageParams }, cap);
  if (all.pages.length > held.pages.length) {
    const updatedAt = client.getQueryState(pages.queryKey)?.dataUpdatedAt;
    client.setQueryData<InfiniteData<ListPage<T>, number>>(pages.queryKey, all, { updatedAt });
  }
  return goodItems(all.pages, cap);
}
