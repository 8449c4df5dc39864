/**
 * Whether the viewport is at most `maxWidth` CSS pixels wide, following it as it changes (a rotation, a resize). Record
 * pages lay out for phones with it (components/Section.tsx folds; work request page order). False where there is no
 * `matchMedia` (tests without a layout).
 */
import { useCallback, useSyncExternalStore } from 'react';

export const PHONE_MAX_WIDTH = 640;
/** Below this the record pages are one column (components/record.css). */
export const ONE_COLUMN_MAX_WIDTH = 900;

export function useNarrowScreen(maxWidth: number): boolean {
  const query = `(max-width: ${maxWidth}px)`;
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
