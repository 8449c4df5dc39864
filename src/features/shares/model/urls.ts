/**
 * A share's `urls`: `playlist` and `invite` (with `:share` / `:code` placeholders) and one URL per shared asset
 * id, resolved as every record's links are (lib/recordLinks.ts): a usable link or nothing.
 */
import { recordLinks, resolveRecordLink, type RecordLink } from '../../../lib/recordLinks';

function context(shareId: string, origin: string) {
  return { fill: { ':share': shareId }, origin };
}

/** The per-asset link of `assetId`; undefined when the share has none that can be followed. */
export function assetUrl(
  urls: Record<string, string> | undefined,
  assetId: string | undefined,
  shareId: string,
  origin: string,
): RecordLink | undefined {
  const template = assetId ? urls?.[assetId] : undefined;
  if (!assetId || typeof template !== 'string') return undefined;
  return resolveRecordLink(assetId, template, context(shareId, origin));
}

/** The share's other links (playlist, invite, unknown keys), not the per-asset ones; templates left out. */
export function otherUrls(
  urls: Record<string, string> | undefined,
  assetIds: ReadonlySet<string>,
  shareId: string,
  origin: string,
): RecordLink[] {
  return recordLinks(urls, context(shareId, origin), assetIds);
}

/** `/shares/:id/assets/:assetId` -> the asset id, from the splat after the share's id. */
export function assetIdFromSplat(splat: string | undefined): string | undefined {
  const m = /^assets\/([^/]+)\/?$/.exec(splat ?? '');
  return m ? decodeURIComponent(m[1]!) : undefined;
}
