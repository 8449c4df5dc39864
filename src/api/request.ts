/**
 * How a request's URL and headers are made, without the client's checking (no zod): the API client (client.ts) and
 * the request started before the app (src/app/earlyRequest.ts) build the same GET from the same code, so the
 * client can recognise it (earlyRequests.ts).
 */

export type Query = Record<string, string | number | boolean | undefined | null | readonly string[]>;

/** Joins base and path and appends the query, skipping empty values; lists become comma lists. */
export function buildUrl(base: string, path: string, query?: Query): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Every request's headers: JSON wanted, `X-Requested-With` (so the server never asks the browser to show its own
 * login dialog), the extra ones, and `Authorization` when signed in.
 */
export function requestHeaders(
  authorization: string | undefined,
  extra?: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...extra,
  };
  if (authorization) headers.Authorization = authorization;
  return headers;
}

/** Path segment for an id, escaped. */
export function seg(id: string): string {
  return encodeURIComponent(id);
}
