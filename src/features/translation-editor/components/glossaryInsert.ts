/**
 * Inserting a glossary term's approved translation into a line (the glossary bar's Insert, the `insert-term` key):
 * at the line's cursor (its selection replaced), else at the end. One undo step.
 */
import type { EditorDocument } from '../model/editorDocument';
import { insertAt, termToInsert } from '../model/glossary';

/** The line's text field, when rendered (LineRow's id). */
function textFieldOf(idBase: string, rowKey: number): HTMLTextAreaElement | undefined {
  const el = document.getElementById(`${idBase}-text-${rowKey}`);
  return el instanceof HTMLTextAreaElement ? el : undefined;
}

/**
 * Puts `insert` (or, without it, the first term of the line not yet right) into line `index`; answers the caret
 * after it, or a sentence saying why nothing was inserted.
 */
export function insertGlossaryTerm(
  doc: EditorDocument,
  idBase: string,
  index: number,
  insert: string | undefined,
): { caret: number; inserted: string } | { reason: string } {
  const row = doc.row(index);
  if (!row) return { reason: 'No line to insert into.' };
  const text = row.line.text ?? '';
  let piece = insert;
  if (piece === undefined) {
    const original = doc.originalOf(row.line);
    const term = doc.glossary && original !== undefined ? termToInsert(doc.glossary, original, text) : undefined;
    if (!term) return { reason: `Line ${index + 1}: no glossary term to insert.` };
    piece = term.translation;
  }
  const field = textFieldOf(idBase, row.key);
  const [start, end] =
    field && field.value === text ? [field.selectionStart, field.selectionEnd] : [text.length, text.length];
  const edit = insertAt(text, start, end, piece);
  doc.setText(index, edit.text);
  doc.seal();
  return { caret: edit.caret, inserted: piece };
}
