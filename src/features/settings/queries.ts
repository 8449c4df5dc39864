/**
 * Settings: the caller's own record, which is the app's one cache entry of that user (lib/userRecords.ts: read with
 * its ETag and raw preferences), the project list, saving.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../api/schema/project';
import { putUserSettings } from '../../api/users';
import { allProjectsOptions } from '../../lib/referenceLists';
import { userRecordOptions, userSaved } from '../../lib/userRecords';

/**
 * The record being edited: the shared entry, read again on opening the page unless it holds a read already (a copy
 * from the sign-in check has no ETag or raw preferences). Not refetched on focus; the form edits the version it
 * started from either way (SettingsPage).
 */
export function useSettingsUser(id: string) {
  return useQuery({
    ...userRecordOptions(id),
    enabled: id !== '',
    refetchOnMount: (query) => (query.state.data?.fromRead ? true : 'always'),
    refetchOnWindowFocus: false,
  });
}

const byName = (projects: Project[]) => [...projects].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));

/** Every project, by name, for muting: the app's one list of every project (lib/referenceLists.ts). */
export function useProjectChoices() {
  return useQuery({ ...allProjectsOptions(), select: byName });
}

/**
 * Saves the name and the whole preferences object; the answer becomes the user's entry and shows in the shell and
 * every list at once (lib/userRecords.ts), and the entry is read again before the form starts afresh.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      userId: string;
      name: string;
      timeZone: string;
      preferences: Record<string, unknown>;
      etag: string | undefined;
    }) =>
      putUserSettings(
        input.userId,
        { name: input.name, timeZone: input.timeZone, preferences: input.preferences },
        input.etag,
      ),
    onSuccess: (saved, input) => userSaved(client, { ...saved, rawPreferences: input.preferences }),
  });
}
