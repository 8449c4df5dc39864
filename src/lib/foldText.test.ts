import { describe, expect, it } from 'vitest';
import { foldText } from './foldText';

describe('foldText', () => {
  it('drops case and accents, so what is typed without them matches', () => {
    expect(foldText('Français')).toBe('francais');
    expect(foldText('ČEŠTINA')).toBe('cestina');
    expect(foldText('Português (Brasil)')).toBe('portugues (brasil)');
  });
  it('keeps letters that are not a base letter with a mark', () => {
    expect(foldText('Straße')).toBe('straße');
    expect(foldText('日本語')).toBe('日本語');
  });
});
