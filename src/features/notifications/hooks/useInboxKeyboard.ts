/**
 * Keyboard triage anywhere on the inbox page (not while typing or in a dialog): j/k move, Enter opens, x selects,
 * Shift+I / Shift+U mark the selection (or the active row) read / unread.
 */
import { useEffect, useEffectEvent, type RefObject } from 'react';
import type { Parsed } from '../../../api/parse';
import type { Notification } from '../../../api/schema/notification';
import type { InboxListHandle } from '../components/InboxList';

interface Keyboard {
  rowAt: (index: number) => Parsed<Notification> | undefined;
  count: number;
  active: number;
  setActive: (index: number) => void;
  listRef: RefObject<InboxListHandle | null>;
  /** Asks for the next page when j goes past the last loaded row (undefined when there is none to ask). */
  loadMore: (() => void) | undefined;
  open: (n: Notification) => void;
  toggle: (id: string) => void;
  setRead: (ids: string[], read: boolean) => void;
  selectedIds: string[];
}

export function useInboxKeyboard(k: Keyboard): void {
  // An Effect Event: the listener added once always sees this render's rows and selection.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    const inList = Boolean(target?.closest('.inbox-list'));
    if (!inList && target?.closest('input, textarea, select, button, a, [contenteditable="true"], summary')) return;
    if (document.querySelector('dialog[open]')) return;
    const row = k.rowAt(k.active);
    const current = row?.ok ? row.data : undefined;
    const last = Math.max(0, k.count - 1);
    const key = event.key;
    if (key === 'j' && !event.shiftKey) {
      if (k.active >= last) k.loadMore?.();
      k.setActive(Math.min(last, k.active + 1));
      k.listRef.current?.focus();
    } else if (key === 'k' && !event.shiftKey) {
      k.setActive(Math.max(0, k.active - 1));
      k.listRef.current?.focus();
    } else if (key === 'Enter' && !event.shiftKey) {
      if (!inList && target !== document.body) return;
      if (current) k.open(current);
    } else if (key === 'x' && !event.shiftKey) {
      if (current?._id) k.toggle(current._id);
    } else if ((key === 'I' || key === 'U') && event.shiftKey) {
      const ids = k.selectedIds.length > 0 ? k.selectedIds : current?._id ? [current._id] : [];
      k.setRead(ids, key === 'I');
    } else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
