/**
 * The catalog: query keys, query options and hooks. Keys are hierarchical under ['catalog', <resource>] so a
 * save invalidates exactly its resource (a studio save refetches studio lists and that studio only).
 * Never a shared key between useQuery and useInfiniteQuery: lists are infinite, details are plain.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import { everyPage } from '../../api/everyPage';
import {
  assetOptions,
  catalogRecordKeys,
  previewListOptions,
  projectAssetPagesOptions,
  projectOptions,
} from '../../lib/catalogRecords';
import {
  allGroupsOptions,
  allLanguagesOptions,
  allProjectsOptions,
  allStudiosOptions,
  allTerritoriesOptions,
  type ProjectFilters,
} from '../../lib/referenceLists';
import {
  languagePagesOptions,
  projectPagesOptions,
  studioPagesOptions,
  territoryPagesOptions,
} from '../../lib/referencePages';
import { listFiles, listStudioPictures } from '../../api/files';
import { listAssets } from '../../api/assets';
import type { Asset } from '../../api/schema/asset';
import { listAssetDownloads } from '../../api/downloads';
import { listProjects } from '../../api/projects';
import { useSparseList } from '../../lib/useSparseList';
import { userRecordKeys } from '../../lib/userRecordKeys';
import { listUsers } from '../../api/users';
import { listGlossary, type GlossaryFilters } from '../../api/glossary';

const PAGE = 100;

export type { ProjectFilters } from '../../lib/referenceLists';

export const catalogKeys = {
  all: ['catalog'] as const,
  studios: () => [...catalogKeys.all, 'studios'] as const,
  projects: () => [...catalogKeys.all, 'projects'] as const,
  project: catalogRecordKeys.project,
  /** A studio's projects, for choice lists (every studio's: lib/referenceLists.ts). */
  studioProjectChoices: (studio: string) => [...catalogKeys.projects(), 'choices', studio] as const,
  assets: () => [...catalogKeys.all, 'assets'] as const,
  /** countByProject's records, paged (infinite): shared with the order wizard (lib/catalogRecords.ts). */
  projectAssets: catalogRecordKeys.projectAssets,
  /** countByProject's total only (one item asked). */
  assetCount: (projectId: string) => [...catalogKeys.assets(), 'count', projectId] as const,
  /** The catalog's asset search: words typed and a type (both '' for every asset). */
  assetSearch: (q: string, type: string) => [...catalogKeys.assets(), 'search', q, type] as const,
  asset: catalogRecordKeys.asset,
  previews: catalogRecordKeys.previews,
  previewView: catalogRecordKeys.previewView,
  files: (assetId: string) => [...catalogKeys.all, 'files', assetId] as const,
  /** A studio's pictures, a logo's choices (one page: a studio has a few). */
  studioPictures: (studio: string) => [...catalogKeys.all, 'studioPictures', studio] as const,
  downloads: (assetId: string) => [...catalogKeys.all, 'downloads', assetId] as const,
  languages: () => [...catalogKeys.all, 'languages'] as const,
  territories: () => [...catalogKeys.all, 'territories'] as const,
  /** Lists of users are among the app's user lists (lib/userRecordKeys.ts): a user saved anywhere patches their rows. */
  userList: (q: string) => [...userRecordKeys.lists(), 'catalog', q] as const,
  userSuggestions: (q: string) => [...userRecordKeys.lists(), 'suggestions', q] as const,
  groups: () => [...catalogKeys.all, 'groups'] as const,
  glossary: () => [...catalogKeys.all, 'glossary'] as const,
  glossaryList: (filters: GlossaryFilters) => [...catalogKeys.glossary(), 'list', filters] as const,
};

const nextPage = <T>(last: ListPage<T>) => last.nextOffset;

/** The loaded items of an infinite list, the good ones only (a malformed record's row says so elsewhere). */
export function loaded<T>(data: InfiniteData<ListPage<T>, unknown> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items.flatMap((i) => (i.ok ? [i.data] : []))) ?? [];
}

export const fileListOptions = (assetId: string) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.files(assetId),
    queryFn: ({ pageParam, signal }) => listFiles(assetId, { offset: pageParam, size: PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });

/** How many of a studio's pictures the logo picker shows (more are counted, not listed). */
export const STUDIO_PICTURES_SHOWN = 200;

