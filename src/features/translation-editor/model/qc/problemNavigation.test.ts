import { describe, expect, it } from 'vitest';
import { indexesOfRule } from './grouping';
import { nextProblemIndex, openProblems } from './problemNavigation';
import type { QcProblem, QcRuleId } from './types';

const p = (rule: QcRuleId): QcProblem => ({ rule, severity: 'warning', message: rule });
const none = () => false;

describe('F8 / Shift+F8: the next line with a problem', () => {
  const rows = [
    { index: 1, problems: [p('gap')] },
    { index: 3, problems: [p('reading-speed'), p('gap')] },
    { index: 5, problems: [p('chars-per-line')] },
    { index: 8, problems: [p('reading-speed')] },
  ];

  it('without a filter, goes to the next or previous line with any problem, wrapping around', () => {
    expect(nextProblemIndex(rows, 1, 1, undefined, none)).toBe(3);
    expect(nextProblemIndex(rows, 3, 1, undefined, none)).toBe(5);
    expect(nextProblemIndex(rows, 8, 1, undefined, none)).toBe(1);
    expect(nextProblemIndex(rows, 5, -1, undefined, none)).toBe(3);
    expect(nextProblemIndex(rows, 0, -1, undefined, none)).toBe(8);
    // From a line without problems, the nearest one that way.
    expect(nextProblemIndex(rows, 4, 1, undefined, none)).toBe(5);
  });

  it('filtered to one rule, goes only to that rule’s lines, never to a line the filter hides', () => {
    expect(nextProblemIndex(rows, 3, 1, 'reading-speed', none)).toBe(8);
    expect(nextProblemIndex(rows, 8, 1, 'reading-speed', none)).toBe(3);
    expect(nextProblemIndex(rows, 3, -1, 'reading-speed', none)).toBe(8);
    expect(nextProblemIndex(rows, 0, 1, 'gap', none)).toBe(1);
    expect(nextProblemIndex(rows, 1, 1, 'gap', none)).toBe(3);
    // Every stop is a line the filtered grid shows.
    for (let from = 0; from < 10; from++) {
      for (const direction of [1, -1] as const) {
        const to = nextProblemIndex(rows, from, direction, 'reading-speed', none);
        expect(indexesOfRule(rows, 'reading-speed', from)).toContain(to);
      }
    }
  });

  it('skips accepted problems (a line left with only accepted ones is not a stop)', () => {
    const accepted = (index: number, rule: QcRuleId) => index === 3 && rule === 'reading-speed';
    expect(nextProblemIndex(rows, 1, 1, 'reading-speed', accepted)).toBe(8);
    expect(nextProblemIndex(rows, 8, 1, 'reading-speed', accepted)).toBe(8);
    // Line 3 still has its gap problem open.
    expect(nextProblemIndex(rows, 1, 1, undefined, accepted)).toBe(3);
    expect(openProblems(rows[1]!, undefined, accepted)).toEqual([p('gap')]);
    expect(nextProblemIndex(rows, 0, 1, 'reading-speed', () => true)).toBeUndefined();
  });

  it('says there is none when no line has a problem (of the rule)', () => {
    expect(nextProblemIndex([], 0, 1, undefined, none)).toBeUndefined();
    expect(nextProblemIndex(rows, 0, 1, 'glossary', none)).toBeUndefined();
  });
});
