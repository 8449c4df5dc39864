/**
 * The first page's GET started before the app (src/api/earlyRequests.ts, earlyRequestFor.ts) and its hand-over to
 * the API client: once, for the identical request only, never for another user or after sign-out; a failure is
 * asked again; the early request is the one the page makes (same URL, same headers).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicAuth, configureApiClient, send } from '../api/client';
import { EARLY_MAX_AGE_MS, forgetEarlyGets, startEarlyGet, takeEarlyGet } from '../api/earlyRequests';
import { getWorkRequest } from '../api/workRequestRecord';
import { listAutomateJobs, listWorkRequests } from '../api/workRequests';
import { PAGE_SIZE } from '../features/work-requests/listRequest';
import { filtersFromParams } from '../features/work-requests/model/filters';
import { earlyRequestFor, EARLY_PAGES } from './earlyRequestFor';
import { pageFor } from './preloadPage';

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
    const early = earlyRequestFor(url, '/api', ALICE)!;
    expect(early.url).toBe(page.url);
    expect(lower(early.headers)).toEqual(page.headers);
  });

  it('the automation queue', async () => {
    const page = await pageRequest(() => listAutomateJobs({ offset: 0, size: PAGE_SIZE }));
    const early = earlyRequestFor(new URL('https://x/work-requests?view=automation'), '/api', ALICE)!;
    expect([early.url, lower(early.headers)]).toEqual([page.url, page.headers]);
  });

  it.each(['/work-requests/6afd6', '/work-requests/6afd6/translation', '/work-requests/6afd6/graphics-translation'])(
    'the record of %s',
    async (path) => {
      const page = await pageRequest(() => getWorkRequest('6afd6'));
      const early = earlyRequestFor(new URL(path, 'https://x'), 'https://api.example.com/api/', ALICE)!;
      configureApiClient({ baseUrl: 'https://api.example.com/api/' });
      const other = await pageRequest(() => getWorkRequest('6afd6'));
      expect(page.url).toBe('/api/workrequests/6afd6');
      expect([early.url, lower(early.headers)]).toEqual([other.url, other.headers]);
    },
  );

  it('nothing signed out, without an API base, for the order form, or for terms the page turns into codes', () => {
    const list = new URL('https://x/work-requests');
    expect(earlyRequestFor(list, '/api', undefined)).toBeUndefined();
    expect(earlyRequestFor(list, undefined, ALICE)).toBeUndefined();
    expect(earlyRequestFor(list, 42, ALICE)).toBeUndefined();
    expect(earlyRequestFor(new URL('https://x/work-requests/new'), '/api', ALICE)).toBeUndefined();
    expect(earlyRequestFor(new URL('https://x/work-requests?language=French'), '/api', ALICE)).toBeUndefined();
    expect(earlyRequestFor(new URL('https://x/dashboard'), '/api', ALICE)).toBeUndefined();
  });

  it("each early page is the router's page for its URLs (same patterns, same order)", () => {
    for (const early of EARLY_PAGES) {
      const sample = `/${early.path.replace(':id', '6afd6')}`;
      expect(pageFor(sample)?.page.path, sample).toBe(early.path);
    }
  });
});
