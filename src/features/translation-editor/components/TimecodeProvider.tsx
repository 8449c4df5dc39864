/** Provides the Subtitler's times (timecodeContext.ts) for an asset's frame rate and the user's display choice. */
import { useMemo, type ReactNode } from 'react';
import type { AssetFrameRate } from '../model/frames';
import { timecoder } from '../model/timecodeDisplay';
import { useTimecodeDisplay } from '../hooks/useTimecodeDisplay';
import { TimecodeContext, type Timecodes } from './timecodeContext';

export function TimecodeProvider({ frameRate, children }: { frameRate: AssetFrameRate; children: ReactNode }) {
  const [display, setDisplay] = useTimecodeDisplay();
  const value: Timecodes = useMemo(
    () => ({ frameRate, coder: timecoder(frameRate.rate, display), setDisplay }),
    [frameRate, display, setDisplay],
  );
  return <TimecodeContext.Provider value={value}>{children}</TimecodeContext.Provider>;
}
