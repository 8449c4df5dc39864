/** Small display helpers for shares. */
import type { Share, ShareAsset } from '../../../api/schema/share';

/** An asset's `length` (seconds) as m:ss or h:mm:ss; undefined for stills (0) and when absent. */
export function formatLength(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}

/** `tags` is a list of lists of words: each inner list reads as one tag, "trailer · final". */
export function tagLabels(tags: Share['tags']): string[] {
  return (tags ?? []).map((t) => t.filter(Boolean).join(' · ')).filter(Boolean);
}

/**
 * An asset's project name: share assets carry the project id only, the share its `projectNames`. When the
 * share has one project, that is every asset's; otherwise the caller resolves ids (GET /projects/{id}).
 */
export function projectNameOf(
  asset: ShareAsset,
  share: Share,
  resolved: ReadonlyMap<string, string>,
): string | undefined {
  if (asset.project && resolved.has(asset.project)) return resolved.get(asset.project);
  const ids = new Set((share.assets ?? []).map((a) => a.project).filter(Boolean));
  if (ids.size <= 1 && share.projectNames?.length === 1) return share.projectNames[0];
  return undefined;
}
