/**
 * Every feature reads the app's one query of each reference list (lib/referenceLists.ts;
 * docs/decisions/101-reference-lists-read-once.md): a list one page has read is every other page's too, with no request
 * of its own. Rendered on the server, where a query is never fetched: a hook that has the list read it from the shared
 * key, a hook with a key of its own would have none.
 */
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TIMEOUT_MS, ApiError, configureApiClient } from '../api/client';
import type { Language } from '../api/schema/language';
import type { Project } from '../api/schema/project';
import type { Studio } from '../api/schema/studio';
import type { Territory } from '../api/schema/territory';
import * as catalog from '../features/catalog/queries';
import * as orders from '../features/orders/queries';
import * as settings from '../features/settings/queries';
import * as editor from '../features/translation-editor/queries';
import * as translations from '../features/translations/queries';
import { useFilterChoices } from '../features/work-requests/listQueries';
import {
  allLanguagesOptions,
  allProjectsOptions,
  allStudiosOptions,
  allTerritoriesOptions,
} from '../lib/referenceLists';
import { useRecordNames } from '../lib/useRecordNames';
import { shouldRetry } from './queryClient';

const languages: Language[] = [
  { _id: 'l1', code: 'fr-FR', name: 'French (France)' },
  { _id: 'l2', code: 'de-DE', name: 'German' },
];
const territories: Territory[] = [{ _id: 't1', name: 'FR', languages: ['fr-FR'] }];
const studios: Studio[] = [{ _id: 's1', name: 'Studio A' }];
const projects: Project[] = [
  { _id: 'p2', name: 'Zeta', studio: 's1', archived: true },
  { _id: 'p1', name: 'Alpha', studio: 's1', archived: false },
];

/** A client holding each list as one page had read it, and a fetch that fails the test if anything is asked. */
function clientWithLists(): QueryClient {
  const fetch = vi.fn(() => Promise.reject(new Error('no request expected')));
  configureApiClient({ fetch });
  const client = new QueryClient();
  client.setQueryData(allLanguagesOptions().queryKey, languages);
  client.setQueryData(allTerritoriesOptions().queryKey, territories);
  client.setQueryData(allStudiosOptions().queryKey, studios);
  client.setQueryData(allProjectsOptions().queryKey, projects);
  return client;
}

/** What `hook` answers, rendered once in `client`. */
function read<T>(client: QueryClient, hook: () => T): T {
  let out: T | undefined;
  function Probe() {
    out = hook();
    return null;
  }
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return out as T;
}

const data = <T,>(client: QueryClient, hook: () => UseQueryResult<T>) => read(client, hook).data;

afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args), answerTimeoutMs: ANSWER_TIMEOUT_MS });
});

describe('the reference lists, one query each for every feature', () => {
  it('languages: the catalog, the order wizard, the translations list, the editor and the list filters', () => {
    const client = clientWithLists();
    expect(data(client, catalog.useLanguageChoices)).toBe(languages);
    expect(data(client, orders.useLanguages)).toBe(languages);
    expect(data(client, translations.useLanguageChoices)).toBe(languages);
    expect(data(client, editor.useLanguages)).toBe(languages);
    expect(read(client, () => useFilterChoices(true)).languages.data).toBe(languages);
  });

  it('territories: the catalog, the order wizard and the list filters', () => {
    const client = clientWithLists();
    expect(data(client, catalog.useTerritoryChoices)).toBe(territories);
    expect(data(client, orders.useTerritories)).toBe(territories);
    expect(read(client, () => useFilterChoices(true)).territories.data).toBe(territories);
  });

  it('studios: the catalog and the names of studios', () => {
    const client = clientWithLists();
    expect(data(client, catalog.useStudioChoices)).toBe(studios);
    expect(read(client, () => useRecordNames('studios'))('s1')).toBe('Studio A');
  });

  it("projects: the glossary's (no studio), the list filters, the settings (by name), the wizard's (open only)", () => {
    const client = clientWithLists();
    expect(data(client, () => catalog.useProjectChoices(undefined))).toBe(projects);
    expect(read(client, () => useFilterChoices(true)).projects.data).toBe(projects);
    expect(data(client, settings.useProjectChoices)?.map((p) => p.name)).toEqual(['Alpha', 'Zeta']);
    const orderProjects = data(client, () => orders.useOrderProjects(true));
    expect(orderProjects?.open.map((p) => p._id)).toEqual(['p1']);
    expect(orderProjects?.complete).toBe(true);
  });

  it('a deployment without the languages extension: its 404 is asked once, not again (the editor falls back)', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'not_found', message: 'no route' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    configureApiClient({ fetch });
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
    await expect(client.fetchQuery(allLanguagesOptions())).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
