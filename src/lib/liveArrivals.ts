/**
 * Notifications arriving live, for pages outside the inbox that show what they are about (the dashboard refreshes
 * its counts): the notifications feature's live connection announces each arrival here; features may not import
 * each other, so the signal goes through this small module.
 */
type Listener = (type: string | undefined) => void;

const listeners = new Set<Listener>();

/** Called by the live connection for each notification that arrives (its `type`, e.g. `wr-assigned`). */
export function announceArrival(type: string | undefined): void {
  for (const listener of listeners) listener(type);
}

/** Calls `listener` on every arrival until the returned function is called. */
export function onArrival(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
