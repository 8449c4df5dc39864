/**
 * Whether translation memories are used ("Memories" on) in one job (translation): off at first, remembered per user
 * and translation in this browser, so turning them on for one job never turns them on for the next.
 */
import { useRememberedSwitch } from './useRememberedSwitch';

const WORDS = { on: 'on', off: 'off' };

export function useMemoryPreference(translationId: string): [boolean, (on: boolean) => void] {
  return useRememberedSwitch(`mws.editor.memories.${translationId}`, WORDS, false);
}
