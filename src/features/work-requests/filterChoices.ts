/**
 * The catalog lists the list's filters choose from (projects, languages, territories: extensions; the filters fall
 * back to free text without them), and the language and territory filters' terms turned into the codes the server
 * filters by (model/placeMatch.ts). The lists are the app's shared ones (lib/referenceLists.ts: read once a session,
 * whichever page asks first), whose API modules load only when a list is needed: the list's first load carries none
 * of them unless its URL filters by language or territory.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../../api/schema/language';
import type { Territory } from '../../api/schema/territory';
import type { WorkRequestFilters } from '../../api/workRequests';
import { allLanguagesOptions, allStudiosOptions, allTerritoriesOptions } from '../../lib/referenceLists';
import { namesOf } from '../../lib/useRecordNames';
import { placeCodes, type PlaceChoice } from './model/placeMatch';

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
    filters.language ? client.ensureQueryData(allLanguagesOptions()).catch(() => undefined) : undefined,
    filters.territory ? client.ensureQueryData(allTerritoriesOptions()).catch(() => undefined) : undefined,
  ]);
  return {
    ...filters,
    language: filters.language ? placeCodes(filters.language, languageChoices(languages)) : undefined,
    territory: filters.territory ? placeCodes(filters.territory, territoryChoices(territories)) : undefined,
  };
}

/**
 * Studio names by id for what is exported (rows hold the studio's id): the studios the caller may read, from the
 * reference list; none when it cannot be read (the column is left empty rather than the export failing).
 */
export async function studioNamesFor(client: QueryClient): Promise<(id: string) => string | undefined> {
  const names = namesOf(await client.ensureQueryData(allStudiosOptions()).catch(() => []));
  return (id) => names.get(id);
}
