/**
 * The reference lists (studios, projects, languages, territories, groups), each read whole once and shared by every
 * feature that offers or looks them up (docs/decisions/101-reference-lists-read-once.md: the same data is not asked
 * twice): the work-request list's filters, the order wizard, the translations list, the editor's fonts, the catalog's
 * choices, the settings' muted projects, the names of studios. One query each: one key, one staleTime, the app's retry
 * rule (app/queryClient.ts: a 4xx, such as a deployment without the list extension, is not asked again), every page
 * (api/everyPage.ts, at most 2,000). A feature derives its own shape with `select` or useMemo, never with a second
 * query of the same list.
 *
 * Each key sits under its catalog resource's key (`['catalog', 'languages']`, as lib/useRecordNames.ts does), so the
 * catalog's writes, which invalidate that resource's key, refresh the shared list too.
 *
 * The API modules load inside the query functions, not with this module: the work-request list's first load carries
 * none of them unless its address filters by language or territory (work-requests/filterChoices.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Language } from '../api/schema/language';
import type { Project } from '../api/schema/project';
import type { Studio } from '../api/schema/studio';
import type { Territory } from '../api/schema/territory';
import type { Group } from '../api/schema/user';

/** Which projects a paged list of them shows (the catalog's projects page; none: every project, archived too). */
export interface ProjectFilters {
  studio?: string | undefined;
  archived?: boolean | undefined;
  /** Words the name or slug must have (the server's word search). */
  q?: string | undefined;
}

export const referenceListKeys = {
  studios: () => ['catalog', 'studios', 'every'] as const,
  projects: () => ['catalog', 'projects', 'every'] as const,
  languages: () => ['catalog', 'languages', 'every'] as const,
  territories: () => ['catalog', 'territories', 'every'] as const,
  groups: () => ['catalog', 'groups', 'every'] as const,
  /** The paged lists (infinite queries) the catalog's pages show (lib/referencePages.ts). */
  studioPages: () => ['catalog', 'studios', 'list'] as const,
  projectPages: (filters: ProjectFilters) => ['catalog', 'projects', 'list', filters] as const,
  languagePages: () => ['catalog', 'languages', 'list'] as const,
  territoryPages: () => ['catalog', 'territories', 'list'] as const,
  /** The server's name search of projects (the order wizard's, past the whole list's cap). */
  projectSearch: (q: string) => ['catalog', 'projects', 'search', q] as const,
};

/** The records of each reference list. */
interface ReferenceRecords {
  studios: Studio;
  projects: Project;
  languages: Language;
  territories: Territory;
  groups: Group;
}

export type ReferenceList = keyof ReferenceRecords;

/**
 * Reference data changes rarely, and the app's own writes refresh it: fresh for ten minutes, then asked again by the
 * next page that shows it.
 */
export const REFERENCE_STALE_MS = 10 * 60_000;

/**
 * The whole list, read by lib/referencePages.ts (loaded with the first list read, sharing its pages with the catalog's
 * paged list of the same records). Kept while the session lasts (sign-out clears the cache): a page left for a few
 * minutes must not make the next one ask again. Each list is at most 2,000 small records.
 */
function wholeListOptions<L extends ReferenceList>(list: L) {
  return queryOptions({
    queryKey: referenceListKeys[list](),
    // The records are the list's schema's (api/schema), as its API module parses them.
    queryFn: async (context) =>
      (await (await import('./referencePages')).readWholeList(list, context)) as ReferenceRecords[L][],
    staleTime: REFERENCE_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export const allStudiosOptions = () => wholeListOptions('studios');

/** Every project the caller may read, archived ones too (a feature that offers open ones only selects them). */
export const allProjectsOptions = () => wholeListOptions('projects');

export const allLanguagesOptions = () => wholeListOptions('languages');

export const allTerritoriesOptions = () => wholeListOptions('territories');

/** Every group (extension GET /groups): a studio's groups, a user's groups, the names of a workflow's groups. */
export const allGroupsOptions = () => wholeListOptions('groups');
