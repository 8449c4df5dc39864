/** The shared reference lists (referenceLists.ts): every page, once while fresh, under the catalog resource's key. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TIMEOUT_MS, configureApiClient } from '../api/client';
import {
  allGroupsOptions,
  allLanguagesOptions,
  allProjectsOptions,
  allStudiosOptions,
  allTerritoriesOptions,
} from './referenceLists';
import { projectAssetPagesOptions, readProjectAssetPage } from './catalogRecords';
import {
  languagePagesOptions,
  projectPagesOptions,
  readEverySharedPage,
  studioPagesOptions,
  territoryPagesOptions,
} from './referencePages';

/** A server holding `count` records per list, answering the `X-Range` asked (pages of at most 100, as this one). */
function serverOf(count: number) {
  const asked: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('X-Range') ?? 'resources=0-9';
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push(`${url} ${range}`);
    const [first, last] = range.replace('resources=', '').split('-').map(Number) as [number, number];
    const end = Math.min(last, first + 99, count - 1);
    const items = Array.from({ length: Math.max(0, end - first + 1) }, (_, i) => ({
      _id: `r${first + i}`,
      name: `Record ${first + i}`,
    }));
    return Promise.resolve(
      new Response(JSON.stringify(items), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': `resources ${first}-${end}/${count}` },
      }),
    );
  });
  configureApiClient({ fetch });
  return asked;
}

afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args), answerTimeoutMs: ANSWER_TIMEOUT_MS });
});

interface List {
  /** Reads the whole list through `client` (its one query). */
  read: (client: QueryClient) => Promise<readonly { name?: string | undefined }[]>;
  key: readonly unknown[];
}

const lists: [string, string, List][] = [
  ['studios', '/api/studios', { read: (c) => c.fetchQuery(allStudiosOptions()), key: allStudiosOptions().queryKey }],
  [
    'projects',
    '/api/projects',
    { read: (c) => c.fetchQuery(allProjectsOptions()), key: allProjectsOptions().queryKey },
  ],
  [
    'languages',
    '/api/languages',
    { read: (c) => c.fetchQuery(allLanguagesOptions()), key: allLanguagesOptions().queryKey },
  ],
  [
    'territories',
    '/api/territories',
    { read: (c) => c.fetchQuery(allTerritoriesOptions()), key: allTerritoriesOptions().queryKey },
  ],
  // Groups were one page of 500, which a server cuts to its own most (100 here): the 101st had no name.
  ['groups', '/api/groups', { read: (c) => c.fetchQuery(allGroupsOptions()), key: allGroupsOptions().queryKey }],
];

describe.each(lists)('every %s', (resource, path, list) => {
  it('reads every page, then answers from the cache while fresh', async () => {
    const asked = serverOf(150);
    const client = new QueryClient();
    const first = await list.read(client);
    expect(first).toHaveLength(150);
    expect(first[149]?.name).toBe('Record 149');
    expect(asked).toEqual([`${path} resources=0-99`, `${path} resources=100-199`]);
    // Another page asking a minute later: no request.
    await list.read(client);
    expect(asked).toHaveLength(2);
  });

  it("sits under the catalog resource's key, so the catalog's saves (which invalidate that key) refresh it", () => {
    expect(list.key.slice(0, 2)).toEqual(['catalog', resource]);
  });
});

/** The app's staleness (app/queryClient.ts: 30 s) for the catalog's paged lists. */
const appClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });

/**
 * A whole list and the catalog's paged list of the same records (docs/decisions/101-reference-lists-read-once.md: no
 * page asked twice).
 */
const pagedLists: [readonly unknown[], (c: QueryClient) => Promise<unknown>][] = [
  [studioPagesOptions().queryKey, (c) => c.fetchInfiniteQuery(studioPagesOptions())],
  [projectPagesOptions({}).queryKey, (c) => c.fetchInfiniteQuery(projectPagesOptions({}))],
  [languagePagesOptions().queryKey, (c) => c.fetchInfiniteQuery(languagePagesOptions())],
  [territoryPagesOptions().queryKey, (c) => c.fetchInfiniteQuery(territoryPagesOptions())],
];
const pairs = lists.slice(0, 4).map(([resource, path, list], i) => {
  const [key, fetch] = pagedLists[i]!;
  return [resource, path, list, { key, fetch }] as const;
});

