import type { QcRule } from '../types';
import { readableLength } from '../lineText';

/** Characters per second, tags and line breaks not counted, against the profile's limit. */
export function charsPerSecond(text: string, startMs: number, stopMs: number): number {
  const seconds = (stopMs - startMs) / 1000;
  if (seconds <= 0) return Number.POSITIVE_INFINITY;
  return readableLength(text) / seconds;
}

export const readingSpeed: QcRule = {
  id: 'reading-speed',
  label: 'Reading speed',
  check(line, _next, profile) {
    if (line.startMs === undefined || line.stopMs === undefined || line.stopMs <= line.startMs) return [];
    const cps = charsPerSecond(line.text, line.startMs, line.stopMs);
    if (cps <= profile.maxCharsPerSecond) return [];
    return [
      {
        rule: 'reading-speed',
        severity: 'warning',
        message: `Reading speed ${cps.toFixed(1)} characters/s (limit ${profile.maxCharsPerSecond})`,
      },
    ];
  },
};
