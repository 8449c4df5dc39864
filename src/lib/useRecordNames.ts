/**
 * Names by id for the records pages show by reference (a work request's studio, a workflow phase's group): people
 * read the name, never the id. One query per collection, shared by every page, under the catalog's keys
 * (`['catalog', 'studios' | 'groups']`) so a save in the catalog refreshes it: the studios' is the app's one list of
 * every studio and the groups' of every group (lib/referenceLists.ts, every page: the 101st is named too).
 * While unknown (loading, failed, or one the viewer may not read) a record has no name: callers show nothing rather
 * than the id.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allGroupsOptions, allStudiosOptions } from './referenceLists';

export type NamedCollection = 'studios' | 'groups';

type Named = { _id?: string | undefined; name?: string | undefined };

/** The names of records, by id (records without an id or a name left out). */
export function namesOf(records: readonly Named[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of records) if (r._id && r.name) names.set(r._id, r.name);
  return names;
}

/** The query of `collection`'s names by id (one per collection, shared by every caller). */
export function useRecordNamesQuery(collection: NamedCollection) {
  const studios = useQuery({ ...allStudiosOptions(), select: namesOf, enabled: collection === 'studios' });
  const groups = useQuery({ ...allGroupsOptions(), select: namesOf, enabled: collection === 'groups' });
  return collection === 'studios' ? studios : groups;
}

/** A lookup of `collection`'s names: `name(id)` is the name, or undefined while unknown (the same function until the names change). */
export function useRecordNames(collection: NamedCollection): (id: string | undefined) => string | undefined {
  const names = useRecordNamesQuery(collection).data;
  return useCallback((id: string | undefined) => (id ? names?.get(id) : undefined), [names]);
}
