/**
 * One asset and one project, as the catalog's pages and the order wizard read them: one query each, under the catalog
 * resource's key (`['catalog', 'assets', 'detail', id]`, as features/catalog/queries.ts's `catalogKeys`), so an order
 * started from an asset's page takes the asset and its project that page holds
 * (docs/decisions/101-reference-lists-read-once.md: each was asked again under the wizard's own key), and the catalog's
 * saves refresh both. A project's assets likewise: the wizard started from a project's page reads on from the pages
 * that page holds (it read them again in pages of its own).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ListPage } from '../api/client';
import { countAssetsByProject, getAsset } from '../api/assets';
import { getProject } from '../api/projects';
import { listPreviews } from '../api/previews';
import type { Preview } from '../api/schema/preview';
import { openPreview } from './previewPlayback';
import type { Asset } from '../api/schema/asset';

export const catalogRecordKeys = {
  asset: (id: string) => ['catalog', 'assets', 'detail', id] as const,
  project: (id: string) => ['catalog', 'projects', 'detail', id] as const,
  /** A project's assets (countByProject's records), page by page: the project's page and the order wizard. */
  projectAssets: (projectId: string) => ['catalog', 'assets', 'byProject', projectId] as const,
  /** An asset's previews (their signed links): the asset's page and the playlist's in-card player. */
  previews: (assetId: string) => ['catalog', 'previews', assetId] as const,
  /** A preview opened to play: its signed link, checked (lib/previewPlayback.ts). */
  previewView: (previewId: string) => ['catalog', 'previewView', previewId] as const,
};

const PROJECT_ASSET_PAGE = 50;

/** One page of a project's assets, as both readers of them ask it (the same page size, so they share pages). */
export const readProjectAssetPage =
  (projectId: string) =>
  (offset: number, signal?: AbortSignal): Promise<ListPage<Asset>> =>
    countAssetsByProject(projectId, { offset, size: PROJECT_ASSET_PAGE, signal });

/** A project's assets page by page (the project's page shows them; the order wizard reads on from them). */
export const projectAssetPagesOptions = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: catalogRecordKeys.projectAssets(projectId),
    queryFn: ({ pageParam, signal }) => readProjectAssetPage(projectId)(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<Asset>) => last.nextOffset,
  });

export const assetOptions = (id: string) =>
  queryOptions({
    queryKey: catalogRecordKeys.asset(id),
    queryFn: ({ signal }) => getAsset(id, signal),
  });

export const projectOptions = (id: string) =>
  queryOptions({
    queryKey: catalogRecordKeys.project(id),
    queryFn: ({ signal }) => getProject(id, signal),
  });

const PREVIEW_PAGE = 100;

/** An asset's previews, page by page. Signed links live an hour: refreshed well before. */
export const previewListOptions = (assetId: string) =>
  infiniteQueryOptions({
    queryKey: catalogRecordKeys.previews(assetId),
    queryFn: ({ pageParam, signal }) => listPreviews(assetId, { offset: pageParam, size: PREVIEW_PAGE, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<Preview>) => last.nextOffset,
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });

/** A preview opened to play: never retried (a refused link says why), and dropped once closed. */
export const previewViewOptions = (preview: Preview & { _id: string }) =>
  queryOptions({
    queryKey: catalogRecordKeys.previewView(preview._id),
    queryFn: ({ signal }) => openPreview(preview, signal),
    retry: false,
    gcTime: 0,
  });
