import { describe, expect, it } from 'vitest';
import { describeUnknown, formatAspectRatio, formatBytes, keyLabel } from './format';

describe('format', () => {
  it('names an object’s fields in words when describing it (never "postalCode")', () => {
    expect(describeUnknown({ street: '12 Rue des Studios', postalCode: '75011' })).toBe(
      'Street: 12 Rue des Studios; Postal code: 75011',
    );
    expect(describeUnknown({ name: 'Sora TV', emailAddress: 'a@b.test' })).toBe('Sora TV (Email address: a@b.test)');
  });
  it('labels known usage keys, and others in words', () => {
    expect(keyLabel('dcp3d')).toBe('DCP 3D');
    expect(keyLabel('localized-graphics')).toBe('Localized graphics');
  });
});

describe('formatBytes', () => {
  it('says bytes, then KB, MB, GB in powers of 1000, one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1_450_000)).toMatch(/^1[.,]5 MB$/);
    expect(formatBytes(123_456_789)).toBe('123 MB');
    expect(formatBytes(2_000_000_000_000_000)).toMatch(/^2[.,]?000 TB$/);
  });
});

describe('formatAspectRatio', () => {
  it('writes a ratio over a power of ten as so much to one, and leaves the rest as given', () => {
    expect(formatAspectRatio('239:100')).toBe('2.39:1');
    expect(formatAspectRatio('185:100')).toBe('1.85:1');
    expect(formatAspectRatio('240:100')).toBe('2.40:1');
    expect(formatAspectRatio('1333:1000')).toBe('1.33:1');
    expect(formatAspectRatio('16:9')).toBe('16:9');
    expect(formatAspectRatio('4:5')).toBe('4:5');
    expect(formatAspectRatio('scope')).toBe('scope');
    expect(formatAspectRatio('')).toBeUndefined();
    expect(formatAspectRatio(undefined)).toBeUndefined();
  });
});
