/**
 * The projects' asset counts, gathered (docs/API.md, "Counts in one request"): each project's count stays a query
 * of its own (`catalogKeys.assetCount`: cached, invalidated and shown per row as before), but the counts asked in
 * the same moment, with the other projects of the page they belong to, are one `GET /assets/counts`; the other
 * projects' counts are put in the cache, so their rows find them there. Against a deployment without the extension
 * (learnt once: missingExtensions.ts) each asked project is one countByProject request, as before.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ASSET_COUNTS_PATH, countAssetsOfProject, countAssetsOfProjects } from '../../api/assets';
import { withFallback } from '../../api/missingExtensions';
import { MAX_COUNTED_PROJECTS } from '../../api/schema/counts';
import { catalogKeys } from './queries';

/** A count is read again after a minute (on mount or focus), or when the catalog's assets are invalidated. */
const STALE_MS = 60_000;

/** A project's asset count, asked with the others shown at the same moment (`companions`: its page's projects). */
export const assetCountOptions = (projectId: string, companions: readonly string[] = []) =>
  queryOptions({
    queryKey: catalogKeys.assetCount(projectId),
    queryFn: ({ client }) => gatheredAssetCount(projectId, companions, client),
    staleTime: STALE_MS,
  });

export const useAssetCount = (projectId: string, companions?: readonly string[]) =>
  useQuery(assetCountOptions(projectId, companions));

/** A project's count: null when the deployment cannot tell it. */
export type AssetCount = number | null;

type Outcome = { ok: true; count: AssetCount } | { ok: false; error: unknown };

interface Waiting {
  resolve: (count: AssetCount) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  client: QueryClient;
  waiting: Map<string, Waiting[]>;
  /** Projects of the same pages, counted too when there is room, and cached. */
  companions: Set<string>;
}

let open: Batch | undefined;

/**
 * The asset count of `project`, asked with every other asked in the same moment (one request for up to 100
 * projects). `companions`: the projects shown with it (its page), counted in the same request when there is room,
 * and cached so their rows do not ask again.
 */
export function gatheredAssetCount(
  project: string,
  companions: readonly string[],
  client: QueryClient,
): Promise<AssetCount> {
  if (!open || open.client !== client) {
    const batch: Batch = { client, waiting: new Map(), companions: new Set() };
    open = batch;
    // The rows of one render ask one after another in the same task: wait for the task's end.
    setTimeout(() => {
      if (open === batch) open = undefined;
      void send(batch);
    }, 0);
  }
  const batch = open;
  for (const id of companions) batch.companions.add(id);
  return new Promise<AssetCount>((resolve, reject) => {
    const list = batch.waiting.get(project) ?? [];
    list.push({ resolve, reject });
    batch.waiting.set(project, list);
  });
}

async function send(batch: Batch): Promise<void> {
  const asked = [...batch.waiting.keys()];
  for (let start = 0; start < asked.length; start += MAX_COUNTED_PROJECTS) {
    const part = asked.slice(start, start + MAX_COUNTED_PROJECTS);
    const room = MAX_COUNTED_PROJECTS - part.length;
    const extra = [...batch.companions].filter((id) => !batch.waiting.has(id) && !fresh(batch.client, id));
    const companions = extra.slice(0, room);
    companions.forEach((id) => batch.companions.delete(id));
    try {
      const outcomes = await countsOf(part, companions);
      for (const [id, outcome] of outcomes) {
        const waiting = batch.waiting.get(id);
        if (waiting) waiting.forEach((w) => (outcome.ok ? w.resolve(outcome.count) : w.reject(outcome.error)));
        else if (outcome.ok) batch.client.setQueryData(catalogKeys.assetCount(id), outcome.count);
      }
    } catch (error) {
      part.forEach((id) => batch.waiting.get(id)?.forEach((w) => w.reject(error)));
    }
  }
}

/** A project whose cached count is not yet stale (its row would not ask for it). */
function fresh(client: QueryClient, project: string): boolean {
  const state = client.getQueryState(catalogKeys.assetCount(project));
  return state?.data !== undefined && !state.isInvalidated && Date.now() - state.dataUpdatedAt < STALE_MS;
}

/** The counts of `asked` (and of `companions` when the extension answers), or each asked one by one without it. */
function countsOf(asked: string[], companions: string[]): Promise<Map<string, Outcome>> {
  return withFallback(
    ASSET_COUNTS_PATH,
    ['project'],
    async () => {
      const counts = await countAssetsOfProjects([...asked, ...companions]);
      return new Map([...asked, ...companions].map((id) => [id, { ok: true, count: counts[id] ?? null }] as const));
    },
    async () => {
      const settled = await Promise.allSettled(asked.map((id) => countAssetsOfProject(id)));
      return new Map(
        asked.map((id, i): [string, Outcome] => {
          const s = settled[i]!;
          return [id, s.status === 'fulfilled' ? { ok: true, count: s.value ?? null } : { ok: false, error: s.reason }];
        }),
      );
    },
  );
}
