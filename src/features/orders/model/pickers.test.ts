import { describe, expect, it } from 'vitest';
import { languageChoices, matchesChoice, territoryChoices } from './pickers';

const languages = languageChoices([
  { code: 'fr-FR', name: 'French (France)' },
  { code: 'fr-CA', name: 'French (Canada)' },
  { code: 'de-DE', name: 'German' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)' },
]);

const find = (q: string) => languages.filter((c) => matchesChoice(c, q)).map((c) => c.value);

describe('language and territory pickers', () => {
  it('offer only the languages the grant lets the viewer order in, when it names any', () => {
    const all = [
      { code: 'fr-FR', name: 'French (France)' },
      { code: 'fr-CA', name: 'French (Canada)' },
      { code: 'de-DE', name: 'German' },
    ];
    expect(languageChoices(all, ['fr-FR']).map((c) => c.value)).toEqual(['fr-FR']);
    expect(languageChoices(all, ['fr']).map((c) => c.value)).toEqual(['fr-CA', 'fr-FR']);
    expect(languageChoices(all, []).map((c) => c.value)).toHaveLength(3);
  });

  it('show names, sorted', () => {
    expect(languages.map((c) => c.label)).toEqual([
      'French (Canada)',
      'French (France)',
      'German',
      'Portuguese (Brazil)',
    ]);
  });

  it('find by the start of a word of the name or of the code', () => {
    expect(find('French')).toEqual(['fr-CA', 'fr-FR']);
    expect(find('French (France)')).toEqual(['fr-FR']);
    expect(find('fr')).toEqual(['fr-CA', 'fr-FR']);
    expect(find('fr-c')).toEqual(['fr-CA']);
    expect(find('canada')).toEqual(['fr-CA']);
    expect(find('brazil port')).toEqual(['pt-BR']);
    expect(find('rench')).toEqual([]);
    expect(find('')).toHaveLength(4);
  });

  it('offer the territories whose languages include the language, all when the data says nothing', () => {
    const territories = [
      { name: 'FR', displayName: 'France & Francophone Europe', languages: ['fr-FR'] },
      { name: 'CA', displayName: 'Canada', languages: ['fr-CA', 'en-US'] },
      { name: 'DE', displayName: 'Germany', languages: ['de-DE'] },
    ];
    expect(territoryChoices(territories, 'fr-CA')).toEqual({
      choices: [{ value: 'CA', label: 'Canada' }],
      narrowed: true,
    });
    expect(territoryChoices(territories, 'pt-BR').narrowed).toBe(false);
    expect(territoryChoices(territories, 'pt-BR').choices.map((c) => c.value)).toEqual(['CA', 'FR', 'DE']);
  });
});
