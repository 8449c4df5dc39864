import { describe, expect, it } from 'vitest';
import type { Line } from '../../src/api/schema/translation';
import { pairLines, segmentsOf } from './memory';

const line = (number: number, text: string, start?: string, stop?: string): Line => ({
  number,
  text,
  ...(start ? { startTime: start, stopTime: stop } : {}),
});

const originals = [
  line(1, 'Hello.', '00:00:01,000', '00:00:02,000'),
  line(2, 'Where is the key?', '00:00:03,000', '00:00:05,000'),
  line(3, 'Run!', '00:00:06,000', '00:00:07,000'),
];
const scope = { studio: 's', source: 'en', target: 'fr-FR' };
const origin = { translation: 't', workRequest: 'w', approved: 5 };

describe('translation memory segments', () => {
  it('pairs a line with the original covering the same span, whatever the numbers', () => {
    const lines = [
      line(1, 'Bonjour.', '00:00:01,000', '00:00:02,000'),
      // numbers shifted (a line was split before): the time decides
      line(7, 'Où est la clé ?', '00:00:03,040', '00:00:05,000'),
    ];
    expect(pairLines(lines, originals).map(([l, o]) => [l.text, o.text])).toEqual([
      ['Bonjour.', 'Hello.'],
      ['Où est la clé ?', 'Where is the key?'],
    ]);
  });

  it('leaves out split and merged lines (part of an original, or two)', () => {
    const lines = [
      line(1, 'Où est', '00:00:03,000', '00:00:04,000'),
      line(2, 'la clé ?', '00:00:04,000', '00:00:05,000'),
      line(3, 'Bonjour. Où est la clé ?', '00:00:01,000', '00:00:05,000'),
    ];
    expect(pairLines(lines, originals)).toEqual([]);
  });

  it('pairs lines without timings by number', () => {
    expect(pairLines([line(2, 'Deux')], [line(2, 'Two'), line(3, 'Three')]).map(([l, o]) => [l.text, o.text])).toEqual([
      ['Deux', 'Two'],
    ]);
  });

  it('makes one segment per pair with text on both sides, without repeats', () => {
    const lines = [
      line(1, 'Bonjour.', '00:00:01,000', '00:00:02,000'),
      line(2, '  ', '00:00:03,000', '00:00:05,000'),
      line(3, 'Cours !', '00:00:06,000', '00:00:07,000'),
    ];
    const twice = [...originals, line(4, 'Run!', '00:00:08,000', '00:00:09,000')];
    const more = [...lines, line(4, 'Cours !', '00:00:08,000', '00:00:09,000')];
    expect(segmentsOf(more, twice, scope, origin)).toEqual([
      { ...scope, ...origin, original: 'Hello.', text: 'Bonjour.', key: 'Hello.', fuzzy: 'hello.' },
      { ...scope, ...origin, original: 'Run!', text: 'Cours !', key: 'Run!', fuzzy: 'run!' },
    ]);
  });

  it('leaves out a translation out of proportion to its original (a misaligned pair, not a line)', () => {
    const lines = [
      line(
        1,
        'Bonjour. Nous sommes arrivés hier soir, et depuis, rien ne va plus dans cette maison.',
        '00:00:01,000',
        '00:00:02,000',
      ),
      line(3, 'Cours !', '00:00:06,000', '00:00:07,000'),
    ];
    expect(segmentsOf(lines, originals, scope, origin).map((s) => s.original)).toEqual(['Run!']);
  });
});
