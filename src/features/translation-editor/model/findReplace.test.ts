import { describe, expect, it } from 'vitest';
import { findAll, matchesIn, replaceAllIn, replaceOne, searchPattern, type FindOptions } from './findReplace';

const opts = (query: string, more: Partial<FindOptions> = {}): FindOptions => ({
  query,
  caseSensitive: false,
  wholeWord: false,
  includeOriginal: false,
  ...more,
});

describe('find and replace', () => {
  it('finds outside tags only', () => {
    expect(matchesIn('<i>hi</i> i', searchPattern(opts('i'))!)).toEqual([
      { start: 4, end: 5 },
      { start: 10, end: 11 },
    ]);
  });

  it('honours case and whole words (Unicode letters)', () => {
    expect(matchesIn('Été été', searchPattern(opts('été', { caseSensitive: true }))!)).toHaveLength(1);
    expect(matchesIn('Été été', searchPattern(opts('été'))!)).toHaveLength(2);
    expect(matchesIn('cat catalogue écat', searchPattern(opts('cat', { wholeWord: true }))!)).toEqual([
      { start: 0, end: 3 },
    ]);
  });

  it('escapes regular-expression characters', () => {
    expect(matchesIn('a.b axb (c)', searchPattern(opts('.'))!)).toHaveLength(1);
    expect(matchesIn('a.b axb (c)', searchPattern(opts('(c)'))!)).toHaveLength(1);
    expect(searchPattern(opts(''))).toBeUndefined();
  });

  it('searches the translation, and the original when asked', () => {
    const rows = [
      { text: 'Bonjour', original: 'Hello' },
      { text: 'Hello there', original: 'Hello there' },
    ];
    expect(findAll(rows, opts('hello')).map((m) => [m.index, m.field])).toEqual([[1, 'text']]);
    expect(findAll(rows, opts('hello', { includeOriginal: true })).map((m) => [m.index, m.field])).toEqual([
      [0, 'original'],
      [1, 'text'],
      [1, 'original'],
    ]);
  });

  it('replaces all outside tags, with a literal replacement', () => {
    expect(replaceAllIn('<b>b</b> b', opts('b'), '$1')).toBe('<b>$1</b> $1');
    expect(replaceAllIn('nothing', opts('x'), 'y')).toBe('nothing');
    expect(replaceOne('abc abc', { start: 4, end: 7 }, 'X')).toBe('abc X');
  });
});
