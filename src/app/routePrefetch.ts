/**
 * Route loaders that only start a page's first request: the router loads a route's `loader` module in parallel
 * with its component, so the request leaves as soon as that small module arrives instead of after the shell and
 * the page have rendered. The loader does not wait for the answer (the page shows its own skeleton and error
 * states from the same react-query entry), and does nothing without a session (sign-in comes first).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { getSessionState } from '../lib/session/sessionStore';
import { queryClient } from './queryClient';

export type RoutePrefetch = (
  client: QueryClient,
  url: URL,
  params: Record<string, string | undefined>,
) => Promise<void>;

export function prefetchLoader(prefetch: RoutePrefetch): LoaderFunction {
  return ({ request, params }) => {
    if (getSessionState().status === 'signed-in') void prefetch(queryClient, new URL(request.url), params);
    return null;
  };
}
