/**
 * Slugs of studios, projects and assets: lower-case letters and digits in words joined by single hyphens. The server
 * derives one from the name when a write gives none (docs/API.md, "Slugs"); the app's forms check a typed one.
 */

/** A slug as the service makes and accepts it, e.g. `creme-brulee-films`. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return SLUG.test(value);
}

/** Latin letters that no Unicode decomposition turns into a-z. */
const LETTERS: Record<string, string> = { æ: 'ae', œ: 'oe', ø: 'o', ß: 'ss', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/**
 * The slug of a name: accents dropped (decomposed, then the combining marks removed, so "Crème Brûlée Films" gives
 * `creme-brulee-films`; æ, ø, ß and the like spelled out), every other run of characters outside a-z and 0-9 one
 * hyphen, none at either end. A name with no Latin letter or digit gives the empty string.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[æœøßđðłþı]/g, (c) => LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
