/**
 * E-mail suggestions for a field that names a user (the file dialog's transfer user): the users whose name or e-mail
 * match what was typed, asked of the server (`GET /users?q=`, extension: docs/API.md) once typing settles, so any of
 * thousands of users can be found, not only the first page's. Among the app's lists of users
 * (lib/userRecordKeys.ts): a change to a user invalidates it with the lists.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listUsers } from '../../api/users';
import { useDebounced } from '../../lib/useDebounced';
import { catalogKeys } from './queries';

/** How many suggestions a field offers: a datalist is a short list to pick from, the typing narrows it. */
export const SUGGESTIONS = 20;
const TYPING_SETTLES_MS = 250;

export function useUserEmailSuggestions(text: string, enabled: boolean) {
  const q = useDebounced(text.trim(), TYPING_SETTLES_MS);
  return useQuery({
    queryKey: catalogKeys.userSuggestions(q),
    queryFn: async ({ signal }) => {
      const page = await listUsers({ q: q || undefined }, { size: SUGGESTIONS, signal });
      return page.items.flatMap((u) => (u.ok && u.data.emailNormal ? [u.data.emailNormal] : []));
    },
    enabled,
    // The previous suggestions stay while the next are on their way: the list does not flicker empty as one types.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // An extension a deployment may lack, and a role that may not list users: the field still takes any e-mail.
    retry: false,
  });
}
