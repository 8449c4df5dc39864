import { describe, expect, it } from 'vitest';
import { describeUnknown, keyLabel } from './format';

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
