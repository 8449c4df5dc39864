/**
 * Changing what a share holds (docs/API.md "Managing a share"): the `PUT /shares/{id}` body that takes assets out or
 * adds them. `assets` replaces the stored list, so the assets kept go back as the server stored them (their summaries
 * without the reader's `$` fields) and the added ones as `{_id}` (the server fills their summaries). Pure, no React.
 */
import { stripComputed } from '../../../api/schema/computed';
import type { Share } from '../../../api/schema/share';

export interface AssetChange {
  remove?: readonly string[];
  add?: readonly string[];
}

/** The body applying `change` to `share` as it now is; undefined when it changes nothing. */
export function assetChangeBody(share: Share, change: AssetChange): Share | undefined {
  const current = share.assets ?? [];
  const held = new Set(current.map((a) => a._id));
  const remove = new Set((change.remove ?? []).filter((id) => held.has(id)));
  const add = [...new Set(change.add ?? [])].filter((id) => !held.has(id));
  if (!remove.size && !add.length) return undefined;
  const kept = current.filter((a) => !a._id || !remove.has(a._id)).map((a) => stripComputed(a));
  return { _id: share._id, assets: [...kept, ...add.map((_id) => ({ _id }))] };
}

/** The queued ids a share does not hold yet. */
export function notInShare(share: Share, ids: readonly string[]): string[] {
  const held = new Set((share.assets ?? []).map((a) => a._id));
  return ids.filter((id) => !held.has(id));
}
