/**
 * When a page's secondary parts may load (useDeferredModule.ts): once its first content is on screen, that is when no
 * query is fetching any more and a frame has been drawn after that; at the latest `maxWaitMs` after the first ask.
 * Loaded any earlier, their chunks compete with the page's first answer for the link (their modulepreload links are
 * also compiled on the main thread as they are inserted): the cold list drew its rows later by about 30 ms on every
 * link (docs/decisions/127-first-load-preload-and-early-requests.md). Settled once per page life: later pages load
 * their secondary parts at once. The list page's filter choices (projects, languages, territories) wait for it too
 * (useFirstContentShown).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export interface Scheduler {
  /** Calls back after the next frame has been drawn. */
  afterFrame: (callback: () => void) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

const browserScheduler: Scheduler = {
  // A task queued from a frame callback runs after that frame's paint.
  afterFrame: (callback) => requestAnimationFrame(() => setTimeout(callback, 0)),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
};

/** A background tab draws no frames, and a page may poll: secondary parts never wait longer than this. */
export const MAX_WAIT_MS = 3000;

/** Resolves once `client` has nothing in flight (looked at from the next frame on, so a page's queries have started). */
export function firstContentShown(
  client: QueryClient,
  scheduler: Scheduler = browserScheduler,
  maxWaitMs = MAX_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | undefined;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      unsubscribe?.();
      resolve();
    };
    scheduler.setTimeout(settle, maxWaitMs);
    let drawing = false; // a frame is already asked for: cache events meanwhile need no other
    const check = () => {
      if (settled || drawing || client.isFetching() > 0) return;
      drawing = true;
      scheduler.afterFrame(settle);
    };
    scheduler.afterFrame(() => {
      if (settled) return;
      unsubscribe = client.getQueryCache().subscribe(check);
      check();
    });
  });
}

let shown: Promise<void> | undefined;
let isShown = false;

/** firstContentShown for the app's one client, asked once per page life. */
export function afterFirstContent(client: QueryClient): Promise<void> {
  shown ??= firstContentShown(client).then(() => {
    isShown = true;
  });
  return shown;
}

/** Whether the page's first content has been shown (afterFirstContent), as state: for requests that can wait. */
export function useFirstContentShown(): boolean {
  const client = useQueryClient();
  const [done, setDone] = useState(isShown);
  useEffect(() => {
    if (done) return;
    let live = true;
    void afterFirstContent(client).then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [client, done]);
  return done;
}
