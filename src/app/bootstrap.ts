/**
 * Start-up wiring, before the first render: read the runtime configuration, restore the session, point the
 * API client at both, and clear every cached record (and any early answer, src/api/earlyRequests.ts) whenever the
 * session ends (sign-out here or in another tab, or the server refusing the credentials); the signed-in user's record
 * is kept as its cache entry (lib/session/signedInUser.ts).
 */
import { configureApiClient } from '../api/client';
import { forgetEarlyGets } from '../api/earlyRequests';
import { loadRuntimeConfig } from '../api/config';
import {
  currentAuthorization,
  expireSession,
  getSessionState,
  initSessionStore,
  subscribeSession,
} from '../lib/session/sessionStore';
import { keepSignedInUser } from '../lib/session/signedInUser';
import { queryClient } from './queryClient';

export async function bootstrap(): Promise<void> {
  initSessionStore();
  const config = await loadRuntimeConfig();
  configureApiClient({
    baseUrl: config.apiBase,
    getAuthorization: currentAuthorization,
    onUnauthorized: (error) => expireSession(error.code === 'account_disabled' ? 'disabled' : 'expired'),
  });
  keepSignedInUser(queryClient);
  let wasSignedIn = getSessionState().status === 'signed-in';
  subscribeSession(() => {
    const signedIn = getSessionState().status === 'signed-in';
    if (wasSignedIn && !signedIn) {
      queryClient.clear();
      forgetEarlyGets(); // an answer fetched with the ended session's credentials is no one's now
    }
    wasSignedIn = signedIn;
  });
}
