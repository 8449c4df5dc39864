/** Whether translation memories are used ("Memories" on), remembered per user in this browser; off at first. */
import { useRememberedSwitch } from './useRememberedSwitch';

const WORDS = { on: 'on', off: 'off' };

export function useMemoryPreference(): [boolean, (on: boolean) => void] {
  return useRememberedSwitch('mws.editor.memories', WORDS, false);
}
