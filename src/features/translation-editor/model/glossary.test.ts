import { describe, expect, it } from 'vitest';
import {
  Glossary,
  entryOf,
  insertAt,
  matchableText,
  replaceVariant,
  termToInsert,
  termUses,
  type GlossaryEntry,
} from './glossary';
import { glossaryRule } from './qc/rules/glossary';
import { DEFAULT_PROFILE } from './qc/profiles';
import { EditorDocument } from './editorDocument';
import { OriginalIndex } from './originals';

let n = 0;
const term = (source: string, translation: string, more: Partial<GlossaryEntry> = {}): GlossaryEntry => ({
  id: `t${n++}`,
  source,
  translation,
  forbidden: [],
  caseSensitive: false,
  ...more,
});

const sources = (g: Glossary, text: string) => g.termsIn(text).map((t) => t.source);

describe('Glossary matching', () => {
  const g = new Glossary([
    term('car', 'voiture', { forbidden: ['bagnole'] }),
    term('New York', 'New York'),
    term('New York City', 'la ville de New York'),
    term('island', 'île'),
    term('Île', 'Island', { caseSensitive: true }),
    term('C++', 'C++'),
    term('Straße', 'street'),
  ]);

  it('finds whole words only, without inflections', () => {
    expect(sources(g, 'Get in the car, now!')).toEqual(['car']);
    expect(sources(g, 'Cars and scars, a carpet, a car-park')).toEqual(['car']);
    expect(sources(g, 'The islands')).toEqual([]);
  });

  it('ignores case unless the term says otherwise, for any script', () => {
    expect(sources(g, 'CAR. Island!')).toEqual(['car', 'island']);
    expect(sources(g, 'Sur l’Île, sur l’île')).toEqual(['Île']);
    expect(sources(g, 'STRASSE straße')).toEqual(['Straße']);
  });

  it('takes the longest term, across whitespace runs and line breaks', () => {
    expect(sources(g, 'Welcome to New York City')).toEqual(['New York City']);
    expect(sources(g, 'New\nYork, then New  York City')).toEqual(['New York', 'New York City']);
  });

  it('strips markup and entities, and treats regex characters as text', () => {
    expect(sources(g, '<i>the</i> <b>car</b>')).toEqual(['car']);
    expect(sources(g, 'I write C++ &amp; a car')).toEqual(['C++', 'car']);
    expect(matchableText('<i>a</i>&amp;b')).toBe('a&b');
  });

  it('gives offsets in the matchable text', () => {
    const plain = matchableText('<i>Get</i> in the car');
    expect(g.hitsIn(plain).map((h) => plain.slice(h.start, h.end))).toEqual(['car']);
  });

  it('uses one combined expression for hundreds of terms and still finds each', () => {
    const many = Array.from({ length: 600 }, (_, i) => term(`term${i.toString(36)}word`, `t${i}`));
    const big = new Glossary([...many, term('car', 'voiture')]);
    const text =
      many
        .filter((_, i) => i % 97 === 0)
        .map((t) => t.source)
        .join(', ') + ' and a car';
    expect(sources(big, text)).toEqual([...many.filter((_, i) => i % 97 === 0).map((t) => t.source), 'car']);
    expect(sources(big, 'term1wordx term1word')).toEqual(['term1word']);
  });
});

