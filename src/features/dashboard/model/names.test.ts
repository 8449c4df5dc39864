import { describe, expect, it } from 'vitest';
import { languageName, territoryName } from './names';

describe('language and territory names', () => {
  it('names codes the browser knows and keeps the others as they are', () => {
    expect(languageName('fr-CA')).toMatch(/French/);
    expect(territoryName('FR')).toBe('France');
    expect(territoryName('fr')).toBe('France');
    expect(languageName('not a code!')).toBe('not a code!');
    expect(territoryName(undefined)).toBeUndefined();
  });
});
