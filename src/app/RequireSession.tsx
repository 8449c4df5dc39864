/** Pages inside the shell need a session; without one, go to sign-in (and come back after a 401). */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionState } from '../lib/session/useSession';

export function RequireSession({ children }: { children: ReactNode }) {
  const state = useSessionState();
  const location = useLocation();
  if (state.status === 'signed-in') return <>{children}</>;
  const comeBack = state.reason === undefined || state.reason === 'expired';
  const next = `${location.pathname}${location.search}${location.hash}`;
  const search = comeBack && next !== '/' ? `?${new URLSearchParams({ next })}` : '';
  return <Navigate to={`/sign-in${search}`} replace />;
}
