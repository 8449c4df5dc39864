import { describe, expect, it } from 'vitest';
import { formatRange, nextOffset, parseContentRange } from './range';

describe('formatRange', () => {
  it('writes inclusive resource ranges', () => {
    expect(formatRange(0, 50)).toBe('resources=0-49');
    expect(formatRange(50, 50)).toBe('resources=50-99');
    expect(formatRange(10, 1)).toBe('resources=10-10');
  });
  it('rejects nonsense', () => {
    expect(() => formatRange(-1, 10)).toThrow(RangeError);
    expect(() => formatRange(0, 0)).toThrow(RangeError);
    expect(() => formatRange(1.5, 10)).toThrow(RangeError);
  });
});

describe('parseContentRange', () => {
  it('reads first, last and total', () => {
    expect(parseContentRange('resources 0-49/400')).toEqual({ first: 0, last: 49, total: 400 });
    expect(parseContentRange('Resources 350-399 / 400')).toEqual({ first: 350, last: 399, total: 400 });
  });
  it('reads an empty page past the end', () => {
    expect(parseContentRange('resources */400')).toEqual({ total: 400 });
  });
  it('leaves the total out when unknown', () => {
    expect(parseContentRange('resources 0-9/*')).toEqual({ first: 0, last: 9 });
  });
  it('ignores absent and foreign headers', () => {
    expect(parseContentRange(null)).toBeUndefined();
    expect(parseContentRange('')).toBeUndefined();
    expect(parseContentRange('bytes 0-99/1000')).toBeUndefined();
    expect(parseContentRange('resources 9-3/10')).toBeUndefined();
    expect(parseContentRange('resources abc')).toBeUndefined();
  });
});

describe('nextOffset', () => {
  it('goes on while the total says more remain', () => {
    expect(nextOffset(0, 50, 50, 400)).toBe(50);
    expect(nextOffset(350, 50, 50, 400)).toBeUndefined();
  });
  it('follows what a clamping server actually sent', () => {
    expect(nextOffset(0, 50, 10, 400)).toBe(10);
  });
  it('treats a short page as the last when there is no total', () => {
    expect(nextOffset(0, 50, 50, undefined)).toBe(50);
    expect(nextOffset(50, 50, 49, undefined)).toBeUndefined();
    expect(nextOffset(100, 50, 0, undefined)).toBeUndefined();
  });
  it('stops on an empty page even when the total disagrees', () => {
    expect(nextOffset(100, 50, 0, 400)).toBeUndefined();
  });
});
