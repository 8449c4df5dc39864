/**
 * The shell's live inbox: runs the LiveConnection while signed in, feeds arrivals into the query cache (new rows
 * on top of open lists, fresh counts), and puts the unread count before the browser tab's title ("(3) …").
 * The connection's state is published for the inbox's status line (useLiveMode).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { listNotifications, streamNotifications } from '../../api/notifications';
import { announceArrival } from '../../lib/liveArrivals';
import { currentAuthorization } from '../../lib/session/sessionStore';
import { LiveConnection, type LiveMode } from './model/liveConnection';
import { unreadPrefix, withUnreadPrefix } from './model/inbox';
import { addArrival, refreshAfterGap, useUnreadCount } from './queries';

// ---- the connection's mode, for the inbox's status line ----------------------------------------------------
let liveMode: LiveMode = 'off';
let arrivals = 0;
const listeners = new Set<() => void>();
function notify(): void {
  for (const l of listeners) l();
}
function publish(mode: LiveMode): void {
  liveMode = mode;
  notify();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useLiveMode(): LiveMode {
  return useSyncExternalStore(
    subscribe,
    () => liveMode,
    () => liveMode,
  );
}

/** How many notifications arrived live since the app started (the inbox announces new ones). */
export function useArrivals(): number {
  return useSyncExternalStore(
    subscribe,
    () => arrivals,
    () => arrivals,
  );
}

/** Keeps the document title's "(n) " prefix in step with `prefix`, whatever title pages set. */
function useTitlePrefix(prefix: string): void {
  // An Effect Event: the observer added once applies the current prefix.
  const apply = useEffectEvent(() => {
    const next = withUnreadPrefix(document.title, prefix);
    if (next !== document.title) document.title = next;
  });
  useEffect(() => {
    const observer = new MutationObserver(() => apply());
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  useEffect(() => apply(), [prefix]);
  useEffect(
    () => () => {
      document.title = withUnreadPrefix(document.title, '');
    },
    [],
  );
}

/** Starts the live connection while `enabled` (signed in); answers the navigation's unread count. */
export function useLiveNotifications(enabled: boolean) {
  const client = useQueryClient();
  const unread = useUnreadCount(enabled);
  useTitlePrefix(enabled && unread.data ? unreadPrefix(unread.data.count, unread.data.more) : '');

  useEffect(() => {
    if (!enabled) return;
    let lastSeen: string | undefined;
    const connection = new LiveConnection({
      openStream: (handlers) => streamNotifications({ ...handlers, authorization: currentAuthorization() }),
      poll: async (signal) => {
        const page = await listNotifications({ read: false, summary: true }, { offset: 0, size: 1, signal });
        const first = page.items[0];
        const seen = `${page.total ?? '?'}|${first?.ok ? first.data._id : ''}`;
        const changed = seen !== lastSeen;
        lastSeen = seen;
        if (changed) refreshAfterGap(client);
        return changed;
      },
      onNotification: (item) => {
        if (!item.ok) {
          refreshAfterGap(client);
          return;
        }
        addArrival(client, item.data);
        announceArrival(item.data.type);
        arrivals += 1;
        notify();
      },
      onResync: () => refreshAfterGap(client),
      onMode: publish,
      isHidden: () => document.visibilityState === 'hidden',
      onVisibilityChange: (listener) => {
        document.addEventListener('visibilitychange', listener);
        return () => document.removeEventListener('visibilitychange', listener);
      },
    });
    connection.start();
    return () => connection.stop();
  }, [enabled, client]);

  return unread;
}
