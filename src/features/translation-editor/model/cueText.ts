/**
 * The text of a cue, read once into pieces (text, line breaks, b/i/u tags) and written back in each form it takes:
 * the editor's line text, SRT and WebVTT.
 *
 * Reading, in one pass, in time linear in the text (no regular expression; every look-ahead for a closing `>` or
 * `}` goes through {@link NextIndex}, which never scans the same characters twice):
 * - <b>, <i>, <u> are kept (their classes and annotations dropped); <br> is a line break; any other tag (<font>,
 *   VTT <c.x>, <v Anna>, <ruby>, <rt>, …) is dropped with its content kept; `<00:00:35.000>` timestamp tags are
 *   dropped; a `<` that starts no tag, or whose `>` is not on the same row, is text;
 * - `{\…}` override blocks (SRT's ASS tags) are dropped; `{\an7}`..`{\an9}` (and SSA's `{\a5}`..`{\a7}`) mean
 *   "top"; a `{\` with no `}` after it is text;
 * - character references (`&amp;`, `&lrm;`, `&#x202B;`, …, see characterReferences.ts) become their characters;
 *   an unknown one is text.
 *
 * Line text (what the editor stores and shows with SafeText) is the same small markup: b/i/u tags are formatting,
 * so a literal `<` is written `&lt;` where it would read as a tag and a literal `&` is written `&amp;` where it
 * would read as a reference; everywhere else they are themselves (`1 < 2`, `A & B`, `<3`).
 */
import { referencedCharacter } from './characterReferences';

export type Piece = { text: string } | { tag: 'b' | 'i' | 'u'; close: boolean };

export interface ReadCueText {
  pieces: Piece[];
  /** An override block asked for the top of the picture. */
  top: boolean;
  /** The most tags (of any name) open inside one another at once. */
  depth: number;
}

/** Work done, for the test that the reading stays linear: one step per character looked at. */
export interface ScanStats {
  steps: number;
}

/**
 * The next index of a character at or after a position, for positions that never go back: each search starts past
 * the previous find, so the text is looked at once in all.
 */
class NextIndex {
  private found = -1;
  private exhausted = false;
  constructor(
    private readonly text: string,
    private readonly char: string,
    private readonly stats: ScanStats | undefined,
  ) {}

  from(position: number): number {
    if (this.found >= position) return this.found;
    if (this.exhausted) return -1;
    this.found = this.text.indexOf(this.char, position);
    if (this.found === -1) this.exhausted = true;
    if (this.stats) this.stats.steps += (this.found === -1 ? this.text.length : this.found + 1) - position;
    return this.found;
  }
}

const KEEP = new Set(['b', 'i', 'u']);
/** Characters at which readCueText looks for markup; text between them is taken whole. */
const STARTS_MARKUP = new Set(['<', '{', '&']);

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isNameChar(c: string | undefined): boolean {
  return isLetter(c) || isDigit(c);
}

/** Index after the body of a reference starting at `&` (at `from`) when it is `&body;` with a known body, else -1. */
function referenceEnd(raw: string, from: number): { end: number; char: string } | undefined {
  let j = from + 1;
  if (raw[j] === '#') j++;
  const bodyStart = from + 1;
  // Names are short: looking at most 32 characters ahead keeps this bounded whatever the text.
  while (j < raw.length && j - bodyStart < 32 && isNameChar(raw[j])) j++;
  if (raw[j] !== ';' || j === bodyStart) return undefined;
  const char = referencedCharacter(raw.slice(bodyStart, j));
  return char === undefined ? undefined : { end: j + 1, char };
}

function overrideMeansTop(block: string): boolean {
  // `\an7`..`\an9` (numpad layout, top row) or SSA's `\a5`..`\a7` (5-7 are the top row there).
  for (let k = block.indexOf('\\a'); k >= 0; k = block.indexOf('\\a', k + 2)) {
    const a = block[k + 2];
    const b = block[k + 3];
    if (a === 'n' && (b === '7' || b === '8' || b === '9') && !isDigit(block[k + 4])) return true;
    if ((a === '5' || a === '6' || a === '7') && !isDigit(b)) return true;
  }
  return false;
}

/**
 * How a `<` is read. `vtt`: as the WebVTT cue text tokenizer does, every `<` starts a tag that runs to the next `>`
 * or the end of the text. `lenient` (SRT and line text): a `<` starts a tag only when a letter (or `/` and a letter)
 * follows and its `>` is on the same row, or when it is a `<00:00:35.000>` timestamp; otherwise it is text.
 */
export type TagSyntax = 'vtt' | 'lenient';

/** Tags as they nest: an end tag closes the innermost open tag of its name only, open b/i/u close at the end. */
class TagStack {
  private readonly open: string[] = [];
  deepest = 0;
  constructor(private readonly pieces: Piece[]) {}

  start(name: string): void {
    this.open.push(name);
    this.deepest = Math.max(this.deepest, this.open.length);
    if (KEEP.has(name)) this.pieces.push({ tag: name as 'b' | 'i' | 'u', close: false });
  }

  end(name: string): void {
    if (this.open[this.open.length - 1] !== name) return;
    this.open.pop();
    if (KEEP.has(name)) this.pieces.push({ tag: name as 'b' | 'i' | 'u', close: true });
  }

  closeAll(): void {
    while (this.open.length > 0) this.end(this.open[this.open.length - 1]!);
  }
}

