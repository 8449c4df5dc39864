/**
 * The first page's GET started before the app (src/api/earlyRequests.ts, earlyRequestFor.ts) and its hand-over to
 * the API client: once, for the identical request only, never for another user or after sign-out; a failure is
 * asked again; the early request is the one the page makes (same URL, same headers).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicAuth, configureApiClient, send } from '../api/client';
import { EARLY_MAX_AGE_MS, forgetEarlyGets, startEarlyGet, takeEarlyGet } from '../api/earlyRequests';
import { getWorkRequest } from '../api/workRequestRecord';
import { countDueDays, listAutomateJobs, listWorkRequests } from '../api/workRequests';
import { PAGE_SIZE } from '../features/work-requests/listRequest';
import { filtersFromParams } from '../features/work-requests/model/filters';
import { earlyRequestsFor, EARLY_PAGES } from './earlyRequestFor';
import { pageFor } from './preloadPage';
import { listNotifications } from '../api/notifications';
import { getTranslation } from '../api/translations';
import { listShares } from '../api/shares';
import { listTranslations } from '../api/translations';
import { calendarWeeks, dayBounds } from '../features/dashboard/model/calendarDays';
import {
  CALENDAR_FILTERS,
  CALENDAR_WEEKS,
  dashboardMinute,
  tileFilters,
  TILE_ROWS,
} from '../features/dashboard/model/tiles';
import { inboxListFilters, PAGE_SIZE as INBOX_PAGE } from '../features/notifications/listRequest';
import { filtersOfView, viewFromParams } from '../features/notifications/model/inboxView';
import { PAGE_SIZE as SHARES_PAGE } from '../features/shares/listRequest';
import { PAGE_SIZE as TRANSLATIONS_PAGE, translationFiltersFromParams } from '../features/translations/listRequest';

const ALICE = basicAuth('alice@mws.test', 'alice-password');
const BOB = basicAuth('bob@mws.test', 'bob-password');
const headersOf = (authorization: string) => ({
  Accept: 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
  Authorization: authorization,
});

interface Call {
  url: string;
  headers: Record<string, string>;
}

/** A fetch that answers `[{ n }]` with the count of calls so far, and records what was asked. */
function countingFetch() {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: input instanceof Request ? input.url : String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    return new Response(JSON.stringify({ n: calls.length }), { headers: { 'Content-Type': 'application/json' } });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

afterEach(() => {
  forgetEarlyGets();
  vi.useRealTimers();
  configureApiClient({ baseUrl: '/api', getAuthorization: () => undefined, onUnauthorized: () => {} });
});

describe('takeEarlyGet', () => {
  const early = () => Promise.resolve(new Response('{}'));

  it('hands the identical GET over once', async () => {
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), early);
    expect(takeEarlyGet('/api/workrequests/2', headersOf(ALICE))).toBeUndefined();
    expect(takeEarlyGet('/api/workrequests/1', headersOf(ALICE))).toBeDefined();
    expect(takeEarlyGet('/api/workrequests/1', headersOf(ALICE))).toBeUndefined();
  });

  it("never another user's: the credentials are part of the request", () => {
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), early);
    expect(takeEarlyGet('/api/workrequests/1', headersOf(BOB))).toBeUndefined();
    const { Authorization: _dropped, ...signedOut } = headersOf(ALICE);
    expect(takeEarlyGet('/api/workrequests/1', signedOut)).toBeUndefined();
  });

  it('never another page: every header counts (X-Range)', () => {
    startEarlyGet('/api/workrequests', { ...headersOf(ALICE), 'X-Range': 'resources=0-49' }, early);
    expect(takeEarlyGet('/api/workrequests', { ...headersOf(ALICE), 'X-Range': 'resources=50-99' })).toBeUndefined();
    expect(takeEarlyGet('/api/workrequests', { ...headersOf(ALICE), 'X-Range': 'resources=0-49' })).toBeDefined();
  });

  it('none after the session ended', () => {
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), early);
    forgetEarlyGets();
    expect(takeEarlyGet('/api/workrequests/1', headersOf(ALICE))).toBeUndefined();
  });

  it('none sent once the client has asked: an early script that ran late would only send a duplicate', () => {
    const network = countingFetch();
    expect(takeEarlyGet('/api/workrequests/1', headersOf(ALICE))).toBeUndefined();
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), network.fn);
    expect(network.calls).toHaveLength(0);
  });

  it('none once stale', () => {
    vi.useFakeTimers();
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), early);
    vi.advanceTimersByTime(EARLY_MAX_AGE_MS + 1);
    expect(takeEarlyGet('/api/workrequests/1', headersOf(ALICE))).toBeUndefined();
  });
});

