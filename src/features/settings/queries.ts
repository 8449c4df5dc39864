/** Settings: the caller's own record (GET /users/{id}, with the raw preferences and ETag), the project list, saving. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../api/schema/project';
import { getMe, getUserForSettings, putUserSettings } from '../../api/users';
import { allProjectsOptions } from '../../lib/referenceLists';
import { updateSessionUser } from '../../lib/session/sessionStore';

export const settingsKeys = {
  all: ['settings'] as const,
  user: (id: string | undefined) => [...settingsKeys.all, 'user', id ?? 'me'] as const,
};

/** The record being edited. Not refetched on focus: that would throw away what the user is typing. */
export function settingsUserOptions(id: string | undefined) {
  return queryOptions({
    queryKey: settingsKeys.user(id),
    queryFn: async ({ signal }) => {
      const userId = id ?? (await getMe(signal)).data._id;
      if (!userId) throw new Error('Could not tell which user is signed in.');
      return { id: userId, ...(await getUserForSettings(userId, signal)) };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSettingsUser(id: string | undefined) {
  return useQuery(settingsUserOptions(id));
}

const byName = (projects: Project[]) => [...projects].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));

/** Every project, by name, for muting: the app's one list of every project (lib/referenceLists.ts). */
export function useProjectChoices() {
  return useQuery({ ...allProjectsOptions(), select: byName });
}

export function useSaveSettings(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      userId: string;
      name: string;
      preferences: Record<string, unknown>;
      etag: string | undefined;
    }) => putUserSettings(input.userId, { name: input.name, preferences: input.preferences }, input.etag),
    onSuccess: (saved) => {
      updateSessionUser(saved.data);
      return client.invalidateQueries({ queryKey: settingsKeys.user(id) });
    },
  });
}