describe('termUses and the glossary QC rule', () => {
  const g = new Glossary([
    term('car', 'auto', { forbidden: ['coche'] }),
    term('island', 'Île', { caseSensitive: true }),
  ]);
  const check = (original: string, text: string) =>
    glossaryRule.check({ text, original, startMs: 0, stopMs: 2000, glossary: g }, undefined, DEFAULT_PROFILE);

  it('is quiet when the approved translation is there', () => {
    expect(check('Get in the car!', '¡Sube al auto!')).toEqual([]);
    expect(check('Nobody leaves this island.', 'Personne ne quitte l’Île.')).toEqual([]);
  });

  it('warns about a missing approved translation, whole words and case as the term says', () => {
    expect(check('Get in the car!', '¡Sube al automóvil!')).toEqual([
      { rule: 'glossary', severity: 'warning', message: 'Glossary: “car” should be translated “auto”' },
    ]);
    expect(check('Nobody leaves this island.', 'Personne ne quitte cette île.').map((p) => p.severity)).toEqual([
      'warning',
    ]);
  });

  it('flags a forbidden variant as an error, even beside the approved one', () => {
    expect(check('Get in the car!', '¡Sube al coche, al auto!')).toEqual([
      { rule: 'glossary', severity: 'error', message: 'Glossary: “coche” is not to be used for “car”; use “auto”' },
    ]);
    expect(termUses(g, 'car', 'COCHE')[0]!.kind).toBe('forbidden');
  });

  it('leaves blank translations, lines without original and documents without glossary alone', () => {
    expect(check('Get in the car!', '  ')).toEqual([]);
    expect(
      glossaryRule.check(
        { text: 'x', original: undefined, startMs: 0, stopMs: 1, glossary: g },
        undefined,
        DEFAULT_PROFILE,
      ),
    ).toEqual([]);
    expect(
      glossaryRule.check({ text: 'x', original: 'car', startMs: 0, stopMs: 1 }, undefined, DEFAULT_PROFILE),
    ).toEqual([]);
  });

  it('appears in the document once the glossary is set, and clears when the line is fixed', () => {
    const lines = [{ number: 1, text: '¡Sube al coche!', startTime: '00:00:01:00', stopTime: '00:00:03:00' }];
    const doc = new EditorDocument(
      lines,
      DEFAULT_PROFILE,
      new OriginalIndex([{ ...lines[0]!, text: 'Get in the car!' }]),
    );
    expect(doc.problemRowCount).toBe(0);
    doc.setGlossary(g);
    expect(doc.problemsOf(doc.row(0)!.key).map((p) => p.rule)).toEqual(['glossary']);
    doc.setText(0, '¡Sube al auto!');
    expect(doc.problemRowCount).toBe(0);
  });
});

describe('inserting a term', () => {
  it('replaces the selection, spaced from touching words, caret after it', () => {
    expect(insertAt('Sube al', 7, 7, 'auto')).toEqual({ text: 'Sube al auto', caret: 12 });
    expect(insertAt('Sube al coche!', 8, 13, 'auto')).toEqual({ text: 'Sube al auto!', caret: 12 });
    expect(insertAt('Subealcoche', 4, 4, 'x')).toEqual({ text: 'Sube x alcoche', caret: 6 });
    expect(insertAt('', 5, 9, 'auto')).toEqual({ text: 'auto', caret: 4 });
  });

  it('offers the first term the line does not get right', () => {
    const g = new Glossary([term('car', 'auto'), term('island', 'isla', { forbidden: ['ínsula'] })]);
    expect(termToInsert(g, 'The car on the island', 'El auto en la ínsula')?.translation).toBe('isla');
    expect(termToInsert(g, 'The car on the island', 'El auto en la isla')).toBeUndefined();
  });

  it('reads terms from the server, leaving out ones without source or translation', () => {
    expect(entryOf({ _id: 'a', source: 'car', translation: 'auto' })).toMatchObject({
      forbidden: [],
      caseSensitive: false,
    });
    expect(entryOf({ _id: 'b', source: 'car' })).toBeUndefined();
  });
});

describe('replacing a forbidden variant', () => {
  it('replaces it where it stands, on whole words, with the term’s case rule', () => {
    expect(replaceVariant("C'est notre seule chance.", 'chance', 'occasion', false)).toEqual({
      text: "C'est notre seule occasion.",
      caret: 26,
    });
    expect(replaceVariant('<i>Chance</i> et chances', 'chance', 'occasion', false)).toEqual({
      text: '<i>occasion</i> et chances',
      caret: 11,
    });
    expect(replaceVariant('Das ist unsere Chance.', 'chance', 'Gelegenheit', true)).toBeUndefined();
    expect(replaceVariant('Des chances', 'chance', 'occasion', false)).toBeUndefined();
  });
});
