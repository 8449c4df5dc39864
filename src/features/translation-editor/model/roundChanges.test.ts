import { describe, expect, it } from 'vitest';
import { roundChanges } from './roundChanges';

describe('roundChanges', () => {
  it('lists the lines whose text changed, were added or removed, by number', () => {
    const before = [
      { number: 1, text: 'Un' },
      { number: 2, text: 'Deux' },
      { number: 3, text: 'Trois' },
    ];
    const after = [
      { number: 1, text: 'Un' },
      { number: 2, text: 'Deux, plus tard' },
      { number: 4, text: 'Quatre' },
    ];
    expect(roundChanges(before, after)).toEqual([
      { number: 2, before: 'Deux', after: 'Deux, plus tard' },
      { number: 3, before: 'Trois', after: '' },
      { number: 4, before: '', after: 'Quatre' },
    ]);
    expect(roundChanges(before, before)).toEqual([]);
  });
});
