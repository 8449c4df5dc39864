import { describe, expect, it } from 'vitest';
import { forbiddenList, formToTerm, termToForm, validateGlossaryTerm, type GlossaryForm } from './glossaryForm';

const form = (patch: Partial<GlossaryForm> = {}): GlossaryForm => ({
  studio: 's1',
  project: '',
  language: 'fr-FR',
  source: 'car',
  translation: 'voiture',
  notes: '',
  forbidden: '',
  caseSensitive: false,
  ...patch,
});

describe('the glossary term form', () => {
  it('round-trips a term, keeping fields it does not show', () => {
    const term = {
      _id: 'x',
      studio: 's1',
      language: 'fr-FR',
      source: 'car',
      translation: 'voiture',
      forbidden: ['auto', 'bagnole'],
      extra: 1,
    };
    const f = termToForm(term);
    expect(f.forbidden).toBe('auto\nbagnole');
    expect(formToTerm(term, f)).toMatchObject({
      studio: 's1',
      forbidden: ['auto', 'bagnole'],
      extra: 1,
      caseSensitive: false,
    });
    expect(formToTerm(term, f)).not.toHaveProperty('_id');
  });

  it("sends a project's term without a studio, and removes an emptied project or notes", () => {
    expect(formToTerm({}, form({ project: 'p1' }))).not.toHaveProperty('studio');
    const base = { project: 'p1', notes: 'n' };
    expect(formToTerm(base, form({ notes: ' ' }))).toMatchObject({ project: null, notes: null, studio: 's1' });
  });

  it('reads variants one per line, without repeats as the term compares them', () => {
    expect(forbiddenList(' Auto \n\nauto\nBagnole, la', false)).toEqual(['Auto', 'Bagnole, la']);
    expect(forbiddenList('Auto\nauto', true)).toEqual(['Auto', 'auto']);
  });

  it('says what is wrong next to each field', () => {
    expect(validateGlossaryTerm(form())).toEqual({});
    expect(validateGlossaryTerm(form({ studio: '', language: '', source: ' ', translation: '' }))).toEqual({
      studio: 'Choose a studio.',
      language: 'Choose the target language.',
      source: 'Source term is required.',
      translation: 'Approved translation is required.',
    });
    expect(validateGlossaryTerm(form({ forbidden: 'Voiture' })).forbidden).toBe(
      'The approved translation cannot also be forbidden.',
    );
    expect(validateGlossaryTerm(form({ forbidden: 'Voiture', caseSensitive: true }))).toEqual({});
  });
});
