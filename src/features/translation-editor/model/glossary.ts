/**
 * The translation's glossary as the editor uses it: where its terms occur in an original, and whether a translation
 * holds a term's approved translation or a forbidden variant (docs/API.md "Glossary").
 *
 * Matching is on the text a viewer reads (markup stripped: `plainText`), NFC-normalized, on whole words (no letter,
 * mark or digit of any script on either side: "car" is not found in "cars" or "scar", inflected forms are not
 * matched), ignoring case unless the term says otherwise. All source terms are found in one pass of one combined
 * regular expression per case mode, built as a trie (one branch per distinct next character), so a line costs
 * about the same with 5 terms as with 500, never terms × lines expressions. A term may contain spaces: any run of
 * whitespace (a line break too) matches one.
 */
import { plainText } from './text';
import type { GlossaryTerm } from '../../../api/schema/glossary';

export interface GlossaryEntry {
  id: string;
  source: string;
  translation: string;
  notes?: string | undefined;
  forbidden: readonly string[];
  caseSensitive: boolean;
  /** Set when the term is a project's (it overrides the studio's term for the same source term). */
  project?: string | undefined;
}

/** A term as the server sends it, as the editor uses it (undefined when it lacks a source or a translation). */
export function entryOf(t: GlossaryTerm): GlossaryEntry | undefined {
  if (!t.source || !t.translation) return undefined;
  return {
    id: t._id ?? t.source,
    source: t.source,
    translation: t.translation,
    notes: t.notes,
    forbidden: t.forbidden ?? [],
    caseSensitive: t.caseSensitive ?? false,
    project: t.project,
  };
}

/** One occurrence of a term in a text, as offsets into the matched (plain, NFC) text. */
export interface TermHit {
  term: GlossaryEntry;
  start: number;
  end: number;
}

const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';
const BEFORE = `(?<!${WORD_CHAR})`;
const AFTER = `(?!${WORD_CHAR})`;
/** A whitespace run in a term: matches any whitespace run of the text. */
const SPACE = ' ';

const escapeChar = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** The term's characters (code points), each whitespace run one SPACE. */
function tokens(term: string, caseSensitive: boolean): string[] {
  const cleaned = term.normalize('NFC').trim().replace(/\s+/gu, SPACE);
  return Array.from(caseSensitive ? cleaned : cleaned.toLowerCase());
}

/** How a matched text is looked up: whitespace runs one space, and lower case when case is ignored. */
function lookupKey(text: string, caseSensitive: boolean): string {
  const k = text.replace(/\s+/gu, SPACE);
  return caseSensitive ? k : k.toLowerCase();
}

interface TrieNode {
  end: boolean;
  next: Map<string, TrieNode>;
}

function trieSource(node: TrieNode): string {
  const branches = [...node.next].map(([ch, child]) => (ch === SPACE ? '\\s+' : escapeChar(ch)) + trieSource(child));
  if (branches.length === 0) return '';
  const alternation = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
  // A term ending here that longer terms continue: the longer ones are tried first (greedy), then this one.
  return node.end ? `(?:${alternation})?` : alternation;
}

/** One combined expression for the terms of one case mode, or undefined when there are none. */
function combined(terms: readonly GlossaryEntry[], caseSensitive: boolean): RegExp | undefined {
  const root: TrieNode = { end: false, next: new Map() };
  for (const t of terms) {
    const chars = tokens(t.source, caseSensitive);
    if (chars.length === 0) continue;
    let node = root;
    for (const ch of chars) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { end: false, next: new Map() }));
      node = child;
    }
    node.end = true;
  }
  if (root.next.size === 0) return undefined;
  return new RegExp(`${BEFORE}${trieSource(root)}${AFTER}`, caseSensitive ? 'gu' : 'giu');
}

/** A phrase found on whole words (for the translation side: one term's approved translation or forbidden variant). */
function phraseExpression(phrase: string, caseSensitive: boolean): RegExp | undefined {
  const chars = tokens(phrase, true);
  if (chars.length === 0) return undefined;
  const body = chars.map((ch) => (ch === SPACE ? '\\s+' : escapeChar(ch))).join('');
  return new RegExp(`${BEFORE}${body}${AFTER}`, caseSensitive ? 'u' : 'iu');
}

/** The text matched against: what a viewer reads, NFC. */
export function matchableText(text: string): string {
  return plainText(text).normalize('NFC');
}

export class Glossary {
  private readonly byKey = new Map<string, GlossaryEntry>();
  private readonly matchers: { re: RegExp; caseSensitive: boolean }[] = [];
  private readonly phrases = new Map<string, RegExp | undefined>();

