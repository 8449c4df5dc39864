/**
 * Word search (`contains` on a `text` field) for PostgreSQL, with the semantics of the SQLite store (sqlite/fullText.ts,
 * docs/API.md "Search"): words are runs of letters and digits, compared without case or accents; every typed part
 * must match, its words next to each other in order, the last one as a start.
 *
 * Both sides are made here, in JS, and handed to PostgreSQL as literals (`$1::tsvector`, `$1::tsquery`): no text
 * search parser, dictionary, `unaccent` extension or database locale takes part, so a search answers the same on
 * any cluster (PostgreSQL's own parser reads e-mails, URLs, paths and hyphenated words as special tokens, and its
 * `lower` and regex classes leave non-ASCII letters alone under a C locale). What the user typed only ever becomes
 * quoted lexemes: never tsquery syntax.
 */

/** A typed part counts when it holds a letter or a digit. */
const SEARCHABLE = /[\p{L}\p{N}]/u;
/** Words: runs of letters and digits (after accents are taken off). */
const WORD = /[\p{L}\p{N}]+/gu;
/** PostgreSQL refuses lexemes of 2 KB and more: longer words are cut (on both sides, so a prefix still finds them). */
const MAX_WORD = 200;
/** Positions above this are stored as this one (PostgreSQL's limit): phrases so far into a text may miss. */
const MAX_POSITION = 16383;

/** Lower case, accents off (é → e, ß stays ß), compatibility forms folded (ﬁ → fi). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text as search compares them. */
export function words(text: string): string[] {
  return (fold(text).match(WORD) ?? []).map((w) => (w.length > MAX_WORD ? w.slice(0, MAX_WORD) : w));
}

/** A lexeme as a tsvector/tsquery literal: quoted, quotes and backslashes escaped (words hold neither, but still). */
function lexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** The `tsvector` literal of the searched texts (joined like the SQLite column: one text, words numbered in order). */
export function tsvectorOf(texts: readonly string[]): string {
  const all = texts.flatMap(words);
  return all.map((w, i) => `${lexeme(w)}:${Math.min(i + 1, MAX_POSITION)}`).join(' ');
}

/**
 * The `tsquery` literal for what a user typed: each whitespace-separated part as its words in a phrase (`a <-> b:*`),
 * the last word a prefix; parts joined by `&`. Undefined when nothing searchable was typed (such a search narrows
 * nothing).
 */
export function tsqueryOf(typed: string): string | undefined {
  const parts = typed
    .split(/[\s\p{Cc}]+/u)
    .filter((p) => SEARCHABLE.test(p))
    .map(words)
    .filter((ws) => ws.length > 0)
    .map((ws) => ws.map((w, i) => (i === ws.length - 1 ? `${lexeme(w)}:*` : lexeme(w))).join(' <-> '));
  if (parts.length === 0) return undefined;
  return parts.map((p) => `(${p})`).join(' & ');
}

/**
 * The `tsquery` literal "any of these values as whole words" (a value of several words: those words in order);
 * undefined when none is searchable.
 */
export function tsqueryAnyOf(values: readonly string[]): string | undefined {
  const phrases = values
    .map(words)
    .filter((ws) => ws.length > 0)
    .map((ws) => `(${ws.map(lexeme).join(' <-> ')})`);
  return phrases.length ? phrases.join(' | ') : undefined;
}
