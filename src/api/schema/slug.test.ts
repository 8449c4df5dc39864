import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug';

describe('slugify', () => {
  it('drops accents instead of splitting words at them', () => {
    expect(slugify('Crème Brûlée Films')).toBe('creme-brulee-films');
    expect(slugify('Ærøskøbing Ōsaka Straße Łódź')).toBe('aeroskobing-osaka-strasse-lodz');
  });

  it('joins words with single hyphens, none at the ends', () => {
    expect(slugify('  The Last -- Cartographer! ')).toBe('the-last-cartographer');
    expect(slugify('ＡＢＣ ２０２６')).toBe('abc-2026');
    expect(slugify('東京')).toBe('');
  });

  it('makes only what isSlug accepts', () => {
    for (const name of ['Crème Brûlée Films', 'A', 'x_y.z', '--', 'Northlight Pictures 2']) {
      const slug = slugify(name);
      if (slug) expect(isSlug(slug)).toBe(true);
    }
    expect(isSlug('Bad Slug')).toBe(false);
    expect(isSlug('double--hyphen')).toBe(false);
  });
});
