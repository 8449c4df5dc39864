/**
 * One asset and one project, as the catalog's pages and the order wizard read them: one query each, under the catalog
 * resource's key (`['catalog', 'assets', 'detail', id]`, as features/catalog/queries.ts's `catalogKeys`), so an order
 * started from an asset's page takes the asset and its project that page holds (issue #16 item 2: each was asked
 * again under the wizard's own key), and the catalog's saves refresh both.
 */
import { queryOptions } from '@tanstack/react-query';
import { getAsset } from '../api/assets';
import { getProject } from '../api/projects';

export const catalogRecordKeys = {
  asset: (id: string) => ['catalog', 'assets', 'detail', id] as const,
  project: (id: string) => ['catalog', 'projects', 'detail', id] as const,
};

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
