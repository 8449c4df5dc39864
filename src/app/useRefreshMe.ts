/**
 * Refreshes the signed-in user's record from GET /users/me (an extension; without it the sign-in answer stays).
 * The shell renders <MeRefresher /> after its first render (useDeferredModule): the stored user shows meanwhile.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMe } from '../api/users';
import { meKey } from '../lib/session/meQuery';
import { updateSessionUser } from '../lib/session/sessionStore';

export function useRefreshMe(): void {
  const me = useQuery({ queryKey: meKey, queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000, retry: false });
  useEffect(() => {
    if (me.data) updateSessionUser(me.data.data);
  }, [me.data]);
}

/** useRefreshMe as a component that renders nothing, so the shell can load it after its first render. */
export function MeRefresher(): null {
  useRefreshMe();
  return null;
}
