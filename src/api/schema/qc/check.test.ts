import { describe, expect, it } from 'vitest';
import { errorsByRule, qcLineOf } from './check';
import type { QcProfile } from './types';

const spec: QcProfile = {
  maxCharsPerLine: 42,
  maxLinesPerSubtitle: 2,
  maxCharsPerSecond: 20,
  minDurationMs: 833,
  maxDurationMs: 7000,
  minGapFrames: 2,
  fps: 25,
};
const broadcast: QcProfile = { ...spec, maxCharsPerLine: 37, maxCharsPerSecond: 15 };

const line = (number: number, text: string, start: string, stop: string) => ({
  number,
  text,
  startTime: start,
  stopTime: stop,
});

describe('the submit check against a delivery specification', () => {
  const lines = [
    line(1, 'A'.repeat(40), '00:00:01,000', '00:00:04,000'),
    line(2, 'Fine.', '00:00:05,000', '00:00:07,000'),
    line(3, '', '00:00:08,000', '00:00:09,000'),
    line(4, 'Overlapping text here.', '00:00:10,000', '00:00:12,500'),
    line(5, 'Next.', '00:00:12,000', '00:00:14,000'),
  ];

  it('counts errors per rule by the spec it is given (40 characters pass 42, not 37)', () => {
    expect(errorsByRule(lines, spec)).toEqual({ overlap: 1 });
    expect(errorsByRule(lines, broadcast)).toEqual({ overlap: 1, 'chars-per-line': 1 });
  });

  it('leaves out an accepted problem while the line keeps the text it was accepted for', () => {
    const accepted = [{ line: 4, rule: 'overlap', text: 'Overlapping text here.' }];
    expect(errorsByRule(lines, spec, accepted)).toEqual({});
    const edited = lines.map((l) => (l.number === 4 ? { ...l, text: 'Changed since.' } : l));
    expect(errorsByRule(edited, spec, accepted)).toEqual({ overlap: 1 });
    // Accepting another rule of the line covers nothing else.
    expect(errorsByRule(lines, spec, [{ line: 4, rule: 'gap', text: 'Overlapping text here.' }])).toEqual({
      overlap: 1,
    });
  });

  it('reads a malformed timecode as no time (no timing rule fires on it)', () => {
    expect(qcLineOf({ text: 'x', startTime: 'soon', stopTime: '00:00:01,000' })).toEqual({
      text: 'x',
      startMs: undefined,
      stopMs: 1000,
    });
  });
});
