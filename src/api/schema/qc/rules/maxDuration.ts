import type { QcRule } from '../types';

/** A line leaves the screen within the maximum duration (7 s by default). */
export const maxDuration: QcRule = {
  id: 'max-duration',
  label: 'Maximum duration',
  check(line, _next, profile) {
    if (line.startMs === undefined || line.stopMs === undefined) return [];
    const duration = line.stopMs - line.startMs;
    if (duration <= profile.maxDurationMs) return [];
    return [
      {
        rule: 'max-duration',
        severity: 'warning',
        message: `On screen ${(duration / 1000).toFixed(3)} s (maximum ${(profile.maxDurationMs / 1000).toFixed(3)} s)`,
      },
    ];
  },
};
