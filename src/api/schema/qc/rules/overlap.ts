import type { QcRule } from '../types';

/** The line ends before the next one starts. */
export const overlap: QcRule = {
  id: 'overlap',
  label: 'Overlap with next',
  check(line, next) {
    if (!next || line.stopMs === undefined || next.startMs === undefined) return [];
    if (line.stopMs <= next.startMs) return [];
    return [
      { rule: 'overlap', severity: 'error', message: `Overlaps the next line by ${line.stopMs - next.startMs} ms` },
    ];
  },
};
