import { describe, expect, it } from 'vitest';
import { keyWords, listInWords, statusLabel } from './words';

describe('codes in words', () => {
  it('reads keys and statuses as words, keeping acronyms', () => {
    expect(keyWords('postalCode')).toBe('Postal code');
    expect(keyWords('awaiting-materials')).toBe('Awaiting materials');
    expect(keyWords('on_hold')).toBe('On hold');
    expect(keyWords('localized-graphics')).toBe('Localized graphics');
    expect(keyWords('shareVotingView')).toBe('Share voting view');
    expect(keyWords('originalOV')).toBe('Original OV');
    expect(statusLabel('for-review')).toBe('For review');
    expect(statusLabel(undefined)).toBe('No status');
  });
  it('lists in words with "and" or "or"', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(listInWords(['a', 'b'], 'or')).toBe('a or b');
  });
});
