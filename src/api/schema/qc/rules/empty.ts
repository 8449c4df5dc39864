import type { QcRule } from '../types';
import { isBlank } from '../lineText';

/** The line has text. */
export const empty: QcRule = {
  id: 'empty',
  label: 'Empty line',
  check(line) {
    return isBlank(line.text) ? [{ rule: 'empty', severity: 'warning', message: 'No translation yet' }] : [];
  },
};
