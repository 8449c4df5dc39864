/**
 * Links to media bytes the server gives in records (docs/API.md, "Media": previews' `path` and `media.peaks` /
 * `media.poster`, thumbnails' `path`). They are signed, so they are used as they are (`<img src>`, `<video src>`,
 * a plain fetch): no Authorization header. A server-relative link (`/api/…`) belongs to the API's server, which is
 * another origin when the API base is an absolute URL (MWS_API_BASE). Only http(s) links are returned.
 */
import { apiBaseUrl } from './client';

export function mediaUrl(link: unknown): string | undefined {
  if (typeof link !== 'string') return undefined;
  const v = link.trim();
  if (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')) {
    const base = apiBaseUrl();
    return /^https?:\/\//i.test(base) ? new URL(v, base).href : v;
  }
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The image link of a thumbnail as records carry it: a work request's embedded file-like `asset.thumbnail`
 * (`path`), or an asset's `$thumbnail` (`{_id, path}`); read defensively (any field may be missing). A file-like
 * object that says it is not an image gives none.
 */
export function thumbnailUrl(thumbnail: unknown): string | undefined {
  if (!thumbnail || typeof thumbnail !== 'object') return undefined;
  const t = thumbnail as Record<string, unknown>;
  if (typeof t.mime === 'string' && t.mime !== '' && !t.mime.startsWith('image/')) return undefined;
  for (const key of ['path', 'url', 'src']) {
    const url = mediaUrl(t[key]);
    if (url) return url;
  }
  return undefined;
}
