import { describe, expect, it } from 'vitest';
import { skippedSummary } from './SkippedBlocks';

describe('the import preview’s summary of skipped blocks', () => {
  it('names the first three rows and says when there are more', () => {
    const at = (...lines: number[]) => lines.map((line) => ({ line, reason: 'no timing' }));
    expect(skippedSummary(at(17))).toBe('1 block skipped: line 17');
    expect(skippedSummary(at(5, 14, 18))).toBe('3 blocks skipped: line 5, line 14, line 18');
    expect(skippedSummary(at(5, 14, 18, 30))).toBe('4 blocks skipped: line 5, line 14, line 18, …');
  });
});
