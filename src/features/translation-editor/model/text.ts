/**
 * Line text: it may hold formatting tags (<b>, <i>, <u>, <br>) and `\n` line breaks. These helpers work on the
 * raw string without a DOM (sanitizing for display is done with DOMPurify in the components).
 */

export { plainText, visibleRows, readableLength, isBlank, comparable } from '../../../api/schema/qc/lineText';

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
