/**
 * The projects' asset counts gathered (assetCounts.ts): the rows that ask at once are one `GET /assets/counts`, with
 * the rest of their page, whose counts are cached; without the extension, one countByProject per asked project, as
 * before, and the extension is not asked again.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../api/client';
import { forgetMissingExtensions } from '../../api/missingExtensions';
import { assetCountOptions } from './assetCounts';
import { catalogKeys } from './queries';

const id = (n: number) => n.toString(16).padStart(24, '0');
const PAGE = [1, 2, 3, 4, 5].map(id);
/** Project n holds n * 10 assets. */
const countOf = (project: string) => parseInt(project, 16) * 10;

function deployment(hasExtension: boolean) {
  const asked: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'https://mws.test');
    asked.push(url);
    const json = (body: unknown, init: ResponseInit = {}) =>
      new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
    if (url.pathname === '/api/assets/counts') {
      if (!hasExtension) return json({ error: { code: 'not_found', message: 'asset not found' } }, { status: 404 });
      const ids = url.searchParams.get('project')!.split(',');
      return json({ counts: Object.fromEntries(ids.map((p) => [p, countOf(p)])) });
    }
    const project = url.searchParams.get('project')!;
    return json([{ _id: id(99) }], { headers: { 'Content-Range': `resources 0-0/${countOf(project)}` } });
  });
  configureApiClient({ fetch: fn });
  return asked;
}

let client: QueryClient;
beforeEach(() => {
  forgetMissingExtensions();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
  configureApiClient({ fetch: (...a) => globalThis.fetch(...a) });
});

const fetchCounts = (ids: string[]) => Promise.all(ids.map((p) => client.fetchQuery(assetCountOptions(p, PAGE))));

describe('asset counts', () => {
  it('the rows asking at once are one request, with their page; the page’s other counts are cached', async () => {
    const asked = deployment(true);
    expect(await fetchCounts(PAGE.slice(0, 2))).toEqual([10, 20]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/api/assets/counts');
    expect(asked[0]!.searchParams.get('project')!.split(',')).toEqual(PAGE);
    expect(client.getQueryData(catalogKeys.assetCount(PAGE[4]!))).toBe(50);
    // The page's other rows, shown later, find their counts: nothing is asked.
    expect(await fetchCounts(PAGE.slice(2))).toEqual([30, 40, 50]);
    expect(asked).toHaveLength(1);
  });

  it('a count invalidated (after a save) is asked again', async () => {
    const asked = deployment(true);
    await fetchCounts(PAGE);
    await client.invalidateQueries({ queryKey: catalogKeys.assets() });
    await fetchCounts([PAGE[0]!]);
    expect(asked).toHaveLength(2);
    // The page's other counts were invalidated too: they come along again.
    expect(asked[1]!.searchParams.get('project')!.split(',')).toEqual(PAGE);
  });

  it('without the extension, one countByProject per asked project, and the extension is not asked again', async () => {
    const asked = deployment(false);
    expect(await fetchCounts(PAGE.slice(0, 2))).toEqual([10, 20]);
    expect(asked.map((u) => u.pathname)).toEqual([
      '/api/assets/counts',
      '/api/assets/countByProject',
      '/api/assets/countByProject',
    ]);
    expect(asked[1]!.searchParams.get('project')).toBe(PAGE[0]);
    expect(client.getQueryData(catalogKeys.assetCount(PAGE[4]!))).toBeUndefined();
    asked.length = 0;
    expect(await fetchCounts([PAGE[2]!])).toEqual([30]);
    expect(asked.map((u) => u.pathname)).toEqual(['/api/assets/countByProject']);
  });
});
