import { describe, expect, it } from 'vitest';
import { isRecordId, newId } from './store';

describe('record ids', () => {
  it('newId makes what isRecordId accepts', () => {
    for (let i = 0; i < 50; i++) expect(isRecordId(newId())).toBe(true);
    expect(isRecordId(newId(0, () => 0.999))).toBe(true);
  });

  it('isRecordId refuses anything else, so routes answer 404 or 400 without a lookup', () => {
    for (const id of [
      '',
      'abc',
      'A'.repeat(24),
      `${'a'.repeat(24)}\n`,
      'g'.repeat(24),
      'a'.repeat(25),
      "' OR 1=1 --",
    ]) {
      expect(isRecordId(id)).toBe(false);
    }
  });
});