/** The tag of `<…>` text (without the brackets): its lower-case name and whether it is an end tag. */
function tagOf(inside: string): { name: string; close: boolean } {
  const close = inside.startsWith('/');
  let end = close ? 1 : 0;
  while (end < inside.length && isNameChar(inside[end])) end++;
  return { name: inside.slice(close ? 1 : 0, end).toLowerCase(), close };
}

/** Reads a cue's raw text (as in the file, or line text) into pieces, tags balanced. */
export function readCueText(raw: string, syntax: TagSyntax = 'lenient', stats?: ScanStats): ReadCueText {
  const pieces: Piece[] = [];
  const tags = new TagStack(pieces);
  let top = false;
  let buffer = '';
  const gt = new NextIndex(raw, '>', stats);
  const newline = new NextIndex(raw, '\n', stats);
  const brace = new NextIndex(raw, '}', stats);
  const flush = () => {
    if (buffer !== '') pieces.push({ text: buffer });
    buffer = '';
  };
  const tag = (inside: string) => {
    const { name, close } = tagOf(inside);
    if (name === 'br') {
      buffer += '\n';
      return;
    }
    flush();
    if (close) tags.end(name);
    else if (name !== '' && !isDigit(name[0])) tags.start(name);
  };
  let i = 0;
  while (i < raw.length) {
    if (stats) stats.steps++;
    const c = raw[i]!;
    if (c === '<' && syntax === 'vtt') {
      const end = gt.from(i + 1);
      const stop = end < 0 ? raw.length : end;
      tag(raw.slice(i + 1, stop));
      if (stats) stats.steps += stop - i;
      i = stop + 1;
      continue;
    }
    if (c === '<') {
      const close = raw[i + 1] === '/';
      const nameStart = i + (close ? 2 : 1);
      if (isLetter(raw[nameStart])) {
        const end = gt.from(nameStart);
        const rowEnd = newline.from(nameStart);
        if (end >= 0 && (rowEnd < 0 || end < rowEnd)) {
          tag(raw.slice(i + 1, end));
          i = end + 1;
          continue;
        }
      } else if (!close && isDigit(raw[i + 1])) {
        let j = i + 1;
        while (isDigit(raw[j]) || raw[j] === ':' || raw[j] === '.') j++;
        if (raw[j] === '>') {
          i = j + 1;
          continue;
        }
      }
    } else if (c === '{' && raw[i + 1] === '\\') {
      const end = brace.from(i + 2);
      if (end >= 0) {
        if (overrideMeansTop(raw.slice(i + 1, end))) top = true;
        i = end + 1;
        continue;
      }
    } else if (c === '&') {
      const ref = referenceEnd(raw, i);
      if (ref) {
        buffer += ref.char;
        i = ref.end;
        continue;
      }
    }
    // Text up to the next character that may start markup, in one piece.
    let end = i + 1;
    while (end < raw.length && !STARTS_MARKUP.has(raw[end]!)) end++;
    if (stats) stats.steps += end - i - 1;
    buffer += raw.slice(i, end);
    i = end;
  }
  flush();
  tags.closeAll();
  return { pieces, top, depth: tags.deepest };
}

/** Drops trailing spaces and tabs of each row, empty rows (a file cannot hold them) and leading blanks. */
function tidyRows(text: string): string {
  const rows: string[] = [];
  for (const row of text.split('\n')) {
    let end = row.length;
    while (end > 0 && (row[end - 1] === ' ' || row[end - 1] === '\t')) end--;
    if (end > 0) rows.push(row.slice(0, end));
  }
  const joined = rows.join('\n');
  let start = 0;
  while (joined[start] === ' ' || joined[start] === '\t') start++;
  return joined.slice(start);
}

/**
 * True when a `<` at `i` could be read as a tag: followed by a letter, a `/`, or digits, `:` and `.` up to a `>`.
 * (Wider than what readCueText takes for a tag, which also wants the `>` on the same row, so escaping by it is safe
 * whatever follows.)
 */
function mayReadAsTag(text: string, i: number): boolean {
  const next = text[i + 1];
  if (isLetter(next) || next === '/') return true;
  let j = i + 1;
  while (isDigit(text[j]) || text[j] === ':' || text[j] === '.') j++;
  return j > i + 1 && text[j] === '>';
}

/** Escapes for line text and SRT: only where a `<` or `&` would otherwise read as markup. */
function escapeMinimal(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '<') out += mayReadAsTag(text, i) ? '&lt;' : '<';
    else if (c === '&') out += referenceEnd(text, i) ? '&amp;' : '&';
    else out += c;
  }
  return out;
}

/** Escapes for WebVTT, where every `&` and `<` is markup. */
function escapeVtt(text: string): string {
  let out = '';
  for (const c of text) out += c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c;
  return out;
}

function write(pieces: readonly Piece[], escape: (text: string) => string): string {
  let out = '';
  for (const piece of pieces) {
    if ('text' in piece) out += escape(piece.text);
    else out += piece.close ? `</${piece.tag}>` : `<${piece.tag}>`;
  }
  return tidyRows(out);
}

export function toLineText(pieces: readonly Piece[]): string {
  return write(pieces, escapeMinimal);
}

export function toSrtText(pieces: readonly Piece[]): string {
  return write(pieces, escapeMinimal);
}

export function toVttText(pieces: readonly Piece[]): string {
  return write(pieces, escapeVtt);
}