  constructor(readonly terms: readonly GlossaryEntry[]) {
    for (const caseSensitive of [false, true]) {
      const own = terms.filter((t) => t.caseSensitive === caseSensitive);
      for (const t of own)
        this.byKey.set(`${caseSensitive ? 's' : 'i'}:${lookupKey(t.source.normalize('NFC').trim(), caseSensitive)}`, t);
      const re = combined(own, caseSensitive);
      if (re) this.matchers.push({ re, caseSensitive });
    }
  }

  get size(): number {
    return this.terms.length;
  }

  /**
   * The terms found in a text already made matchable (`matchableText`), in order; where a case-sensitive and a
   * case-ignoring term overlap, the one starting first (then the longer) is kept.
   */
  hitsIn(plain: string): TermHit[] {
    const hits: TermHit[] = [];
    for (const { re, caseSensitive } of this.matchers) {
      re.lastIndex = 0;
      for (let m = re.exec(plain); m !== null; m = re.exec(plain)) {
        const term = this.byKey.get(`${caseSensitive ? 's' : 'i'}:${lookupKey(m[0], caseSensitive)}`);
        if (term) hits.push({ term, start: m.index, end: m.index + m[0].length });
      }
    }
    if (this.matchers.length < 2) return hits;
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept: TermHit[] = [];
    for (const h of hits) if (kept.length === 0 || h.start >= kept[kept.length - 1]!.end) kept.push(h);
    return kept;
  }

  /** The distinct terms of a line's text (markup allowed), in order of first appearance. */
  termsIn(text: string): GlossaryEntry[] {
    if (this.matchers.length === 0) return [];
    return [...new Set(this.hitsIn(matchableText(text)).map((h) => h.term))];
  }

  /** Whether a matchable text holds the phrase on whole words (one expression per phrase, kept). */
  holds(plain: string, phrase: string, caseSensitive: boolean): boolean {
    const key = `${caseSensitive ? 's' : 'i'}:${phrase}`;
    let re = this.phrases.get(key);
    if (!this.phrases.has(key)) this.phrases.set(key, (re = phraseExpression(phrase, caseSensitive)));
    return re !== undefined && re.test(plain);
  }
}

/** What a line's translation does with a term of its original. */
export type TermUse =
  | { kind: 'ok'; term: GlossaryEntry }
  | { kind: 'missing'; term: GlossaryEntry }
  | { kind: 'forbidden'; term: GlossaryEntry; variant: string };

/** Each term of the original, and whether the translation uses its approved translation, or a forbidden variant. */
export function termUses(glossary: Glossary, original: string, translation: string): TermUse[] {
  const terms = glossary.termsIn(original);
  if (terms.length === 0) return [];
  const plain = matchableText(translation);
  return terms.map((term): TermUse => {
    const variant = term.forbidden.find((v) => glossary.holds(plain, v, term.caseSensitive));
    if (variant !== undefined) return { kind: 'forbidden', term, variant };
    return glossary.holds(plain, term.translation, term.caseSensitive)
      ? { kind: 'ok', term }
      : { kind: 'missing', term };
  });
}

/** The first term of the original the translation does not get right (missing or forbidden): what Insert offers. */
export function termToInsert(glossary: Glossary, original: string, translation: string): GlossaryEntry | undefined {
  return termUses(glossary, original, translation).find((u) => u.kind !== 'ok')?.term;
}

const WORD_AT = /[\p{L}\p{M}\p{N}]/u;

/**
 * The text with `insert` put in place of the selection (`start`–`end`), a space added where it would touch a word,
 * and the caret after it.
 */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const s = Math.max(0, Math.min(start, end, text.length));
  const e = Math.min(text.length, Math.max(start, end, s));
  const before = s > 0 && WORD_AT.test(text[s - 1]!) ? ' ' : '';
  const after = e < text.length && WORD_AT.test(text[e]!) ? ' ' : '';
  const piece = `${before}${insert}${after}`;
  return { text: text.slice(0, s) + piece + text.slice(e), caret: s + before.length + insert.length };
}

/**
 * The text with the first whole-word occurrence of a forbidden `variant` (the term's case rule) replaced by the
 * approved `translation` where it stands, and the caret after it; undefined when the text does not hold it.
 */
export function replaceVariant(
  text: string,
  variant: string,
  translation: string,
  caseSensitive: boolean,
): { text: string; caret: number } | undefined {
  const found = phraseExpression(variant.normalize('NFC'), caseSensitive)?.exec(text.normalize('NFC'));
  if (!found) return undefined;
  const at = found.index;
  const nfc = text.normalize('NFC');
  return { text: nfc.slice(0, at) + translation + nfc.slice(at + found[0].length), caret: at + translation.length };
}
