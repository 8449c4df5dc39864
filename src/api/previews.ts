/** Previews: spec operation 10, and the list / get extensions. `path` is a signed, time-limited viewing link. */
import { preview, type Preview } from './schema/preview';
import { ApiError, apiBaseUrl, requestList, requestRecord, seg, type ListOptions } from './client';
import { errorBody } from './schema/error';
import { requestVersioned } from './versioned';

/** Operation 10 `PUT /previews/{id}`. */
export function putPreview(id: string, record: Preview) {
  return requestRecord(preview, 'PUT', `/previews/${seg(id)}`, { body: record });
}

/** Operation 10 with `If-Match`: answers the record and its new ETag; a stale ETag is a 409. */
export function putPreviewIfMatch(id: string, record: Preview, etag: string | undefined) {
  return requestVersioned(preview, 'PUT', `/previews/${seg(id)}`, { body: record, ifMatch: etag });
}

/** Extension `GET /previews?asset=`: the previews of an asset. */
export function listPreviews(asset: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(preview, '/previews', { ...options, query: { asset } });
}

/** Extension `GET /previews/{id}`: one preview (with a freshly signed `path`) and its ETag. */
export function getPreview(id: string, signal?: AbortSignal) {
  return requestVersioned(preview, 'GET', `/previews/${seg(id)}`, { signal });
}

/** What the signed viewing link answers on this server (extension `GET /previews/{id}/view?expires&sig`). */
export interface PreviewView {
  preview?: string;
  asset?: string;
  label?: string;
  revision?: string;
  cdn?: { domain?: string; path?: string; key?: string };
}

/** The absolute address of a signed `path` (it is relative to the API's origin, e.g. `/api/previews/…`). */
export function signedUrl(path: string): string {
  const base = new URL(apiBaseUrl(), globalThis.location?.href ?? 'http://localhost/');
  return new URL(path, base).toString();
}

/**
 * Opens a preview's signed, time-limited `path`. The signature is the credential, so no Authorization is
 * sent. An expired link is a 410 `gone`, a tampered one a 403 `forbidden` (docs/API.md "Signed links").
 */
export async function viewPreview(
  path: string,
  signal?: AbortSignal,
  /** The preview has `media` (docs/API.md "Media"): the link serves its bytes, so only its headers are read. */
  media = false,
): Promise<PreviewView> {
  let response: Response;
  try {
    response = await fetch(signedUrl(path), {
      method: media ? 'HEAD' : 'GET',
      headers: { Accept: media ? '*/*' : 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const parsed = errorBody.safeParse(json);
    const code = parsed.success ? parsed.data.error.code : response.status === 410 ? 'gone' : `http_${response.status}`;
    const message = parsed.success ? parsed.data.error.message : `The server answered ${response.status}.`;
    throw new ApiError(response.status, code, message);
  }
  if (media) return {};
  return json !== null && typeof json === 'object' ? json : {};
}

/** Waveform peaks of a preview's media (extension, docs/API.md "Media"): one value per `1 / rate` seconds, -1..1. */
export interface MediaPeaks {
  duration: number;
  rate: number;
  peaks: number[];
}

/**
 * Reads a preview's waveform peaks from their signed link, resolved by `mediaUrl` (no Authorization: the signature
 * is the credential).
 * Anything but `{duration, rate, peaks: number[]}` is an error, so a bad file never reaches the waveform.
 */
export async function getMediaPeaks(url: string, signal?: AbortSignal): Promise<MediaPeaks> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok)
    throw new ApiError(
      response.status,
      `http_${response.status}`,
      `The waveform could not be read (${response.status}).`,
    );
  const json: unknown = await response.json();
  const body = json !== null && typeof json === 'object' ? (json as Partial<MediaPeaks>) : {};
  const { duration, rate, peaks } = body;
  if (
    typeof duration !== 'number' ||
    !(duration > 0) ||
    typeof rate !== 'number' ||
    !Array.isArray(peaks) ||
    !peaks.every((p) => typeof p === 'number' && Number.isFinite(p))
  )
    throw new ApiError(0, 'invalid_peaks', 'The waveform data is not in the expected form.');
  return { duration, rate, peaks };
}