interface Pages {
  pages: { items: unknown[]; total?: number }[];
  pageParams: number[];
}

describe.each(pairs)('every %s and the catalog’s pages of them', (_resource, path, list, pages) => {
  it('the whole list after the catalog’s first page asks only the pages after it, and leaves them in the catalog’s', async () => {
    const asked = serverOf(150);
    const client = appClient();
    await pages.fetch(client);
    expect(asked).toEqual([`${path} resources=0-99`]);
    expect(await list.read(client)).toHaveLength(150);
    expect(asked).toEqual([`${path} resources=0-99`, `${path} resources=100-199`]);
    const held = client.getQueryData<Pages>(pages.key);
    expect(held?.pages.map((p) => p.items.length)).toEqual([100, 50]);
    expect(held?.pageParams).toEqual([0, 100]);
  });

  it('the catalog’s list after the whole list asks nothing while fresh, and has every row and the total', async () => {
    const asked = serverOf(150);
    const client = appClient();
    await list.read(client);
    expect(asked).toHaveLength(2);
    await pages.fetch(client);
    expect(asked).toHaveLength(2);
    const held = client.getQueryData<Pages>(pages.key);
    expect(held?.pages.map((p) => p.items.length)).toEqual([100, 50]);
    expect(held?.pages[0]?.total).toBe(150);
  });

  it('the whole list does not take the catalog’s pages once they are ten minutes old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const asked = serverOf(50);
      const client = appClient();
      await pages.fetch(client);
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
      expect(await list.read(client)).toHaveLength(50);
      expect(asked).toEqual([`${path} resources=0-99`, `${path} resources=0-99`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a save in the catalog (its resource invalidated) makes both ask again, once', async () => {
    const asked = serverOf(50);
    const client = appClient();
    await list.read(client);
    await pages.fetch(client);
    expect(asked).toHaveLength(1);
    await client.invalidateQueries({ queryKey: list.key.slice(0, 2) });
    await list.read(client);
    await pages.fetch(client);
    expect(asked).toHaveLength(2);
  });
});

describe('a project’s assets: the order wizard’s choices and the project page’s pages of them', () => {
  const path = '/api/assets/countByProject?project=p1';
  const choices = (client: QueryClient, cap?: number) =>
    readEverySharedPage(client, new AbortController().signal, {
      queryKey: projectAssetPagesOptions('p1').queryKey,
      read: readProjectAssetPage('p1'),
      staleTime: 5 * 60_000,
      cap,
    });

  it('the wizard after the project page asks only the pages after those it read, in the same page size', async () => {
    const asked = serverOf(120);
    const client = appClient();
    await client.fetchInfiniteQuery(projectAssetPagesOptions('p1'));
    expect(asked).toEqual([`${path} resources=0-49`]);
    expect(await choices(client)).toHaveLength(120);
    expect(asked).toEqual([`${path} resources=0-49`, `${path} resources=50-99`, `${path} resources=100-149`]);
  });

  it('the project page after the wizard asks nothing while fresh, up to the wizard’s cap', async () => {
    const asked = serverOf(180);
    const client = appClient();
    expect(await choices(client, 100)).toHaveLength(100);
    expect(asked).toHaveLength(2);
    await client.fetchInfiniteQuery(projectAssetPagesOptions('p1'));
    expect(asked).toHaveLength(2);
    const held = client.getQueryData<Pages>(projectAssetPagesOptions('p1').queryKey);
    expect(held?.pages.map((p) => p.items.length)).toEqual([50, 50]);
    expect(held?.pages[0]?.total).toBe(180);
  });
});
