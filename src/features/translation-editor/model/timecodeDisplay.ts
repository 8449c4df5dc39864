/**
 * How the Subtitler shows and reads times: in frames (`HH:MM:SS:FF`, `;FF` in drop-frame) at the asset's frame
 * rate, or in milliseconds (`HH:MM:SS,mmm`), the user's choice (docs/API.md "Frames"). Either form is read in
 * either mode (a time pasted from a spotting list in the other form is understood); in frames, a time is put on
 * its nearest frame. Pure: no React, no DOM.
 */
import { parseTimecode, formatTimecode } from './timecode';
import { formatFrameTimecode, framesOf, msOfFrames, parseFrames, type FrameRate } from './frames';

export type TimecodeDisplay = 'frames' | 'milliseconds';

export type TimeParse = { ok: true; ms: number } | { ok: false; message: string };

export interface Timecoder {
  rate: FrameRate;
  display: TimecodeDisplay;
  /** The form a field asks for, e.g. "HH:MM:SS:FF". */
  pattern: string;
  format(ms: number): string;
  parse(text: string): TimeParse;
}

export function timecoder(rate: FrameRate, display: TimecodeDisplay): Timecoder {
  const framePattern = `HH:MM:SS${rate.dropFrame ? ';' : ':'}FF`;
  const pattern = display === 'frames' ? framePattern : 'HH:MM:SS,mmm';
  return {
    rate,
    display,
    pattern,
    format: (ms) => (display === 'frames' ? formatFrameTimecode(ms, rate) : formatTimecode(ms)),
    parse: (text) => {
      const ms = parseTimecode(text);
      if (ms !== undefined) return { ok: true, ms: display === 'frames' ? msOfFrames(framesOf(ms, rate), rate) : ms };
      if (/[:;]\d{1,3}\s*$/.test(text) && /^\s*\d+:\d+:\d+[:;]/.test(text)) {
        const frames = parseFrames(text, rate);
        return frames.ok ? { ok: true, ms: msOfFrames(frames.frames, rate) } : frames;
      }
      return { ok: false, message: `Use ${pattern}` };
    },
  };
}