describe('the API client takes the early answer', () => {
  it('for the identical GET, once: a second identical GET goes to the network', async () => {
    const network = countingFetch();
    configureApiClient({ fetch: network.fn, getAuthorization: () => ALICE });
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), () =>
      Promise.resolve(new Response(JSON.stringify({ n: 'early' }))),
    );
    expect((await send('GET', '/workrequests/1')).json).toEqual({ n: 'early' });
    expect(network.calls).toHaveLength(0);
    expect((await send('GET', '/workrequests/1')).json).toEqual({ n: 1 });
    expect(network.calls).toHaveLength(1);
  });

  it('not for another user signed in since', async () => {
    const network = countingFetch();
    configureApiClient({ fetch: network.fn, getAuthorization: () => BOB });
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), () =>
      Promise.resolve(new Response(JSON.stringify({ n: 'early' }))),
    );
    expect((await send('GET', '/workrequests/1')).json).toEqual({ n: 1 });
    expect(network.calls[0]!.headers.authorization).toBe(BOB);
  });

  it('not for another method', async () => {
    const network = countingFetch();
    configureApiClient({ fetch: network.fn, getAuthorization: () => ALICE });
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), () => Promise.resolve(new Response('{"n":"early"}')));
    await send('PUT', '/workrequests/1', { body: { status: 'complete' } });
    expect(network.calls).toHaveLength(1);
  });

  it('an early request that failed is asked again of the network', async () => {
    const network = countingFetch();
    configureApiClient({ fetch: network.fn, getAuthorization: () => ALICE });
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await send('GET', '/workrequests/1')).json).toEqual({ n: 1 });
    expect(network.calls.map((c) => c.url)).toEqual(['/api/workrequests/1']);
  });

  it('an early error answer (401) is the answer: the session ends as it would have', async () => {
    const network = countingFetch();
    const onUnauthorized = vi.fn();
    configureApiClient({ fetch: network.fn, getAuthorization: () => ALICE, onUnauthorized });
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), () =>
      Promise.resolve(new Response('{"error":{"code":"unauthorized","message":"no"}}', { status: 401 })),
    );
    await expect(send('GET', '/workrequests/1')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(network.calls).toHaveLength(0);
  });

  it('the caller can still cancel while the early answer is on its way', async () => {
    configureApiClient({ fetch: countingFetch().fn, getAuthorization: () => ALICE });
    startEarlyGet('/api/workrequests/1', headersOf(ALICE), () => new Promise<Response>(() => undefined));
    const abort = new AbortController();
    const sent = send('GET', '/workrequests/1', { signal: abort.signal });
    abort.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the GET an early answer names (the editor: its work request, then the transcription)', () => {
  const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());
  const WR = { _id: 'w1', asset: { transcription: { dialogue: 'td 1', graphics: 'tg' } } };
  /** A fetch answering the work request with `body` and anything else with `{}`, recording the URLs asked. */
  function fetchAnswering(body: unknown, status = 200) {
    const urls: string[] = [];
    const fn = vi.fn(async (input: RequestInfo | URL) => {
      const url = urlOf(input);
      urls.push(url);
      const json = url.includes('/workrequests/') ? body : { _id: 'td 1', lines: [] };
      return new Response(typeof json === 'string' ? json : JSON.stringify(json), { status });
    });
    return { fn: fn as unknown as typeof fetch, urls };
  }
  /** A fetch whose answer the test gives when it chooses (`answer`), for what happens meanwhile. */
  function fetchHeld() {
    const urls: string[] = [];
    let resolve!: (r: Response) => void;
    const fn = ((input: RequestInfo | URL) => {
      urls.push(urlOf(input));
      return new Promise<Response>((r) => (resolve = r));
    }) as typeof fetch;
    return { fn, urls, answer: (r: Response) => resolve(r) };
  }
  const editorUrl = (kind = 'translation') => new URL(`https://x/work-requests/w1/${kind}`);
  const startFor = (url: URL, fetchImpl: typeof fetch) => {
    for (const e of earlyRequestsFor(url, '/api', ALICE)) startEarlyGet(e.url, e.headers, fetchImpl, e.next);
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('starts the transcription as soon as the work request answers, as the client asks for it', async () => {
    const network = fetchAnswering(WR);
    startFor(editorUrl(), network.fn);
    await vi.waitFor(() => expect(network.urls).toEqual(['/api/workrequests/w1', '/api/translations/td%201']));
    // The client takes both over: one request each, and the answer is still validated by the client.
    configureApiClient({
      baseUrl: '/api',
      fetch: () => Promise.reject(new Error('asked twice')),
      getAuthorization: () => ALICE,
    });
    await expect(getWorkRequest('w1')).resolves.toBeDefined();
    const transcription = await getTranslation('td 1');
    expect(transcription.data._id).toBe('td 1');
    expect(network.urls).toHaveLength(2);
  });

  it("the graphics editor's transcription for its page", async () => {
    const network = fetchAnswering(WR);
    startFor(editorUrl('graphics-translation'), network.fn);
    await vi.waitFor(() => expect(network.urls).toContain('/api/translations/tg'));
  });

  it('the work request page asks for no transcription', async () => {
    const network = fetchAnswering(WR);
    startFor(new URL('https://x/work-requests/w1'), network.fn);
    await settled();
    await settled();
    expect(network.urls).toEqual(['/api/workrequests/w1']);
  });

  it.each([
    ['an error answer', WR, 404],
    ['a body that is not JSON', 'not json', 200],
    ['no transcription named', { _id: 'w1', asset: {} }, 200],
    ['a transcription id that is no string', { asset: { transcription: { dialogue: 7 } } }, 200],
  ])('nothing more after %s', async (_name, body, status) => {
    const network = fetchAnswering(body, status);
    startFor(editorUrl(), network.fn);
    await settled();
    await settled();
    expect(network.urls).toEqual(['/api/workrequests/w1']);
  });

  it('no duplicate when the client asked for the transcription first', async () => {
    const { fn: fetchImpl, urls, answer } = fetchHeld();
    startFor(editorUrl(), fetchImpl);
    expect(takeEarlyGet('/api/translations/td%201', headersOf(ALICE))).toBeUndefined(); // the client asks itself
    answer(new Response(JSON.stringify(WR)));
    await settled();
    await settled();
    expect(urls).toEqual(['/api/workrequests/w1']);
  });

  it('nothing after the session ended', async () => {
    const { fn: fetchImpl, urls, answer } = fetchHeld();
    startFor(editorUrl(), fetchImpl);
    forgetEarlyGets();
    answer(new Response(JSON.stringify(WR)));
    await settled();
    await settled();
    expect(urls).toEqual(['/api/workrequests/w1']);
  });
});

