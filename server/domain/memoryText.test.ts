import { describe, expect, it } from 'vitest';
import { exactKey, fuzzyText, lineSized, similarity } from './memoryText';

describe('translation memory text', () => {
  it('exact keys ignore white space and tag case, keep case, punctuation and markup', () => {
    expect(exactKey('  Run,\n  now! ')).toBe('Run, now!');
    expect(exactKey('<I>Run</I>')).toBe('<i>Run</i>');
    expect(exactKey('Cafe\u0301')).toBe(exactKey('Café'));
    expect(exactKey('run')).not.toBe(exactKey('Run'));
    expect(exactKey('<i>Run</i>')).not.toBe(exactKey('Run'));
  });

  it('fuzzy texts drop tags and case', () => {
    expect(fuzzyText('<i>Run,</i>\nNOW!')).toBe('run, now!');
    expect(fuzzyText('a < b and c > d')).toBe('a < b and c > d');
  });

  it('similarity is 1 − Levenshtein / longer length, over code points', () => {
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7);
    expect(similarity('abcd', 'abcd')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('😀bc', '😀bd')).toBeCloseTo(2 / 3);
    // 1 edit in 4: exactly 75 %, the threshold, is kept; 2 in 4 is not.
    expect(similarity('abcd', 'abce', 0.75)).toBe(0.75);
    expect(similarity('abcd', 'abef', 0.75)).toBeUndefined();
  });

  it('gives up below the threshold with the same answer as the full computation above it', () => {
    const words = ['we', 'have', 'to', 'leave', 'before', 'the', 'storm', 'hits', 'now', 'comes'];
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 300; n++) {
      const a = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => words[Math.floor(rand() * words.length)]).join(
        ' ',
      );
      const b = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => words[Math.floor(rand() * words.length)]).join(
        ' ',
      );
      const full = similarity(a, b)!;
      expect(full).toBeGreaterThanOrEqual(0);
      expect(similarity(a, b, 0.75)).toBe(full >= 0.75 - 1e-9 ? full : undefined);
    }
  });

  it('a translation is line-sized up to twice its original plus 20 characters (tags and spaces not counted)', () => {
    expect(lineSized('OK.', "D'accord, c'est entendu.")).toBe(true);
    expect(lineSized('Run!', '<i>Cours !</i>')).toBe(true);
    expect(lineSized('I never wanted any of this.', "Je n'ai jamais voulu tout ça.")).toBe(true);
    const paragraph =
      "Je n'ai jamais voulu tout ça. Nous sommes partis trop tard. La mer était grosse, et personne ne parlait.";
    expect(lineSized('I never wanted any of this.', paragraph)).toBe(false);
  });
});
