/**
 * What the order wizard reads (the asset, a project's assets, languages, territories, the asset's transcriptions
 * for the estimate) and the mutation that places the order. Its own keys live under ['orders'] (a project search
 * under the catalog's projects key, lib/referenceLists.ts, so a project saved in the catalog refreshes it too); the asset, its project and the project's assets are the catalog's queries
 * (lib/catalogRecords.ts), the lists the app's reference lists.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../api/schema/project';
import { getTranslation } from '../../api/translations';
import { createWorkRequest } from '../../api/workRequestRecord';
import type { Asset } from '../../api/schema/asset';
import type { OrderInput } from '../../api/schema/order';
import type { OrderBatchInput } from '../../api/schema/orderBatch';
import { placeOrderBatch } from '../../api/orderBatch';
import type { OrderDraft } from './model/draft';
import { estimateOf, transcriptionsToTranslate } from './model/estimate';
import { assetOptions, catalogRecordKeys, projectOptions, readProjectAssetPage } from '../../lib/catalogRecords';
import { readEverySharedPage } from '../../lib/referencePages';
import { workRecordKeys } from '../../lib/workRecordKeys';
import { WHOLE_LIST_CAP } from '../../api/everyPage';
import { listProjects } from '../../api/projects';
import {
  allLanguagesOptions,
  allProjectsOptions,
  allTerritoriesOptions,
  referenceListKeys,
} from '../../lib/referenceLists';

const keys = {
  all: ['orders'] as const,
  projectAssets: (id: string) => [...keys.all, 'projectAssets', id] as const,
  estimate: (transcriptions: string[]) => [...keys.all, 'estimate', ...transcriptions] as const,
};

/**
 * The query roots a placed order makes stale: the work-request lists and records, the translations list (the order
 * made translations), the inbox (it notified people).
 */
const STALE_AFTER_ORDER = [workRecordKeys.workRequests, workRecordKeys.translations, workRecordKeys.notifications];

const CATALOG_STALE = 5 * 60_000;
const MAX_ASSET_CHOICES = 500;

/** The asset ordered for: the catalog's query of it (lib/catalogRecords.ts), which an asset's page has read. */
export function useOrderAsset(id: string) {
  return useQuery({ ...assetOptions(id), enabled: id !== '' });
}

/** The asset's project: the catalog's query of it, fresh for five minutes here. */
export function useOrderProject(id: string) {
  return useQuery({ ...projectOptions(id), enabled: id !== '', staleTime: CATALOG_STALE });
}

/** The projects open for orders, and whether the whole list holds every project (it is cut at WHOLE_LIST_CAP). */
export interface OrderProjects {
  open: Project[];
  complete: boolean;
}

const openProjects = (projects: Project[]): OrderProjects => ({
  open: projects.filter((p) => p.archived !== true),
  complete: projects.length < WHOLE_LIST_CAP,
});

/**
 * The projects open for orders (not archived), for a wizard started from the work-request list: of the app's one list
 * of every project (lib/referenceLists.ts), which the list's project filter has usually read already.
 */
export function useOrderProjects(enabled: boolean) {
  return useQuery({ ...allProjectsOptions(), select: openProjects, enabled });
}

/**
 * The open projects whose name has words starting with those typed (`q` on GET /projects, the server's word search):
 * for a desk with more projects than the whole list holds. The first 100, by name.
 */
export function useProjectSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: referenceListKeys.projectSearch(q),
    queryFn: async ({ signal }) => {
      const page = await listProjects({ q, archived: false }, { offset: 0, size: 100, signal });
      return page.items.flatMap((item) => (item.ok ? [item.data] : []));
    },
    enabled: enabled && q !== '',
  });
}

/**
 * A project's assets to choose from (the first 500: a project holds a few dozen): read on from the pages of them the
 * project's page holds (lib/catalogRecords.ts), when under five minutes old, and left there for it.
 */
export function useProjectAssetChoices(projectId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.projectAssets(projectId),
    queryFn: ({ signal }) =>
      readEverySharedPage(client, signal, {
        queryKey: catalogRecordKeys.projectAssets(projectId),
        read: readProjectAssetPage(projectId),
        staleTime: CATALOG_STALE,
        cap: MAX_ASSET_CHOICES,
      }),
    enabled: projectId !== '',
  });
}

/** The app's one list of every language (lib/referenceLists.ts). */
export function useLanguages() {
  return useQuery(allLanguagesOptions());
}

/** The app's one list of every territory (lib/referenceLists.ts). */
export function useTerritories() {
  return useQuery(allTerritoriesOptions());
}

/**
 * The estimate from the transcriptions the order translates (dialogue first, then graphics); an error when one
 * cannot be read (the caller may not read transcriptions), which the review step shows as "no estimate".
 */
export function useOrderEstimate(asset: Asset | undefined, dng: OrderDraft['dng']) {
  const ids = transcriptionsToTranslate(asset?.transcription, dng);
  return useQuery({
    queryKey: keys.estimate(ids),
    queryFn: async ({ signal }) => {
      const tracks = await Promise.all(ids.map((i) => getTranslation(i, signal)));
      return estimateOf(tracks.map((t) => t.data.lines ?? []));
    },
    enabled: ids.length > 0,
    staleTime: CATALOG_STALE,
    retry: false,
  });
}

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderInput) => createWorkRequest(input),
    onSuccess: () =>
      Promise.all(STALE_AFTER_ORDER.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}

/**
 * The order queue's `POST /workrequests/batch`: a dry run (checks and duplicates, nothing stored) or the placing,
 * after which the same roots as a single order are stale.
 */
export function usePlaceOrderBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderBatchInput) => placeOrderBatch(body),
    onSuccess: (_result, body) =>
      body.dryRun
        ? undefined
        : Promise.all(STALE_AFTER_ORDER.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