describe('earlyRequestFor: the request the page itself makes', () => {
  /** What the client sends for `call`, as URL and headers. */
  async function pageRequest(call: () => Promise<unknown>): Promise<Call> {
    const network = countingFetch();
    configureApiClient({ fetch: network.fn, getAuthorization: () => ALICE });
    await call().catch(() => undefined); // the counting answer is no list: only the request matters
    return network.calls[0]!;
  }
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

  it.each([
    '/work-requests',
    '/work-requests?sort=due&status=in-progress,submitted&q=Harbor%20Lane&assignee=me',
    '/work-requests?dueFrom=1795392000&dueTo=1795478400&project=abc',
  ])('the list %s', async (path) => {
    const url = new URL(path, 'https://mws.example.com');
    const page = await pageRequest(() =>
      listWorkRequests(filtersFromParams(url.searchParams), { offset: 0, size: PAGE_SIZE }),
    );
    const early = earlyRequestsFor(url, '/api', ALICE)[0]!;
    expect(early.url).toBe(page.url);
    expect(lower(early.headers)).toEqual(page.headers);
  });

  it('the automation queue', async () => {
    const page = await pageRequest(() => listAutomateJobs({ offset: 0, size: PAGE_SIZE }));
    const early = earlyRequestsFor(new URL('https://x/work-requests?view=automation'), '/api', ALICE)[0]!;
    expect([early.url, lower(early.headers)]).toEqual([page.url, page.headers]);
  });

  it.each(['/work-requests/6afd6', '/work-requests/6afd6/translation', '/work-requests/6afd6/graphics-translation'])(
    'the record of %s',
    async (path) => {
      const page = await pageRequest(() => getWorkRequest('6afd6'));
      const early = earlyRequestsFor(new URL(path, 'https://x'), 'https://api.example.com/api/', ALICE)[0]!;
      configureApiClient({ baseUrl: 'https://api.example.com/api/' });
      const other = await pageRequest(() => getWorkRequest('6afd6'));
      expect(page.url).toBe('/api/workrequests/6afd6');
      expect([early.url, lower(early.headers)]).toEqual([other.url, other.headers]);
    },
  );

  it('nothing signed out, without an API base, for the order form, for terms the page turns into codes, or for a page not listed', () => {
    const list = new URL('https://x/work-requests');
    expect(earlyRequestsFor(list, '/api', undefined)).toEqual([]);
    expect(earlyRequestsFor(list, undefined, ALICE)).toEqual([]);
    expect(earlyRequestsFor(list, 42, ALICE)).toEqual([]);
    expect(earlyRequestsFor(new URL('https://x/work-requests/new'), '/api', ALICE)).toEqual([]);
    expect(earlyRequestsFor(new URL('https://x/work-requests?language=French'), '/api', ALICE)).toEqual([]);
    expect(earlyRequestsFor(new URL('https://x/settings'), '/api', ALICE)).toEqual([]);
    expect(earlyRequestsFor(new URL('https://x/translations/6afd6'), '/api', ALICE)).toEqual([]);
  });

  it.each(['/translations', '/translations?status=submitted&language=fr-FR', '/translations?status=bogus'])(
    "the translator's landing list %s",
    async (path) => {
      const url = new URL(path, 'https://x');
      const page = await pageRequest(() =>
        listTranslations(translationFiltersFromParams(url.searchParams), { offset: 0, size: TRANSLATIONS_PAGE }),
      );
      const early = earlyRequestsFor(url, '/api', ALICE);
      expect(early.map((e) => [e.url, lower(e.headers)])).toEqual([[page.url, page.headers]]);
    },
  );

  it('the shares list', async () => {
    const page = await pageRequest(() => listShares({ offset: 0, size: SHARES_PAGE }));
    const early = earlyRequestsFor(new URL('https://x/shares'), '/api', ALICE);
    expect(early.map((e) => [e.url, lower(e.headers)])).toEqual([[page.url, page.headers]]);
  });

  it.each(['/notifications', '/notifications?tab=all&unread=1&q=Harbor', '/notifications?tab=general&type=share'])(
    'the inbox %s',
    async (path) => {
      const url = new URL(path, 'https://x');
      const filters = filtersOfView(viewFromParams(url.searchParams));
      const page = await pageRequest(() =>
        listNotifications(inboxListFilters(filters), { offset: 0, size: INBOX_PAGE }),
      );
      const early = earlyRequestsFor(url, '/api', ALICE);
      expect(early.map((e) => [e.url, lower(e.headers)])).toEqual([[page.url, page.headers]]);
    },
  );

  it("the dashboard's tiles and its calendar's one count request, for the minute the page shows", async () => {
    const nowMs = Date.UTC(2026, 10, 23, 17, 45, 31);
    const { nowSeconds, timeZone } = dashboardMinute(nowMs);
    const tiles = tileFilters(nowSeconds, timeZone);
    const pages: Call[] = [];
    for (const tile of tiles) pages.push(await pageRequest(() => listWorkRequests(tile.filters, { size: TILE_ROWS })));
    const bounds = dayBounds(calendarWeeks(nowSeconds, timeZone, CALENDAR_WEEKS).flat());
    pages.push(await pageRequest(() => countDueDays(CALENDAR_FILTERS, bounds)));
    const early = earlyRequestsFor(new URL('https://x/dashboard'), '/api', ALICE, nowMs);
    expect(early.map((e) => [e.url, lower(e.headers)])).toEqual(pages.map((p) => [p.url, p.headers]));
    expect(early).toHaveLength(6);
    expect(early[5]!.url).toMatch(/^\/api\/workrequests\/dueCounts\?status=[a-z%2C-]+&bounds=(\d+%2C){35}\d+$/);
    // A later second of the same minute asks the same; the next minute asks anew (the page's keys move with it).
    expect(earlyRequestsFor(new URL('https://x/dashboard'), '/api', ALICE, nowMs + 20_000)).toEqual(early);
    expect(earlyRequestsFor(new URL('https://x/dashboard'), '/api', ALICE, nowMs + 60_000)).not.toEqual(early);
  });

  it("each early page is the router's page for its URLs (same patterns, same order)", () => {
    for (const early of EARLY_PAGES) {
      const sample = `/${early.path.replace(':id', '6afd6')}`;
      expect(pageFor(sample)?.page.path, sample).toBe(early.path);
    }
  });
});
