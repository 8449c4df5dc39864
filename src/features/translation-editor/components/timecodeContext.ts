/**
 * The Subtitler's times, for every field and label that shows one: the asset's frame rate and the timecoder of the
 * user's display choice (model/timecodeDisplay.ts), with the way to change that choice. The editor's page
 * provides it (timecodeProvider.tsx).
 */
import { createContext, useContext } from 'react';
import { assetFrameRate, type AssetFrameRate } from '../model/frames';
import { timecoder, type TimecodeDisplay, type Timecoder } from '../model/timecodeDisplay';

export interface Timecodes {
  frameRate: AssetFrameRate;
  coder: Timecoder;
  setDisplay: (display: TimecodeDisplay) => void;
}

const DEFAULT_RATE = assetFrameRate(undefined, undefined);

export const TimecodeContext = createContext<Timecodes>({
  frameRate: DEFAULT_RATE,
  coder: timecoder(DEFAULT_RATE.rate, 'milliseconds'),
  setDisplay: () => undefined,
});

export function useTimecodes(): Timecodes {
  return useContext(TimecodeContext);
}

export function useTimecoder(): Timecoder {
  return useContext(TimecodeContext).coder;
}
