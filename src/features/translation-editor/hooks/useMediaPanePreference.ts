/** Whether the media pane is shown, remembered per user in this browser (localStorage). */
import { useRememberedSwitch } from './useRememberedSwitch';

const WORDS = { on: 'shown', off: 'hidden' };

export function useMediaPanePreference(): [boolean, (open: boolean) => void] {
  return useRememberedSwitch('mws.editor.mediaPane', WORDS, true);
}
