/**
 * Whether this page's life has started an upload: what the shell reads to load the uploads tray (UploadTray.tsx) and
 * nothing else, so the shell's first load carries neither the uploader nor its tray.
 */
import { useSyncExternalStore } from 'react';

let started = false;
const listeners = new Set<() => void>();

export function markUploadsStarted(): void {
  if (started) return;
  started = true;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useUploadsStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => started,
    () => started,
  );
}
