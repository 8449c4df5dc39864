import { describe, expect, it } from 'vitest';
import { formatNoteTime } from './noteTime';

describe('formatNoteTime', () => {
  it('shows minutes, seconds and milliseconds, hours when there are any', () => {
    expect(formatNoteTime(4.04)).toBe('0:04.040');
    expect(formatNoteTime(61.5)).toBe('1:01.500');
    expect(formatNoteTime(3725.001)).toBe('1:02:05.001');
    expect(formatNoteTime(-1)).toBe('0:00.000');
  });
});
