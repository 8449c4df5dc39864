/**
 * Opening a preview to play it (docs/API.md "Media", "Signed links"): its signed, time-limited `path`, checked. The
 * server refuses an expired link (410) and a tampered one (403); an expired link is replaced by a freshly signed one
 * (GET /previews/{id}) and tried once more. Whoever must get a watermarked copy gets it from the same link
 * (docs/API.md "Watermarks"). The catalog's preview viewer and the playlist's in-card player use it.
 */
import { isApiError } from '../api/client';
import { getPreview, viewPreview, type PreviewView } from '../api/previews';
import type { Preview } from '../api/schema/preview';

/** When a signed link lapses (its `expires`, epoch seconds); undefined when the link carries none. */
export function signedLinkExpiry(path: string | undefined): number | undefined {
  if (!path) return undefined;
  const m = /[?&]expires=(\d+)/.exec(path);
  return m ? Number(m[1]) : undefined;
}

export async function openPreview(
  preview: Preview & { _id: string },
  signal: AbortSignal,
): Promise<{ view: PreviewView; path: string }> {
  let path = preview.path ?? '';
  const expires = signedLinkExpiry(path);
  if (!path || (expires !== undefined && expires * 1000 <= Date.now() + 5_000)) {
    path = (await getPreview(preview._id, signal)).data.path ?? '';
  }
  const media = preview.media !== undefined;
  try {
    return { view: await viewPreview(path, signal, media), path };
  } catch (error) {
    if (!isApiError(error) || error.status !== 410) throw error;
    const fresh = (await getPreview(preview._id, signal)).data.path ?? '';
    return { view: await viewPreview(fresh, signal, media), path: fresh };
  }
}
