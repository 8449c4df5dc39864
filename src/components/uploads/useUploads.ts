/**
 * The session's one upload queue (uploadQueue.ts) and its React view. Credentials and the user come from the session
 * store at each request; `maxUploads` from the user's `preferences.ingest.maxUploads` (default 3). A sign-out stops
 * every upload without deleting it and clears the list: the same person signing in and adding the same file again
 * resumes it (the fingerprint names them), anyone else starts their own.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession } from '../../lib/session/sessionStore';
import { useSession } from '../../lib/session/useSession';
import { UploadQueue, type UploadItem } from './uploadQueue';

const DEFAULT_MAX_UPLOADS = 3;
let maxUploads = DEFAULT_MAX_UPLOADS;

const session = () => {
  const state = getSessionState();
  return state.status === 'signed-in' ? state.session : undefined;
};

export const uploadQueue = new UploadQueue({
  authorization: () => session()?.authorization,
  username: () => session()?.username,
  maxUploads: () => maxUploads,
});

let signedInAs: string | undefined = session()?.username;
subscribeSession(() => {
  const now = session()?.username;
  if (now !== signedInAs) uploadQueue.stopAll();
  signedInAs = now;
});

/** The queue's uploads, optionally only those started for `purpose`; keeps `maxUploads` in step with the user. */
export function useUploads(purpose?: string): readonly UploadItem[] {
  const user = useSession()?.user;
  const preferred = user?.preferences?.ingest?.maxUploads;
  useEffect(() => {
    maxUploads = typeof preferred === 'number' && preferred > 0 ? preferred : DEFAULT_MAX_UPLOADS;
  }, [preferred]);
  const items = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot, uploadQueue.snapshot);
  return purpose === undefined ? items : items.filter((i) => i.purpose === purpose);
}
