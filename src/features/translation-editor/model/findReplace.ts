/**
 * Find and replace over the lines. Matching skips formatting tags (a search for "i" never hits `<i>`).
 * Replacing only ever changes the translation; the original can be searched as well ("with the original too").
 */

export interface FindOptions {
  query: string;
  caseSensitive: boolean;
  wholeWord: boolean;
  /** Also search the original text (matches there are for finding, not replacing). */
  includeOriginal: boolean;
}

export interface Match {
  /** Row index. */
  index: number;
  field: 'text' | 'original';
  start: number;
  end: number;
}

const TAG = /<[^>]*>/g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function searchPattern(options: Pick<FindOptions, 'query' | 'caseSensitive' | 'wholeWord'>): RegExp | undefined {
  if (options.query === '') return undefined;
  const body = escapeRegExp(options.query);
  // Unicode-aware word boundaries (\b is ASCII-only).
  const source = options.wholeWord ? `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])` : body;
  return new RegExp(source, `gu${options.caseSensitive ? '' : 'i'}`);
}

/** Offsets of the matches in `text`, outside tags. */
export function matchesIn(text: string, pattern: RegExp): { start: number; end: number }[] {
  const tags: [number, number][] = [];
  for (const m of text.matchAll(TAG)) tags.push([m.index, m.index + m[0].length]);
  const out: { start: number; end: number }[] = [];
  pattern.lastIndex = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index;
    const end = start + m[0].length;
    if (end === start) continue;
    if (tags.some(([a, b]) => start < b && end > a)) continue;
    out.push({ start, end });
  }
  return out;
}

export interface Searchable {
  text: string;
  original?: string | undefined;
}

/** Every match, in row order (translation before original within a row). */
export function findAll(rows: readonly Searchable[], options: FindOptions): Match[] {
  const pattern = searchPattern(options);
  if (!pattern) return [];
  const out: Match[] = [];
  rows.forEach((row, index) => {
    for (const m of matchesIn(row.text, pattern)) out.push({ index, field: 'text', ...m });
    if (options.includeOriginal && row.original) {
      for (const m of matchesIn(row.original, pattern)) out.push({ index, field: 'original', ...m });
    }
  });
  return out;
}

/** `text` with every match (outside tags) replaced. `$` in the replacement is literal. */
export function replaceAllIn(text: string, options: FindOptions, replacement: string): string {
  const pattern = searchPattern(options);
  if (!pattern) return text;
  const matches = matchesIn(text, pattern);
  if (matches.length === 0) return text;
  let out = '';
  let at = 0;
  for (const m of matches) {
    out += text.slice(at, m.start) + replacement;
    at = m.end;
  }
  return out + text.slice(at);
}

/** `text` with the one match at `start..end` replaced. */
export function replaceOne(text: string, match: { start: number; end: number }, replacement: string): string {
  return text.slice(0, match.start) + replacement + text.slice(match.end);
}
