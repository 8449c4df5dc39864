/** Whether the media pane is shown, remembered per user in this browser (localStorage). */
import { useCallback, useState } from 'react';
import { browserStorage } from '../model/drafts';
import { useSession } from '../../../lib/session/useSession';

const KEY = 'mws.editor.mediaPane';

export function useMediaPanePreference(): [boolean, (open: boolean) => void] {
  const key = `${KEY}:${useSession()?.username ?? ''}`;
  const [open, setOpenState] = useState(() => browserStorage()?.getItem(key) !== 'hidden');
  const setOpen = useCallback(
    (value: boolean) => {
      setOpenState(value);
      try {
        browserStorage()?.setItem(key, value ? 'shown' : 'hidden');
      } catch {
        // Storage full or refused: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [open, setOpen];
}
