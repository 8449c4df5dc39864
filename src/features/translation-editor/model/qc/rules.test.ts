import { describe, expect, it } from 'vitest';
import type { QcLine } from './types';
import { DEFAULT_PROFILE } from './profiles';
import { charsPerLine } from '../../../../api/schema/qc/rules/charsPerLine';
import { linesPerSubtitle } from '../../../../api/schema/qc/rules/linesPerSubtitle';
import { readingSpeed, charsPerSecond } from '../../../../api/schema/qc/rules/readingSpeed';
import { minDuration } from '../../../../api/schema/qc/rules/minDuration';
import { maxDuration } from '../../../../api/schema/qc/rules/maxDuration';
import { overlap } from '../../../../api/schema/qc/rules/overlap';
import { gap } from '../../../../api/schema/qc/rules/gap';
import { empty } from '../../../../api/schema/qc/rules/empty';
import { sameAsOriginal } from '../../../../api/schema/qc/rules/sameAsOriginal';
import { checkLine, QC_RULES } from './rules';

const P = DEFAULT_PROFILE;
const line = (text: string, startMs = 0, stopMs = 3000, original?: string): QcLine => ({
  text,
  startMs,
  stopMs,
  original,
});

describe('QC rules', () => {
  it('chars-per-line: each row against 42, tags not counted', () => {
    expect(charsPerLine.check(line('a'.repeat(42)), undefined, P)).toEqual([]);
    expect(charsPerLine.check(line(`<i>${'a'.repeat(42)}</i>`), undefined, P)).toEqual([]);
    const problems = charsPerLine.check(line(`short\n${'b'.repeat(43)}`), undefined, P);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'chars-per-line', severity: 'error' });
    expect(problems[0]!.message).toContain('Row 2 has 43');
  });

  it('lines-per-subtitle: at most 2 rows, <br> counts as a break', () => {
    expect(linesPerSubtitle.check(line('one\ntwo'), undefined, P)).toEqual([]);
    expect(linesPerSubtitle.check(line('one\ntwo\nthree'), undefined, P)).toHaveLength(1);
    expect(linesPerSubtitle.check(line('one<br>two<br/>three'), undefined, P)).toHaveLength(1);
    expect(linesPerSubtitle.check(line('one\n'), undefined, P)).toEqual([]);
  });

  it('reading-speed: characters per second without tags', () => {
    expect(charsPerSecond('<b>abcd</b>', 0, 2000)).toBe(2);
    expect(readingSpeed.check(line('a'.repeat(34), 0, 2000), undefined, P)).toEqual([]); // 17 cps
    expect(readingSpeed.check(line('a'.repeat(35), 0, 2000), undefined, P)).toHaveLength(1);
    expect(readingSpeed.check(line(`<i>${'a'.repeat(34)}</i>`, 0, 2000), undefined, P)).toEqual([]);
    expect(readingSpeed.check({ text: 'abc', startMs: undefined, stopMs: 10 }, undefined, P)).toEqual([]);
  });

  it('min-duration: 833 ms', () => {
    expect(minDuration.check(line('x', 0, 833), undefined, P)).toEqual([]);
    expect(minDuration.check(line('x', 0, 832), undefined, P)).toHaveLength(1);
  });

  it('max-duration: 7 s', () => {
    expect(maxDuration.check(line('x', 0, 7000), undefined, P)).toEqual([]);
    expect(maxDuration.check(line('x', 0, 7001), undefined, P)).toHaveLength(1);
  });

  it('overlap with the next line', () => {
    expect(overlap.check(line('x', 0, 1000), line('y', 1000, 2000), P)).toEqual([]);
    expect(overlap.check(line('x', 0, 1100), line('y', 1000, 2000), P)[0]!.message).toContain('100 ms');
    expect(overlap.check(line('x', 0, 1100), undefined, P)).toEqual([]);
  });

  it('gap under 2 frames', () => {
    expect(gap.check(line('x', 0, 1000), line('y', 1083, 2000), P)).toEqual([]); // 83 ms ≈ 2 frames at 24 fps
    expect(gap.check(line('x', 0, 1000), line('y', 1040, 2000), P)).toHaveLength(1);
    expect(gap.check(line('x', 0, 1000), line('y', 1000, 2000), P)).toHaveLength(1);
    expect(gap.check(line('x', 0, 1100), line('y', 1000, 2000), P)).toEqual([]); // an overlap, not a gap
  });

  it('empty lines', () => {
    expect(empty.check(line('  '), undefined, P)).toHaveLength(1);
    expect(empty.check(line('<i></i>'), undefined, P)).toHaveLength(1);
    expect(empty.check(line('ok'), undefined, P)).toEqual([]);
  });

  it('same as original (tags, case and spaces aside)', () => {
    expect(sameAsOriginal.check(line('<i>Hello  there</i>', 0, 3000, 'hello there'), undefined, P)).toHaveLength(1);
    expect(sameAsOriginal.check(line('Bonjour', 0, 3000, 'Hello'), undefined, P)).toEqual([]);
    expect(sameAsOriginal.check(line('', 0, 3000, ''), undefined, P)).toEqual([]);
    expect(sameAsOriginal.check(line('Hello'), undefined, P)).toEqual([]);
  });

  it('checkLine runs every rule and shares an empty result', () => {
    expect(QC_RULES).toHaveLength(10);
    expect(checkLine(line('Fine.', 0, 2000), line('Next', 2100, 4000), P)).toEqual([]);
    const rules = checkLine(line('', 0, 500), line('y', 400, 900), P).map((p) => p.rule);
    expect(rules).toEqual(['empty', 'min-duration', 'overlap']);
  });
});
