/**
 * Which GET the page a URL names makes first, for earlyRequest.ts to start before the app has loaded: built by the
 * code the page itself uses, with the stored credentials and the same headers as the API client's (so the client
 * recognises it: src/api/earlyRequests.ts). Nothing without credentials, without an API base, or for a page not
 * listed here (then the app asks as before). No React, no zod, no react-query: every byte delays the request.
 */
import type { EarlyGet } from '../api/earlyRequests';
import { buildUrl, requestHeaders } from '../api/request';
import { matchPattern, type Params } from '../api/schema/routePattern';
import { workRequestPath } from '../api/workRequestRequests';
import { firstListRequest } from '../features/work-requests/listRequest';

type EarlyRequest = (url: URL, params: Params) => EarlyGet | undefined;

/** The work request the URL names (its page's and the editor's first request: recordPrefetch.ts, prefetch.ts). */
const record: EarlyRequest = (_url, { id }) => (id ? { path: workRequestPath(id) } : undefined);

/** The pages whose first request can start early (patterns as in pageModules.ts, in its order), and that request. */
export const EARLY_PAGES: { path: string; request: EarlyRequest }[] = [
  { path: 'work-requests', request: (url) => firstListRequest(url.searchParams) },
  // The order form, matched before `:id` as the router does: it reads no record.
  { path: 'work-requests/new', request: () => undefined },
  { path: 'work-requests/:id', request: record },
  { path: 'work-requests/:id/translation', request: record },
  { path: 'work-requests/:id/graphics-translation', request: record },
];

/** The GET to start for `url` with the stored credentials, or undefined. */
export function earlyRequestFor(
  url: URL,
  apiBase: unknown,
  authorization: string | undefined,
): { url: string; headers: Record<string, string> } | undefined {
  if (!authorization || typeof apiBase !== 'string' || !apiBase) return undefined;
  for (const page of EARLY_PAGES) {
    const params = matchPattern(page.path, url.pathname);
    if (!params) continue;
    const get = page.request(url, params);
    return get
      ? { url: buildUrl(apiBase, get.path, get.query), headers: requestHeaders(authorization, get.headers) }
      : undefined;
  }
  return undefined;
}
