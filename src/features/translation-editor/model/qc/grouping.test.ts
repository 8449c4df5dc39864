import { describe, expect, it } from 'vitest';
import { countByRule, indexesOfRule, rowsOfRule } from './grouping';
import type { QcProblem } from './types';

const p = (rule: QcProblem['rule'], severity: QcProblem['severity'] = 'warning'): QcProblem => ({
  rule,
  severity,
  message: rule,
});

describe('problems by rule', () => {
  const rows = [
    { index: 0, problems: [p('chars-per-line', 'error'), p('chars-per-line', 'error'), p('reading-speed')] },
    { index: 1, problems: [p('reading-speed')] },
    { index: 2, problems: [p('gap')] },
  ];

  it('counts lines per rule (two rows of one line are one line), errors marked', () => {
    expect(countByRule(rows)).toEqual([
      { rule: 'chars-per-line', lines: 1, error: true },
      { rule: 'reading-speed', lines: 2, error: false },
      { rule: 'gap', lines: 1, error: false },
    ]);
  });

  it('keeps the lines of one rule, each with only that rule’s problems', () => {
    expect(rowsOfRule(rows, 'reading-speed').map((r) => [r.index, r.problems.length])).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(rowsOfRule(rows, undefined)).toHaveLength(3);
  });

  it('filters the grid to the lines of one rule, keeping the line being worked on in its place', () => {
    const more = [...rows, { index: 7, problems: [p('reading-speed')] }];
    expect(indexesOfRule(more, 'reading-speed', 0)).toEqual([0, 1, 7]);
    expect(indexesOfRule(more, 'reading-speed', 4)).toEqual([0, 1, 4, 7]);
    expect(indexesOfRule(more, 'reading-speed', 9)).toEqual([0, 1, 7, 9]);
    expect(indexesOfRule(more, 'overlap', 2)).toEqual([2]);
    expect(indexesOfRule(more, 'overlap', -1)).toEqual([]);
  });
});
