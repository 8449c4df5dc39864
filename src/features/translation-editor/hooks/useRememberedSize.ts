/** A pane's size in pixels remembered per user in this browser (localStorage), e.g. the Subtitler's panes column. */
import { useCallback, useState } from 'react';
import { browserStorage } from '../model/drafts';
import { useSession } from '../../../lib/session/useSession';

/** `fallback` applies while nothing valid (a whole number within min..max) is stored. */
export function useRememberedSize(
  key: string,
  { fallback, min, max }: { fallback: number; min: number; max: number },
): [number, (size: number) => void] {
  const userKey = `${key}:${useSession()?.username ?? ''}`;
  const [size, setSizeState] = useState(() => {
    const stored = Number(browserStorage()?.getItem(userKey) ?? NaN);
    return Number.isInteger(stored) && stored >= min && stored <= max ? stored : fallback;
  });
  const setSize = useCallback(
    (value: number) => {
      setSizeState(value);
      try {
        browserStorage()?.setItem(userKey, String(value));
      } catch {
        // Storage full or refused: the size lasts for this page only.
      }
    },
    [userKey],
  );
  return [size, setSize];
}
