/**
 * Line text: it may hold formatting tags (<b>, <i>, <u>, <br>) and `\n` line breaks. These helpers work on the
 * raw string without a DOM (sanitizing for display is done with DOMPurify in the components).
 */

const TAG = /<\/?[a-z][^>]*>/gi;
const BR = /<br\s*\/?>/gi;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * A function of a line's text, computed once per text: each check of a line reads its text (and its original's)
 * several times, and opening a translation checks every line two or three times (the originals and the glossary
 * arrive after the lines). Each cache is cleared whole when full, so it stays a few megabytes at most.
 */
function oncePerText<T>(compute: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      value = compute(text);
      if (kept.size >= TEXTS_KEPT) kept.clear();
      kept.set(text, value);
    }
    return value;
  };
}
const TEXTS_KEPT = 20_000;

/** The text a viewer reads: tags removed, `<br>` as a line break, the common entities decoded. */
export const plainText = oncePerText((text) =>
  text
    .replace(BR, '\n')
    .replace(TAG, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\r\n?/g, '\n'),
);

/** The rows of a subtitle as shown (tags removed), without trailing empty rows. */
export function visibleRows(text: string): string[] {
  const rows = plainText(text).split('\n');
  while (rows.length > 1 && rows[rows.length - 1]!.trim() === '') rows.pop();
  return rows;
}

/** Characters a viewer reads, for reading speed: tags and line breaks not counted. */
export function readableLength(text: string): number {
  return [...plainText(text).replace(/\n/g, '')].length;
}

const VISIBLE = /\S/;

/** True when the line carries no visible text (`\s` is the same set of characters as `trim` removes). */
export function isBlank(text: string): boolean {
  return !VISIBLE.test(plainText(text));
}

/** Normalized for comparison with the original: tags gone, whitespace collapsed. */
export const comparable = oncePerText((text) => plainText(text).replace(/\s+/g, ' ').trim().toLowerCase());

export type FormatTag = 'b' | 'i' | 'u';

export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Wraps the selection in `<tag>…</tag>`; when the selection is exactly wrapped already (tags inside or just
 * outside it), unwraps it. With no selection, wraps the whole text.
 */
export function toggleTag(text: string, start: number, end: number, tag: FormatTag): TextEdit {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  let s = Math.max(0, Math.min(start, end));
  let e = Math.min(text.length, Math.max(start, end));
  if (s === e) {
    s = 0;
    e = text.length;
  }
  const selected = text.slice(s, e);
  if (selected.startsWith(open) && selected.endsWith(close) && selected.length >= open.length + close.length) {
    const inner = selected.slice(open.length, selected.length - close.length);
    return { text: text.slice(0, s) + inner + text.slice(e), selectionStart: s, selectionEnd: s + inner.length };
  }
  if (text.slice(Math.max(0, s - open.length), s) === open && text.slice(e, e + close.length) === close) {
    const before = s - open.length;
    return {
      text: text.slice(0, before) + selected + text.slice(e + close.length),
      selectionStart: before,
      selectionEnd: before + selected.length,
    };
  }
  return {
    text: text.slice(0, s) + open + selected + close + text.slice(e),
    selectionStart: s + open.length,
    selectionEnd: s + open.length + selected.length,
  };
}
