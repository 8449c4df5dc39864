import type { QcProblem, QcRule } from '../types';
import { visibleRows } from '../lineText';

/** Each row of the subtitle fits the characters-per-line limit. */
export const charsPerLine: QcRule = {
  id: 'chars-per-line',
  label: 'Characters per line',
  check(line, _next, profile) {
    const rows = visibleRows(line.text);
    const problems: QcProblem[] = [];
    for (let i = 0; i < rows.length; i++) {
      const length = [...rows[i]!].length;
      if (length > profile.maxCharsPerLine) {
        problems.push({
          rule: 'chars-per-line',
          severity: 'error',
          message: `Row ${i + 1} has ${length} characters (limit ${profile.maxCharsPerLine})`,
        });
      }
    }
    return problems;
  },
};
