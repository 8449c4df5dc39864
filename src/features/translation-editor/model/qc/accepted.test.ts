import { describe, expect, it } from 'vitest';
import { acceptedFinder, withoutAccepted } from './accepted';
import type { QcProblem } from './types';

const p = (rule: QcProblem['rule']): QcProblem => ({ rule, severity: 'error', message: rule });
const row = (index: number, number: number | undefined, text: string, problems: QcProblem[]) => ({
  index,
  row: { line: { number, text } },
  problems,
});

describe('accepted problems in the editor', () => {
  const rows = [
    row(0, 1, 'A long line', [p('chars-per-line'), p('reading-speed')]),
    row(1, 2, 'Fast', [p('reading-speed')]),
    row(2, undefined, 'No number', [p('chars-per-line')]),
  ];

  it('leaves out the accepted problems while the line keeps its text; other rules still count', () => {
    const accepted = [
      { line: 1, rule: 'chars-per-line', text: 'A long line' },
      { line: 2, rule: 'reading-speed', text: 'Fast' },
      { line: 3, rule: 'chars-per-line', text: 'No number' },
    ];
    const left = withoutAccepted(rows, accepted);
    expect(left.map((r) => [r.index, r.problems.map((x) => x.rule)])).toEqual([[0, ['reading-speed']]]);
  });

  it('counts a problem again once its line’s text changed', () => {
    const left = withoutAccepted(rows, [{ line: 2, rule: 'reading-speed', text: 'Fast!' }]);
    expect(left).toHaveLength(3);
    const find = acceptedFinder([{ line: 2, rule: 'reading-speed', text: 'Fast', reason: 'ok' }]);
    expect(find({ number: 2, text: 'Fast' }, 1, 'reading-speed')?.reason).toBe('ok');
    expect(find({ number: 2, text: 'Fast' }, 1, 'chars-per-line')).toBeUndefined();
  });
});
