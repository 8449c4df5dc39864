/** Times in frames or in milliseconds, remembered per user in this browser (docs/API.md "Frames"). */
import { useCallback } from 'react';
import type { TimecodeDisplay } from '../model/timecodeDisplay';
import { useRememberedSwitch } from './useRememberedSwitch';

const WORDS = { on: 'frames', off: 'milliseconds' };

export function useTimecodeDisplay(): [TimecodeDisplay, (display: TimecodeDisplay) => void] {
  const [frames, setFrames] = useRememberedSwitch('mws.editor.timecodes', WORDS, true);
  const set = useCallback((display: TimecodeDisplay) => setFrames(display === 'frames'), [setFrames]);
  return [frames ? 'frames' : 'milliseconds', set];
}
