/**
 * The signed-in user's record is the app's cache entry of that user (lib/userRecords.ts); the session keeps only
 * the id (docs/decisions/160-one-cache-entry-per-user.md). Here: the entry's first value on a load (the record stored
 * with the session, so the shell shows the user before it has read them again) and that stored copy following the
 * entry. No API module is imported: the entry chunk stays as small as it was.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { userRecordFrom, userRecordKeys, type UserRecord } from '../userRecordKeys';
import { getSessionState, readStoredUser, rememberSignedInUser, subscribeSession } from './sessionStore';

function signedInId(): string | undefined {
  const state = getSessionState();
  return state.status === 'signed-in' ? state.session.userId : undefined;
}

/** Call once at start-up, after the session store is initialised. */
export function keepSignedInUser(client: QueryClient): void {
  const seed = () => {
    const id = signedInId();
    if (!id || client.getQueryData(userRecordKeys.user(id))) return;
    const stored = readStoredUser();
    if (stored?._id !== id) return;
    // Stale from the start: the shell reads the record again (src/app/useRefreshMe.ts).
    client.setQueryData(userRecordKeys.user(id), userRecordFrom(stored), { updatedAt: 1 });
  };
  seed();
  subscribeSession(seed);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const id = signedInId();
    if (!id || event.query.queryHash !== hashKey(userRecordKeys.user(id))) return;
    const entry = event.query.state.data as UserRecord | undefined;
    if (entry) rememberSignedInUser(entry.data);
  });
}