export const studioPicturesOptions = (studio: string) =>
  queryOptions({
    queryKey: catalogKeys.studioPictures(studio),
    queryFn: ({ signal }) => listStudioPictures(studio, { size: STUDIO_PICTURES_SHOWN, signal }),
  });

/** An asset's download and view records, newest first: read again when the page is shown again. */
export const downloadListOptions = (assetId: string) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.downloads(assetId),
    queryFn: ({ pageParam, signal }) => listAssetDownloads(assetId, { offset: pageParam, size: PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const userListOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.userList(q),
    queryFn: ({ pageParam, signal }) => listUsers({ q: q || undefined }, { offset: pageParam, size: PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });

export const glossaryListOptions = (filters: GlossaryFilters) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.glossaryList(filters),
    queryFn: ({ pageParam, signal }) => listGlossary(filters, { offset: pageParam, size: PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });

/*
 * Choice lists (a studio filter, a project or language select, a territory's languages) read every record, not the
 * infinite query's first page of 100: a user with 150 studios picks the 150th
 * (docs/decisions/101-reference-lists-read-once.md). Every page, at most 2,000 records (everyPage's cap): studios,
 * languages and territories are reference data counted in tens or hundreds, and a studio's projects in tens; of these
 * lists only projects have a name search on the server (`q`, which the order wizard uses past the cap:
 * docs/decisions/101-reference-lists-read-once.md). Every studio, project, language and territory is the app's one
 * shared query of that list (lib/referenceLists.ts, under the resource's key: a save here refreshes it); a studio's
 * projects are asked of the server by studio.
 */
const studioProjectChoicesOptions = (studio: string) =>
  queryOptions({
    queryKey: catalogKeys.studioProjectChoices(studio),
    queryFn: ({ signal }) => everyPage((offset) => listProjects({ studio }, { offset, size: PAGE, signal })),
    staleTime: 5 * 60_000,
  });

// The catalog's lists are sparse lists (lib/useSparseList.ts): their pages show them in a VirtualTable that reaches
// any row; the parts that read them for totals read the infinite query's first page, choice lists every page.
export const useStudioList = () => useSparseList(studioPagesOptions());
export const useProjectList = (filters: ProjectFilters) => useSparseList(projectPagesOptions(filters));
/** A project by id; none asked while the id is not known yet (an asset's page before the asset is in). */
export const useProject = (id: string) => useQuery({ ...projectOptions(id), enabled: id !== '' });
export const useProjectAssets = (projectId: string) => useSparseList(projectAssetPagesOptions(projectId));

/** The assets the search finds (every asset the viewer sees while nothing is typed), newest first, page by page. */
export const assetSearchOptions = (q: string, type: string) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.assetSearch(q, type),
    queryFn: ({ pageParam, signal }) => listAssets({ q, type }, { offset: pageParam, size: PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<Asset>) => last.nextOffset,
  });
export const useAssetSearch = (q: string, type: string) => useSparseList(assetSearchOptions(q, type));
export const useAsset = (id: string) => useQuery(assetOptions(id));
export const usePreviewList = (assetId: string) => useInfiniteQuery(previewListOptions(assetId));
export const useFileList = (assetId: string) => useInfiniteQuery(fileListOptions(assetId));
export const useDownloadList = (assetId: string) => useInfiniteQuery(downloadListOptions(assetId));
export const useLanguageList = () => useSparseList(languagePagesOptions());
export const useTerritoryList = () => useSparseList(territoryPagesOptions());
export const useUserList = (q: string, enabled: boolean) => useSparseList({ ...userListOptions(q), enabled });
export const useGlossaryList = (filters: GlossaryFilters, enabled: boolean) =>
  useSparseList({ ...glossaryListOptions(filters), enabled });
export const useStudioChoices = () => useQuery(allStudiosOptions());
/** A studio's projects, or every project without one. */
export function useProjectChoices(studio: string | undefined, enabled = true) {
  const every = useQuery({ ...allProjectsOptions(), enabled: enabled && studio === undefined });
  const studios = useQuery({ ...studioProjectChoicesOptions(studio ?? ''), enabled: enabled && studio !== undefined });
  return studio === undefined ? every : studios;
}
export const useLanguageChoices = () => useQuery(allLanguagesOptions());
export const useTerritoryChoices = () => useQuery(allTerritoriesOptions());
/** Every group, to choose from (a studio's, a user's): the app's one list of them (lib/referenceLists.ts). */
export const useGroupList = (enabled: boolean) => useQuery({ ...allGroupsOptions(), enabled });
