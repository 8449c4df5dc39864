/** React view of the session store, with the signed-in user's record from its cache entry (lib/userRecords.ts). */
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { User } from '../../api/schema/user';
import { userRecordKeys, type UserRecord } from '../userRecordKeys';
import { getSessionState, subscribeSession, type Session, type SessionState } from './sessionStore';

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/** The signed-in session and the user's record as the app's one entry of it holds it (undefined until known). */
export interface SignedIn extends Session {
  user: User | undefined;
}

/**
 * The signed-in user's record, read from its cache entry without asking for it (the shell keeps it fresh:
 * src/app/useRefreshMe.ts), so a save anywhere (settings, the catalog) shows here at once.
 */
export function useSignedInUser(id: string | undefined): User | undefined {
  const { data } = useQuery<UserRecord>({ queryKey: userRecordKeys.user(id ?? ''), queryFn: skipToken });
  return id ? data?.data : undefined;
}

/** The signed-in session; undefined when signed out (pages inside the shell are always signed in). */
export function useSession(): SignedIn | undefined {
  const state = useSessionState();
  const session = state.status === 'signed-in' ? state.session : undefined;
  const user = useSignedInUser(session?.userId);
  return useMemo(() => (session ? { ...session, user } : undefined), [session, user]);
}
