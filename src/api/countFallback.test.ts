/**
 * The count extensions and the app's fallback (docs/API.md, "Counts in one request"): one request when the
 * deployment has the extension; the spec's requests when it answers that it lacks it (404, 405, 501, or a 400 that
 * names none of its parameters), remembered so the extension is not asked again; a 400 of the extension's own
 * (naming its parameter) stays an error.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import { forgetMissingExtensions, isMissingExtension } from './missingExtensions';
import { ApiError } from './client';
import { countDueDays } from './workRequests';

type Answer = { status?: number; body: unknown; total?: number };

/** A fake deployment: `answer(url)` for each request; every URL asked is kept. */
function deployment(answer: (url: URL) => Answer) {
  const asked: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'https://mws.test');
    asked.push(url);
    const a = answer(url);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (a.total !== undefined) headers['Content-Range'] = `resources 0-0/${a.total}`;
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers });
  });
  configureApiClient({ fetch: fn });
  return asked;
}

const notFound = { status: 404, body: { error: { code: 'not_found', message: 'work request not found' } } };
/** The spec's list: day i (from its dueFrom) holds i + 1 orders. */
const listByDay = (bounds: number[]) => (url: URL) => ({
  body: [{ _id: 'a'.repeat(24) }],
  total: bounds.indexOf(Number(url.searchParams.get('dueFrom'))) + 1,
});

const BOUNDS = [1_767_225_600, 1_767_312_000, 1_767_398_400, 1_767_484_800];
const FILTERS = { status: ['in-progress', 'submitted'], sort: 'due' as const };

beforeEach(() => forgetMissingExtensions());
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a), baseUrl: '/api' }));

describe('countDueDays', () => {
  it('asks the extension once for every day, with the filters and the boundaries', async () => {
    const asked = deployment(() => ({ body: { counts: [4, 0, 7] } }));
    expect(await countDueDays(FILTERS, BOUNDS)).toEqual([4, 0, 7]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/api/workrequests/dueCounts');
    expect(asked[0]!.searchParams.get('bounds')).toBe(BOUNDS.join(','));
    expect(asked[0]!.searchParams.get('status')).toBe('in-progress,submitted');
    expect(asked[0]!.searchParams.has('sort')).toBe(false);
  });

  it('without the extension (404), counts one day a request, and never asks the extension again', async () => {
    const asked = deployment((url) => (url.pathname.endsWith('/dueCounts') ? notFound : listByDay(BOUNDS)(url)));
    expect(await countDueDays(FILTERS, BOUNDS)).toEqual([1, 2, 3]);
    expect(asked.map((u) => u.pathname)).toEqual([
      '/api/workrequests/dueCounts',
      '/api/workrequests',
      '/api/workrequests',
      '/api/workrequests',
    ]);
    // The per-day requests are today's: the day's range, the filters and their sort.
    expect(asked[1]!.searchParams.get('dueFrom')).toBe(String(BOUNDS[0]));
    expect(asked[1]!.searchParams.get('dueTo')).toBe(String(BOUNDS[1]));
    expect(asked[1]!.searchParams.get('sort')).toBe('due');
    asked.length = 0;
    expect(await countDueDays(FILTERS, BOUNDS)).toEqual([1, 2, 3]);
    expect(asked.map((u) => u.pathname)).toEqual(['/api/workrequests', '/api/workrequests', '/api/workrequests']);
  });

  it('a deployment that sends no total counts a day as null', async () => {
    deployment((url) => (url.pathname.endsWith('/dueCounts') ? notFound : { body: [] }));
    expect(await countDueDays(FILTERS, BOUNDS.slice(0, 2))).toEqual([null]);
  });

  it('a 400 of the extension’s own (naming bounds) is an error, not a missing extension', async () => {
    const asked = deployment(() => ({
      status: 400,
      body: { error: { code: 'bad_request', message: 'bounds: …', details: [{ path: 'bounds', message: '…' }] } },
    }));
    await expect(countDueDays(FILTERS, BOUNDS)).rejects.toMatchObject({ status: 400, code: 'bad_request' });
    expect(asked).toHaveLength(1);
  });

  it('an answer of the wrong length is an invalid response, not a fallback', async () => {
    deployment(() => ({ body: { counts: [1] } }));
    await expect(countDueDays(FILTERS, BOUNDS)).rejects.toMatchObject({ code: 'invalid_response' });
  });
});

describe('isMissingExtension', () => {
  it.each([
    [new ApiError(404, 'not_found', 'x'), true],
    [new ApiError(405, 'http_405', 'x'), true],
    [new ApiError(501, 'http_501', 'x'), true],
    [new ApiError(400, 'bad_request', 'invalid id'), true],
    [new ApiError(400, 'bad_request', 'id', [{ path: 'id', message: 'not an ObjectId' }]), true],
    [new ApiError(400, 'bad_request', 'bounds: …', [{ path: 'bounds', message: '…' }]), false],
    [new ApiError(500, 'internal', 'x'), false],
    [new ApiError(0, 'network', 'x'), false],
    [new Error('x'), false],
  ])('%s: %s', (error, missing) => {
    expect(isMissingExtension(error, ['bounds'])).toBe(missing);
  });
});
