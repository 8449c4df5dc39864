import type { QcRule } from '../types';

/** At least `minGapFrames` frames between this line and the next (an overlap is the overlap rule's business). */
export const gap: QcRule = {
  id: 'gap',
  label: 'Gap to next',
  check(line, next, profile) {
    if (!next || line.stopMs === undefined || next.startMs === undefined) return [];
    const gapMs = next.startMs - line.stopMs;
    // `fps` is a profile's: always a positive frame rate (the asset's, or the editor's default).
    const minimum = (profile.minGapFrames * 1000) / profile.fps;
    // Half a millisecond of slack: timecodes are whole milliseconds, frames are not.
    if (gapMs < 0 || gapMs >= minimum - 0.5) return [];
    return [
      {
        rule: 'gap',
        severity: 'warning',
        message: `Gap to the next line ${gapMs} ms (under ${profile.minGapFrames} frames)`,
      },
    ];
  },
};
