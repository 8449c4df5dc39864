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
