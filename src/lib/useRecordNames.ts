/**
 * Names by id for the records pages show by reference (a work request's studio, a workflow phase's group): people
 * read the name, never the id. One query per collection, shared by every page (studios and groups are few: one
 * page of up to 500), under the catalog's keys (`['catalog', 'studios' | 'groups']`) so a save in the catalog
 * refreshes it. While unknown (loading, failed, or one the viewer may not read) a record has no name: callers
 * show nothing rather than the id.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ListPage } from '../api/client';
import { listStudios } from '../api/studios';
import { listGroups } from '../api/users';

const SOURCES = {
  studios: (signal: AbortSignal) => listStudios({ size: 500, signal }),
  groups: (signal: AbortSignal) => listGroups({ size: 500, signal }),
} satisfies Record<string, (signal: AbortSignal) => Promise<ListPage<{ _id?: string; name?: string }>>>;

export type NamedCollection = keyof typeof SOURCES;

/** The names of a page of records, by id (records without an id or a name left out). */
export function namesById(
  page: ListPage<{ _id?: string | undefined; name?: string | undefined }>,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of page.items)
    if (item.ok && item.data._id && item.data.name) names.set(item.data._id, item.data.name);
  return names;
}

export function recordNamesKey(collection: NamedCollection) {
  return ['catalog', collection, 'names'] as const;
}

/** The query of `collection`'s names by id (one per collection, shared by every caller). */
export function useRecordNamesQuery(collection: NamedCollection) {
  return useQuery({
    queryKey: recordNamesKey(collection),
    queryFn: async ({ signal }) => namesById(await SOURCES[collection](signal)),
    staleTime: 5 * 60_000,
  });
}

/** A lookup of `collection`'s names: `name(id)` is the name, or undefined while unknown (the same function until the names change). */
export function useRecordNames(collection: NamedCollection): (id: string | undefined) => string | undefined {
  const names = useRecordNamesQuery(collection).data;
  return useCallback((id: string | undefined) => (id ? names?.get(id) : undefined), [names]);
}
