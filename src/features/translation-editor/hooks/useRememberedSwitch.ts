/** An on/off choice remembered per user in this browser (localStorage), e.g. the media pane, Memories. */
import { useCallback, useState } from 'react';
import { browserStorage } from '../model/drafts';
import { useSession } from '../../../lib/session/useSession';

/** `words` are the values stored for on and off; `defaultOn` applies while nothing (or something else) is stored. */
export function useRememberedSwitch(
  key: string,
  words: { on: string; off: string },
  defaultOn: boolean,
): [boolean, (on: boolean) => void] {
  const userKey = `${key}:${useSession()?.username ?? ''}`;
  const [on, setOnState] = useState(() => {
    const stored = browserStorage()?.getItem(userKey);
    return stored === words.on ? true : stored === words.off ? false : defaultOn;
  });
  const setOn = useCallback(
    (value: boolean) => {
      setOnState(value);
      try {
        browserStorage()?.setItem(userKey, value ? words.on : words.off);
      } catch {
        // Storage full or refused: the choice lasts for this page only.
      }
    },
    [userKey, words.on, words.off],
  );
  return [on, setOn];
}
