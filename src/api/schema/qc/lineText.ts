/**
 * A subtitle line's text as a viewer reads it, for the quality checks (shared by the editor and the server's submit
 * check, docs/API.md "Delivery specifications"): the text may hold formatting tags (<b>, <i>, <u>, <br>) and `\n`
 * line breaks; these helpers work on the raw string without a DOM.
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
