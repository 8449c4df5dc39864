/** React view of the session store. */
import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession, type Session, type SessionState } from './sessionStore';

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/** The signed-in session; undefined when signed out (pages inside the shell are always signed in). */
export function useSession(): Session | undefined {
  const state = useSessionState();
  return state.status === 'signed-in' ? state.session : undefined;
}
