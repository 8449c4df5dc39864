import { describe, expect, it } from 'vitest';
import { matchPlaces, placeCodes, placeMatches } from './placeMatch';

const LANGUAGES = [
  { code: 'de-DE', name: 'German' },
  { code: 'fr-CA', name: 'French (Canada)' },
  { code: 'fr-FR', name: 'French (France)' },
  { code: 'es-419', name: 'Spanish (Latin America)' },
  { code: 'fa-IR', name: 'Persian' },
];
const TERRITORIES = [
  { code: 'CA', name: 'Canada' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany, Austria & Switzerland' },
];

describe('language and territory filters by name or prefix', () => {
  it('finds fr-FR and fr-CA from "French" or "fr", in any case', () => {
    expect(placeCodes('French', LANGUAGES)).toBe('fr-CA,fr-FR');
    expect(placeCodes('fr', LANGUAGES)).toBe('fr-CA,fr-FR');
    expect(placeCodes('FRENCH', LANGUAGES)).toBe('fr-CA,fr-FR');
  });
  it('finds a territory by the start of its name or of a word of it', () => {
    expect(placeCodes('Fran', TERRITORIES)).toBe('FR');
    expect(placeCodes('austria', TERRITORIES)).toBe('DE');
    expect(placeCodes('fr', TERRITORIES)).toBe('FR');
  });
  it('keeps an exact code to itself, not its prefixes', () => {
    expect(placeCodes('fr-FR', LANGUAGES)).toBe('fr-FR');
    expect(placeCodes('fr-fr', LANGUAGES)).toBe('fr-FR');
    expect(placeCodes('CA', TERRITORIES)).toBe('CA');
  });
  it('joins the parts of a comma list, each expanded, without repeats', () => {
    expect(placeCodes('fr-FR, German, French', LANGUAGES)).toBe('fr-FR,de-DE,fr-CA');
  });
  it('sends what matches nothing as typed, and the value as typed without choices', () => {
    expect(placeCodes('Klingon', LANGUAGES)).toBe('Klingon');
    expect(placeCodes('fr', [])).toBe('fr');
  });
  it('ignores accents and matches words inside names', () => {
    expect(placeMatches({ code: 'fr-FR', name: 'Français' }, 'francais')).toBe(true);
    expect(placeMatches({ code: 'es-419', name: 'Spanish (Latin America)' }, 'lat')).toBe(true);
    expect(placeMatches({ code: 'es-419', name: 'Spanish (Latin America)' }, 'tin')).toBe(false);
    expect(placeMatches({ code: 'x' }, '')).toBe(false);
  });
  it('lists an exact code first, then code prefixes, then name matches', () => {
    const choices = [
      { code: 'fa-IR', name: 'Persian (Farsi)' },
      { code: 'fr-FR', name: 'French' },
    ];
    expect(matchPlaces('f', choices).map((c) => c.code)).toEqual(['fa-IR', 'fr-FR']);
    expect(matchPlaces('farsi', choices).map((c) => c.code)).toEqual(['fa-IR']);
    expect(matchPlaces('fr-FR', LANGUAGES).map((c) => c.code)).toEqual(['fr-FR']);
  });
});
