/**
 * Refreshes the signed-in user's record (GET /users/{id}): the app's one cache entry of that user
 * (lib/userRecords.ts), which a load starts from the copy stored with the session and sign-in fills with the record
 * its check answered. The shell renders <MeRefresher /> after its first render (useDeferredModule).
 */
import { useQuery } from '@tanstack/react-query';
import { userRecordOptions } from '../lib/userRecords';
import { useSession } from '../lib/session/useSession';

export function useRefreshMe(): void {
  const id = useSession()?.userId ?? '';
  useQuery({ ...userRecordOptions(id), enabled: id !== '', staleTime: 5 * 60_000, retry: false });
}

/** useRefreshMe as a component that renders nothing, so the shell can load it after its first render. */
export function MeRefresher(): null {
  useRefreshMe();
  return null;
}
