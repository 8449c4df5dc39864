/**
 * The people a studio works with (`GET /users?assignableTo=`), for the assignee picker: one page of up to 100 (the
 * server's page limit), kept a few minutes; `q` asks the server only when the studio has more people than a page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listAssignableUsers } from '../../api/users';

export const assignableUserKeys = {
  all: ['assignableUsers'] as const,
  list: (studio: string | null, q: string) => [...assignableUserKeys.all, studio ?? 'any', q] as const,
};

/** `studio` null: the people of every studio the caller coordinates. */
export function useAssignableUsers(studio: string | null, q = '', enabled = true) {
  return useQuery({
    queryKey: assignableUserKeys.list(studio, q),
    queryFn: ({ signal }) => listAssignableUsers(studio, { q: q || undefined }, { size: 100, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
}
