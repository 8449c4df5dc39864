/**
 * Which GETs the page a URL names makes first, for earlyRequest.ts to start before the app has loaded: built by the
 * code the page itself uses, with the stored credentials and the same headers as the API client's (so the client
 * recognises them: src/api/earlyRequests.ts). Nothing without credentials, without an API base, or for a page not
 * listed here (then the app asks as before). No React, no zod, no react-query: every byte delays the requests.
 */
import type { EarlyGet, EarlySend } from '../api/earlyRequests';
import { buildUrl, requestHeaders, seg } from '../api/request';
import { matchPattern, type Params } from '../api/schema/routePattern';
import { workRequestPath } from '../api/workRequestRequests';
import { dashboardCalendarRequest, dashboardTileRequests } from '../features/dashboard/tileRequests';
import { firstInboxRequest } from '../features/notifications/listRequest';
import { firstShareListRequest } from '../features/shares/listRequest';
import { firstTranslationListRequest } from '../features/translations/listRequest';
import { firstListRequest } from '../features/work-requests/listRequest';

type EarlyRequests = (url: URL, params: Params, nowMs: number) => (EarlyGet | undefined)[];

/** The work request the URL names (its page's and the editor's first request: recordPrefetch.ts, prefetch.ts). */
const record: EarlyRequests = (_url, { id }) => [id ? { path: workRequestPath(id) } : undefined];

/**
 * The original text the editor opens beside the lines: the transcription of `kind` the work request's asset names
 * (the editor's prefetch.ts asks for the same), read from the raw answer without validating it (the client does).
 */
function transcriptionOf(kind: 'dialogue' | 'graphics') {
  return (body: unknown): EarlyGet | undefined => {
    const asset = (body as { asset?: { transcription?: Record<string, unknown> } } | null)?.asset;
    const id = asset?.transcription?.[kind];
    return typeof id === 'string' && id ? { path: `/translations/${seg(id)}` } : undefined;
  };
}

/** The work request the URL names, then at once the transcription the editor of `kind` shows beside its lines. */
const editor =
  (kind: 'dialogue' | 'graphics'): EarlyRequests =>
  (_url, { id }) => [id ? { path: workRequestPath(id), next: transcriptionOf(kind) } : undefined];

/**
 * The pages whose first requests can start early (patterns as in pageModules.ts, in its order), and those requests:
 * the landing pages (src/lib/landing.ts: the dashboard, the translations, the work requests), the other lists, and a
 * work request with its editors.
 */
export const EARLY_PAGES: { path: string; requests: EarlyRequests }[] = [
  {
    path: 'dashboard',
    requests: (_url, _params, nowMs) => [...dashboardTileRequests(nowMs), dashboardCalendarRequest(nowMs)],
  },
  { path: 'work-requests', requests: (url) => [firstListRequest(url.searchParams)] },
  // The order form, matched before `:id` as the router does: it reads no record.
  { path: 'work-requests/new', requests: () => [] },
  { path: 'work-requests/:id', requests: record },
  { path: 'work-requests/:id/translation', requests: editor('dialogue') },
  { path: 'work-requests/:id/graphics-translation', requests: editor('graphics') },
  { path: 'translations', requests: (url) => [firstTranslationListRequest(url.searchParams)] },
  { path: 'shares', requests: () => [firstShareListRequest()] },
  { path: 'notifications', requests: (url) => [firstInboxRequest(url.searchParams)] },
];

/** The GETs to start for `url` with the stored credentials (none when there is nothing to start). */
export function earlyRequestsFor(
  url: URL,
  apiBase: unknown,
  authorization: string | undefined,
  nowMs: number = Date.now(),
): EarlySend[] {
  if (!authorization || typeof apiBase !== 'string' || !apiBase) return [];
  const toSend = (get: EarlyGet): EarlySend => {
    const next = get.next;
    return {
      url: buildUrl(apiBase, get.path, get.query),
      headers: requestHeaders(authorization, get.headers),
      ...(next ? { next: (body: unknown) => maybe(next(body)) } : {}),
    };
  };
  const maybe = (get: EarlyGet | undefined) => (get ? toSend(get) : undefined);
  for (const page of EARLY_PAGES) {
    const params = matchPattern(page.path, url.pathname);
    if (!params) continue;
    return page
      .requests(url, params, nowMs)
      .filter((get) => get !== undefined)
      .map(toSend);
  }
  return [];
}
