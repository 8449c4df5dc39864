/**
 * The app's root (`/`) with a stored session is the user's landing page (src/lib/landing.ts): put that path in the
 * address bar before anything else runs, so that the page's modules are preloaded (preloadPage.ts) and its first GETs
 * leave early (earlyRequest.ts) as for a cold load of the landing page's own URL. Without it the root loaded the
 * app first, and only then did the router's redirect (HomeRedirect.tsx, kept for in-app links to `/`) ask for the
 * landing page's files and data. Run by both the early script and the entry, whichever runs first; idempotent.
 */
import { landingPath } from '../lib/landing';
import { readStoredSession, readStoredUser } from '../lib/session/sessionStore';

export function landOnHome(): void {
  if (location.pathname !== '/') return;
  if (!readStoredSession()) return;
  history.replaceState(history.state, '', landingPath(readStoredUser()));
}
