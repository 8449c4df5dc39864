/**
 * The catalog lists the list's filters choose from (projects, languages, territories: extensions; the filters fall
 * back to free text without them), and the language and territory filters' terms turned into the codes the server
 * filters by (model/placeMatch.ts). The API modules load only when a choice is needed: the list's first load
 * carries none of them unless its URL filters by language or territory.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../api/client';
import type { Language } from '../../api/schema/language';
import type { Territory } from '../../api/schema/territory';
import type { WorkRequestFilters } from '../../api/workRequests';
import { placeCodes, type PlaceChoice } from './model/placeMatch';

export const filterChoiceKeys = {
  all: ['filterChoices'] as const,
  projects: () => [...filterChoiceKeys.all, 'projects'] as const,
  languages: () => [...filterChoiceKeys.all, 'languages'] as const,
  territories: () => [...filterChoiceKeys.all, 'territories'] as const,
};

/** Up to 100 of each (the server's page limit), kept for the session's next ten minutes. */
const STALE = 10 * 60_000;

export const projectChoicesOptions = () =>
  queryOptions({
    queryKey: filterChoiceKeys.projects(),
    queryFn: ({ signal }) => import('../../api/projects').then((m) => m.listProjects({}, { size: 100, signal })),
    staleTime: STALE,
  });

export const languageChoicesOptions = () =>
  queryOptions({
    queryKey: filterChoiceKeys.languages(),
    queryFn: ({ signal }) => import('../../api/languages').then((m) => m.listLanguages({ size: 100, signal })),
    staleTime: STALE,
  });

export const territoryChoicesOptions = () =>
  queryOptions({
    queryKey: filterChoiceKeys.territories(),
    queryFn: ({ signal }) => import('../../api/territories').then((m) => m.listTerritories({ size: 100, signal })),
    staleTime: STALE,
  });

/** Languages as choices: `code` "fr-FR", `name` "French (France)". */
export function languageChoices(page: ListPage<Language> | undefined): PlaceChoice[] {
  return page?.items.flatMap((l) => (l.ok && l.data.code ? [{ code: l.data.code, name: l.data.name }] : [])) ?? [];
}

/** Territories as choices: a territory record's `name` is its code ("FR"); this server adds `displayName`. */
export function territoryChoices(page: ListPage<Territory> | undefined): PlaceChoice[] {
  return (
    page?.items.flatMap((t) => {
      if (!t.ok || !t.data.name) return [];
      const display = typeof t.data.displayName === 'string' ? t.data.displayName : undefined;
      return [{ code: t.data.name, name: display }];
    }) ?? []
  );
}

/**
 * The filters as the server is asked: a language or territory term ("French", "fr") replaced by the codes it
 * stands for ("fr-CA,fr-FR"). The choices come from the cache (or are fetched once); when they cannot be had, the
 * term goes as typed.
 */
export async function withPlaceCodes(filters: WorkRequestFilters, client: QueryClient): Promise<WorkRequestFilters> {
  if (!filters.language && !filters.territory) return filters;
  const [languages, territories] = await Promise.all([
    filters.language ? client.ensureQueryData(languageChoicesOptions()).catch(() => undefined) : undefined,
    filters.territory ? client.ensureQueryData(territoryChoicesOptions()).catch(() => undefined) : undefined,
  ]);
  return {
    ...filters,
    language: filters.language ? placeCodes(filters.language, languageChoices(languages)) : undefined,
    territory: filters.territory ? placeCodes(filters.territory, territoryChoices(territories)) : undefined,
  };
}
