/**
 * Whether the media pane (the picture) and the waveform are shown, and how wide the panes column is, remembered per
 * user in this browser (localStorage). On a phone the picture starts folded so the first line is on the first screen
 * (docs/decisions/212); one tap on Video opens it.
 */
import { useRememberedSwitch } from './useRememberedSwitch';
import { useRememberedSize } from './useRememberedSize';

const WORDS = { on: 'shown', off: 'hidden' };
/** The width at and below which the app lays itself out for phones (the `max-width: 640px` blocks of the CSS). */
const PHONE_WIDTH = 640;

export function useMediaPanePreference(): [boolean, (open: boolean) => void] {
  const onPhone = typeof window !== 'undefined' && window.innerWidth <= PHONE_WIDTH;
  return useRememberedSwitch('mws.editor.mediaPane', WORDS, !onPhone);
}

export function useWaveformPreference(): [boolean, (open: boolean) => void] {
  return useRememberedSwitch('mws.editor.waveform', WORDS, true);
}

export const PANES_WIDTH = { fallback: 420, min: 260, max: 900 };

export function usePanesWidth(): [number, (width: number) => void] {
  return useRememberedSize('mws.editor.panesWidth', PANES_WIDTH);
}
