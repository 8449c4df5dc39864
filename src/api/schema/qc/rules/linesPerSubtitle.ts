import type { QcRule } from '../types';
import { isBlank, visibleRows } from '../lineText';

/** A subtitle has no more rows than the limit. */
export const linesPerSubtitle: QcRule = {
  id: 'lines-per-subtitle',
  label: 'Lines per subtitle',
  check(line, _next, profile) {
    if (isBlank(line.text)) return [];
    const rows = visibleRows(line.text).length;
    if (rows <= profile.maxLinesPerSubtitle) return [];
    return [
      {
        rule: 'lines-per-subtitle',
        severity: 'error',
        message: `${rows} lines (limit ${profile.maxLinesPerSubtitle})`,
      },
    ];
  },
};
