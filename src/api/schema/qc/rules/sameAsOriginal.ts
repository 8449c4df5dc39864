import type { QcRule } from '../types';
import { comparable, isBlank } from '../lineText';

/** The translation still reads exactly like the original (tags, case and spacing aside). */
export const sameAsOriginal: QcRule = {
  id: 'same-as-original',
  label: 'Same as original',
  check(line) {
    if (line.original === undefined || isBlank(line.text) || isBlank(line.original)) return [];
    if (comparable(line.text) !== comparable(line.original)) return [];
    return [{ rule: 'same-as-original', severity: 'warning', message: 'Still identical to the original' }];
  },
};
