import type { QcRule } from '../types';

/** A line stays on screen at least the minimum duration (5/6 s by default). */
export const minDuration: QcRule = {
  id: 'min-duration',
  label: 'Minimum duration',
  check(line, _next, profile) {
    if (line.startMs === undefined || line.stopMs === undefined) return [];
    const duration = line.stopMs - line.startMs;
    if (duration >= profile.minDurationMs) return [];
    return [
      {
        rule: 'min-duration',
        severity: 'warning',
        message: `On screen ${duration} ms (minimum ${profile.minDurationMs} ms)`,
      },
    ];
  },
};
