/**
 * A share's `urls`: `playlist` and `invite` (with `:share` / `:code` placeholders) and one URL per shared asset
 * id. They may be relative (`/shares/…`), protocol-relative (`//host/…`) or absolute. A URL on this app's own
 * host whose path is one of our routes becomes an in-app link; one elsewhere opens as an external http(s)
 * link; `:code` (a per-invitation code) cannot be filled in, so that one is only shown.
 */
export interface ResolvedShareUrl {
  key: string;
  template: string;
  /** In-app path (pathname + search + hash). */
  to?: string | undefined;
  /** External http(s) URL. */
  href?: string | undefined;
  note?: string | undefined;
}

const APP_ROUTES: RegExp[] = [
  /^\/shares(\/[^/]+(\/assets\/[^/]+)?)?$/,
  /^\/work-requests(\/[^/]+(\/translation|\/graphics-translation)?)?$/,
  /^\/translations(\/[^/]+)?$/,
  /^\/notifications$/,
  /^\/catalog(\/.*)?$/,
  /^\/invite\/[^/:]+$/,
];

export function resolveShareUrl(key: string, template: string, shareId: string, origin: string): ResolvedShareUrl {
  const filled = template.split(':share').join(encodeURIComponent(shareId));
  if (/:code\b/.test(filled)) {
    return { key, template, note: 'Holds a per-invitation code (:code), filled in when an invitation is sent.' };
  }
  let url: URL;
  try {
    url = new URL(filled, origin);
  } catch {
    return { key, template, note: 'Not a valid address.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { key, template, note: 'Not a web address; not opened.' };
  const base = new URL(origin);
  const path = url.pathname + url.search + url.hash;
  if (url.host === base.host && APP_ROUTES.some((re) => re.test(url.pathname))) return { key, template, to: path };
  if (url.host === base.host) return { key, template, note: 'Not a page of this app.' };
  return { key, template, href: url.href };
}

/** The per-asset URL of `assetId`, resolved; undefined when the share has none. */
export function assetUrl(
  urls: Record<string, string> | undefined,
  assetId: string | undefined,
  shareId: string,
  origin: string,
): ResolvedShareUrl | undefined {
  if (!urls || !assetId) return undefined;
  const template = urls[assetId];
  if (typeof template !== 'string' || !template.trim()) return undefined;
  return resolveShareUrl(assetId, template.trim(), shareId, origin);
}

/** The share's other URLs (playlist, invite, unknown keys), not the per-asset ones. */
export function otherUrls(
  urls: Record<string, string> | undefined,
  assetIds: ReadonlySet<string>,
  shareId: string,
  origin: string,
): ResolvedShareUrl[] {
  if (!urls) return [];
  return Object.entries(urls)
    .filter(([k, v]) => !assetIds.has(k) && typeof v === 'string' && v.trim())
    .map(([k, v]) => resolveShareUrl(k, v.trim(), shareId, origin));
}

/** `/shares/:id/assets/:assetId` -> the asset id, from the splat after the share's id. */
export function assetIdFromSplat(splat: string | undefined): string | undefined {
  const m = /^assets\/([^/]+)\/?$/.exec(splat ?? '');
  return m ? decodeURIComponent(m[1]!) : undefined;
}
