import { describe, expect, it } from 'vitest';
import { effectiveTerms, foldTerm, glossaryKey, type GlossaryTermDoc } from './glossary';

const STUDIO = 'a'.repeat(24);
const P1 = 'b'.repeat(24);
const P2 = 'c'.repeat(24);
let n = 0;
function t(
  source: string,
  translation: string,
  project?: string,
  more: Partial<GlossaryTermDoc> = {},
): GlossaryTermDoc {
  const folded = foldTerm(source);
  return {
    _id: String(n++).padStart(24, '0'),
    created: 0,
    studio: STUDIO,
    ...(project ? { project } : {}),
    language: 'fr-FR',
    sourceLanguage: 'en',
    source,
    translation,
    forbidden: [],
    caseSensitive: false,
    folded,
    key: glossaryKey(STUDIO, project, 'fr-FR', folded),
    ...more,
  };
}

describe('glossary terms', () => {
  it('folds source terms: NFC, spaces collapsed, any letter lower-cased', () => {
    expect(foldTerm('  New\u00a0 York ')).toBe('new york');
    expect(foldTerm('I\u0302LE')).toBe('île');
  });

  it('keys a term by its scope, language and folded source term', () => {
    expect(glossaryKey(STUDIO, undefined, 'fr-FR', 'car')).toBe(`studio:${STUDIO}|fr-fr|car`);
    expect(glossaryKey(STUDIO, P1, 'fr-FR', 'car')).toBe(`project:${P1}|fr-fr|car`);
  });

  it("gives a project's term instead of its studio's for the same source term, and no other project's", () => {
    const terms = [
      t('island', 'île'),
      t('Island', 'Île', P1),
      t('car', 'voiture'),
      t('car', 'bagnole', P2),
      t('sea', 'mer', P2),
    ];
    const mine = effectiveTerms(terms, P1).map((x) => `${x.source}=${x.translation}`);
    expect(mine).toEqual(['car=voiture', 'Island=Île']);
    // The order of the stored terms does not matter.
    expect(effectiveTerms([...terms].reverse(), P1).map((x) => x.translation)).toEqual(['voiture', 'Île']);
    expect(effectiveTerms(terms, undefined).map((x) => x.translation)).toEqual(['voiture', 'île']);
  });

  it('leaves deleted terms out', () => {
    expect(effectiveTerms([t('island', 'île'), t('island', 'Île', P1, { deleted: true })], P1)).toEqual([
      expect.objectContaining({ translation: 'île' }),
    ]);
  });
});
