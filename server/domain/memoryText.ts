/**
 * What makes two lines the same or alike for the translation memory (docs/API.md, "Translation memory"). Pure.
 *
 * - Exact: the texts are equal once Unicode-normalised (NFC), with every run of white space (line breaks
 *   included) one space, no space at either end and formatting tags in lower case. Case, punctuation and markup
 *   count: "<i>Run!</i>" is not "Run!" (filling the line with the other's markup would be wrong).
 * - Similar: 1 − (Levenshtein distance / length of the longer), over code points, on the text without formatting
 *   tags, in lower case (`fuzzyText`); a match is offered from FUZZY_MIN (75 %).
 * - Line-sized: a segment is offered (and fed) only when its translation is in proportion to its original
 *   (`lineSized`): a translation several sentences long for a one-line original is a misaligned pair, never a match.
 */

export const FUZZY_MIN = 0.75;
/** A translation may be this many times as long as its original (languages differ: French runs ~1.3×)… */
export const TEXT_GROWTH = 2;
/** …plus this many characters (short lines: "OK." -> "D'accord."). */
export const TEXT_SLACK = 20;

const SPACE = /\s+/gu;
const TAG = /<\/?[a-z][^<>]*>/giu;

/** The exact-match key of a line's text. */
export function exactKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(SPACE, ' ')
    .trim()
    .replace(TAG, (tag) => tag.toLowerCase());
}

/** The text similarity is measured on (and the trigram index holds): no tags, lower case, spaces collapsed. */
export function fuzzyText(text: string): string {
  return text.normalize('NFC').replace(TAG, ' ').replace(SPACE, ' ').trim().toLowerCase();
}

/** Whether a translation is line-sized for its original: at most TEXT_GROWTH × its length + TEXT_SLACK, both measured
 * as fuzzy text (no tags, spaces collapsed) in code points. */
export function lineSized(original: string, text: string): boolean {
  return [...fuzzyText(text)].length <= TEXT_GROWTH * [...fuzzyText(original)].length + TEXT_SLACK;
}

/**
 * The similarity of two fuzzy texts (0–1), or undefined when it is below `min`: the distance is computed in a band
 * of `(1 − min) × longer length` around the diagonal and given up as soon as every cell of a row exceeds it, so a
 * candidate far off costs little.
 */
export function similarity(a: string, b: string, min = 0): number | undefined {
  const x = [...a];
  const y = [...b];
  const longer = Math.max(x.length, y.length);
  if (longer === 0) return 1;
  const limit = Math.floor((1 - min) * longer + 1e-9);
  if (Math.abs(x.length - y.length) > limit) return undefined;
  const distance = boundedLevenshtein(x, y, limit);
  return distance === undefined ? undefined : 1 - distance / longer;
}

/** The edit distance of x and y when at most `limit`, else undefined. */
function boundedLevenshtein(x: string[], y: string[], limit: number): number | undefined {
  const big = limit + 1;
  let previous = new Array<number>(y.length + 1);
  let current = new Array<number>(y.length + 1);
  for (let j = 0; j <= y.length; j++) previous[j] = j <= limit ? j : big;
  for (let i = 1; i <= x.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(y.length, i + limit);
    current.fill(big);
    current[0] = i <= limit ? i : big;
    let rowMin = current[0];
    for (let j = from; j <= to; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const value = Math.min(previous[j - 1]! + cost, previous[j]! + 1, current[j - 1]! + 1, big);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return undefined;
    [previous, current] = [current, previous];
  }
  const distance = previous[y.length]!;
  return distance <= limit ? distance : undefined;
}
