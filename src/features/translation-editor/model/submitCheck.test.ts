import { describe, expect, it } from 'vitest';
import type { QcProblem } from './qc/types';
import { needsReason, submitCheck } from './submitCheck';

const p = (rule: QcProblem['rule'], severity: QcProblem['severity'] = 'error'): QcProblem => ({
  rule,
  severity,
  message: rule,
});

describe('what blocks a submit', () => {
  it('counts untranslated lines apart, errors per rule, and warnings without blocking', () => {
    const check = submitCheck([
      { index: 0, problems: [p('empty')] },
      { index: 3, problems: [p('reading-speed'), p('glossary'), p('gap', 'warning')] },
      { index: 4, problems: [p('reading-speed')] },
    ]);
    expect(check).toEqual({
      untranslated: [0],
      errors: { 'reading-speed': 2, glossary: 1 },
      errorCount: 3,
      warningCount: 1,
    });
    expect(needsReason(check)).toBe(true);
  });

  it('a translation with warnings only needs no reason', () => {
    expect(needsReason(submitCheck([{ index: 1, problems: [p('gap', 'warning')] }]))).toBe(false);
    expect(needsReason(submitCheck([]))).toBe(false);
  });
});
