/**
 * The catalog lists the list's filters choose from (projects, languages, territories: extensions; the filters fall
 * back to free text without them), and the language and territory filters' terms turned into the codes the server
 * filters by (model/placeMatch.ts). The API modules load only when a choice is needed: the list's first load
 * carries none of them unless its URL filters by language or territory.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { everyPage } from '../../api/everyPage';
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

/**
 * Every record of each, in pages of 100 (the server's page limit; at most 2,000, everyPage's cap), not the first page:
 * the 101st language is a choice too (issue #16 item 4). Kept for the session's next ten minutes.
 */
const STALE = 10 * 60_000;
const PAGE = 100;

export const projectChoicesOptions = () =>
  queryOptions({
    queryKey: filterChoiceKeys.projects(),
    queryFn: async ({ signal }) => {
      const { listProjects } = await import('../../api/projects');
      return everyPage((offset) => listProjects({}, { offset, size: PAGE, signal }));
    },
    staleTime: STALE,
  });

export const languageChoicesOptions = () =>
  queryOptions({
    queryKey: filterChoiceKeys.languages(),
    queryFn: async ({ signal }) => {
      const { listLanguages } = await import('../../api/languages');
      return everyPage((offset) => listLanguages({ offset, size: PAGE, signal }));
    },
    staleTime: STALE,
  });

export const territoryChoicesOptions = () =>
  queryOptions({
    queryKey: filterChoiceKeys.territories(),
    queryFn: async ({ signal }) => {
      const { listTerritories } = await import('../../api/territories');
      return everyPage((offset) => listTerritories({ offset, size: PAGE, signal }));
    },
    staleTime: STALE,
  });

/** Languages as choices: `code` "fr-FR", `name` "French (France)". */
export function languageChoices(languages: readonly Language[] | undefined): PlaceChoice[] {
  return languages?.flatMap((l) => (l.code ? [{ code: l.code, name: l.name }] : [])) ?? [];
}

/** Territories as choices: a territory record's `name` is its code ("FR"); this server adds `displayName`. */
export function territoryChoices(territories: readonly Territory[] | undefined): PlaceChoice[] {
  return (
    territories?.flatMap((t) => {
      if (!t.name) return [];
      const display = typeof t.displayName === 'string' ? t.displayName : undefined;
      return [{ code: t.name, name: display }];
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
