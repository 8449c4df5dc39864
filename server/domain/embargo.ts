/**
 * Embargoes (docs/API.md "Embargoes", docs/decisions/151-embargoes.md): when a file is under embargo, who may still
 * reach its bytes, and what an asset's embargo is (any of its files'). The rules only: the records' shaping, the
 * serving checks, the lift and the access requests use these (embargoLinks.ts, embargoNotices.ts).
 *
 * One clock: the server's (`Date.now()`), in Unix seconds. Instances run NTP-synced clocks; a lift claimed by one
 * instance is claimed in the database (embargoNotices.ts), so clocks that differ by a second never notify twice.
 */
import type { Grants } from './grants';
import type { Doc, StoreOps } from '../storage/store';
import type { Caller } from './types';

/**
 * `embargoUntil` (storage/indexes.ts) of an event embargo without an end: held until an admin lifts it. The same
 * number is written in both stores' column expressions.
 */
export const EMBARGO_UNTIL_EVENT = 1e12;

/** The embargo in force on a file: until when (`until` absent: until an admin marks the event). */
export interface EmbargoInForce {
  until?: number;
  event: boolean;
}

interface StoredEmbargo {
  event?: unknown;
  end?: unknown;
}

/** Unix seconds now, by the server's clock (the one clock embargoes are compared with). */
export const embargoClock = (nowMs = Date.now()) => Math.floor(nowMs / 1000);

/**
 * The embargo in force on a file at `now` (Unix seconds), or undefined. In force: an `end` still ahead, whatever
 * `event` says (the event's planned date; an admin lifts it sooner by moving or clearing it), or `event: true`
 * without an `end` (until an admin lifts it). An `end` passed has lifted.
 */
export function embargoInForce(file: Doc, now = embargoClock()): EmbargoInForce | undefined {
  const e = file.embargo as StoredEmbargo | undefined;
  if (!e || typeof e !== 'object') return undefined;
  const event = e.event === true;
  if (typeof e.end === 'number') return e.end > now ? { until: e.end, event } : undefined;
  return event ? { event } : undefined;
}

/**
 * Whether the caller reaches a file's bytes while it is under embargo. By role: admins, and the coordinators of the
 * file's studio (they set embargoes). Everyone else: through a Permission granting `access.projectAdminEmbargos`.
 *
 * The one place this is decided: records, signed links, previews and the serving path all ask it.
 */
export function mayBypassEmbargo(caller: Caller, file: Doc, grants?: Grants): boolean {
  if (caller.isAdmin) return true;
  const studio = typeof file.studio === 'string' ? file.studio : undefined;
  if (caller.isCoordinator && studio !== undefined && caller.studios.has(studio)) return true;
  // A Permission granting `access.projectAdminEmbargos` on the file's asset (domain/grants.ts decides whose it is).
  const asset = typeof file.asset === 'string' ? file.asset : undefined;
  if (grants?.kind !== 'granted' || asset === undefined) return false;
  return grants.assets.get(asset)?.flags.has('projectAdminEmbargos') ?? false;
}

/** What an asset shows of its files' embargoes: under embargo while any file is, until the last one lifts. */
export interface AssetEmbargo {
  /** The files under embargo now. */
  files: Doc[];
  /** When the last of them lifts; absent when one waits for an admin (an event without an end). */
  until?: number;
}

/** The asset embargo of these files (the asset's files under embargo), or undefined when none is. */
export function assetEmbargoOf(files: Doc[], now = embargoClock()): AssetEmbargo | undefined {
  const held = files.filter((f) => embargoInForce(f, now) !== undefined);
  if (held.length === 0) return undefined;
  const ends = held.map((f) => embargoInForce(f, now)?.until);
  return {
    files: held,
    ...(ends.every((u): u is number => u !== undefined) ? { until: Math.max(...ends) } : {}),
  };
}

/** The asset embargo as one embargo in force: until the last file lifts, an event's when one waits for an admin. */
export function assetEmbargoInForce(embargo: AssetEmbargo): EmbargoInForce {
  return embargo.until !== undefined ? { until: embargo.until, event: false } : { event: true };
}

/** Whether the caller may reach everything of the asset these embargoed files belong to (previews included). */
export function mayBypassAssetEmbargo(caller: Caller, embargo: AssetEmbargo, grants?: Grants): boolean {
  return embargo.files.every((f) => mayBypassEmbargo(caller, f, grants));
}

/** Store filters: the files of these assets under embargo at `now` (the indexed `embargoUntil`). */
function embargoedFilesFilters(assetIds: string[], now: number) {
  return [
    { field: 'asset', op: 'in' as const, value: assetIds },
    { field: 'embargoUntil', op: 'gt' as const, value: now },
  ];
}

/** The files of these assets under embargo now, by asset: one query. */
export async function embargoedFilesByAsset(
  store: StoreOps,
  assetIds: readonly string[],
  now = embargoClock(),
): Promise<Map<string, Doc[]>> {
  const ids = [...new Set(assetIds)];
  const byAsset = new Map<string, Doc[]>();
  if (ids.length === 0) return byAsset;
  const page = await store.list<Doc>('Files', {
    filters: embargoedFilesFilters(ids, now),
    offset: 0,
    limit: 10_000,
    omit: ['warnings'],
  });
  for (const f of page.items) {
    const asset = String(f.asset);
    byAsset.set(asset, [...(byAsset.get(asset) ?? []), f]);
  }
  return byAsset;
}

/** The asset embargo of one asset, read now (the serving path of previews). */
export async function assetEmbargo(store: StoreOps, assetId: string, now = embargoClock()) {
  return assetEmbargoOf((await embargoedFilesByAsset(store, [assetId], now)).get(assetId) ?? [], now);
}

/**
 * The asset embargoes of a page of records, read together: the assets asked for in one turn of the event loop are
 * read in one query (as http/loader.ts batches records). One per request.
 */
export interface EmbargoLookup {
  ofAsset(assetId: string): Promise<AssetEmbargo | undefined>;
}

export function createEmbargoLookup(store: StoreOps, now = embargoClock()): EmbargoLookup {
  const known = new Map<string, Promise<AssetEmbargo | undefined>>();
  let pending: { ids: Set<string>; done: Promise<Map<string, Doc[]>> } | undefined;
  return {
    ofAsset(assetId) {
      let found = known.get(assetId);
      if (!found) {
        if (!pending) {
          const ids = new Set<string>();
          const done = Promise.resolve().then(() => {
            pending = undefined;
            return embargoedFilesByAsset(store, [...ids], now);
          });
          pending = { ids, done };
        }
        pending.ids.add(assetId);
        found = pending.done.then((byAsset) => assetEmbargoOf(byAsset.get(assetId) ?? [], now));
        known.set(assetId, found);
      }
      return found;
    },
  };
}
